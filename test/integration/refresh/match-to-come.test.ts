/**
 * A match to come has its channels before kick-off (issue 50): real refreshes against the stand-in
 * upstream (real HTTP on 127.0.0.1) read the page of a scheduled match of today and of tomorrow, and
 * its "Onde assistir" reaches /api/jogo/{id} and /jogo/{id} while the match is still to start —
 * without a score, an event or a status the listing does not give.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBroadcasts, writeBroadcastsText } from '../../../src/demo/demo-broadcasts.ts';
import { readFixtureSite, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { parseConfig } from '../../../src/lib/config/config.ts';
import type { MatchDetailEnvelope } from '../../../src/lib/model/model.ts';
import { buildClientDir } from '../../../src/lib/store/builds/build-layout.ts';
import { readKeptEvents } from '../../../src/lib/store/scraped/event-store.ts';
import { runRefresh, type RefreshReport } from '../../../src/refresh/refresh.ts';
import { copySharedSiteBundle } from '../../../harness/shared-site-bundle.ts';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';

/** 18:00 in São Paulo on the samples' day: both matches are still to start. */
const T0 = Date.parse('2026-11-21T18:00:00-03:00');
/** Today at 21:30 (the hoje listing) and tomorrow at 16:00 (the amanha listing). */
const TODAY = 'brasileirao-serie-a/21-11-2026-atletico-mg-x-red-bull-bragantino';
const TOMORROW = 'brasileirao-serie-a/22-11-2026-botafogo-x-fluminense';
/** Refreshes a minute apart, at most: the budget is shared with the started matches read first. */
const MAX_REFRESHES = 5;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-match-to-come-'));
let upstream: FakeUpstream;
const reports: RefreshReport[] = [];

const jsonOf = (report: RefreshReport, id: string): MatchDetailEnvelope =>
  JSON.parse(
    fs.readFileSync(path.join(buildClientDir(dataDir, report.buildId ?? ''), 'api', 'jogo', id), 'utf8'),
  ) as MatchDetailEnvelope;

beforeAll(async () => {
  upstream = await startFakeUpstream({ pages: readFixtureSite() });
  copySharedSiteBundle(dataDir, PROJECT_ROOT);
  const config = parseConfig({ UPSTREAM_URL: upstream.url, DATA_DIR: dataDir, REQUEST_TIMEOUT_MS: '5000' });
  for (let run = 0; run < MAX_REFRESHES; run += 1) {
    const now = () => new Date(T0 + run * 61_000);
    const report = await runRefresh(config, { projectRoot: PROJECT_ROOT, log: () => undefined, now });
    expect(report.error).toBeNull();
    reports.push(report);
    if ([TODAY, TOMORROW].every((id) => jsonOf(report, id).detail !== null)) break;
  }
}, 300_000);

afterAll(async () => {
  await upstream?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a match to come', () => {
  it("has today's and tomorrow's channels in /api/jogo/{id} before kick-off, and no score", () => {
    const last = reports.at(-1) as RefreshReport;
    for (const id of [TODAY, TOMORROW]) {
      const envelope = jsonOf(last, id);
      expect(envelope.match.status, id).toBe('SCHEDULED');
      expect(envelope.match.score, id).toEqual({ home: null, away: null, penalties: null });
      expect(envelope.detail?.broadcasts, id).toEqual(demoBroadcasts(1, `/${id}.html`));
      expect(envelope.detail?.broadcasts.length, id).toBeGreaterThan(0);
      expect(envelope.detail?.goals, id).toEqual([]);
      expect(Date.parse(envelope.generatedAt ?? ''), id).toBeLessThan(Date.parse(envelope.match.kickoff ?? ''));
    }
  });

  it('shows them as "Onde assistir" on /jogo/{id}, and raises no event for a page read before the start', () => {
    const last = reports.at(-1) as RefreshReport;
    const html = fs.readFileSync(
      path.join(buildClientDir(dataDir, last.buildId ?? ''), 'jogo', `${TODAY}.html`),
      'utf8',
    );
    const $ = cheerio.load(html);
    const section = $('[data-section="broadcasts"]');
    expect(section.attr('hidden')).toBeUndefined();
    const channels = demoBroadcasts(1, `/${TODAY}.html`).map((broadcast) => writeBroadcastsText([broadcast]));
    expect(
      section
        .find('li')
        .toArray()
        .map((item) => $(item).text()),
    ).toEqual(channels);
    const events = readKeptEvents(dataDir).events.filter((event) => [TODAY, TOMORROW].includes(event.match.id));
    expect(events).toEqual([]);
  });
});
