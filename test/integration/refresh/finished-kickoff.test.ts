/**
 * A kick-off for every match (issue 47): a match first seen finished — today's over before Placar
 * started, every match of yesterday — gets the kick-off of its page's date line once a scrape has
 * read that page, as a match first seen under way does, and is ordered by it. The fake upstream
 * serves a page for every listed match, as the upstream keeps one with its date line and time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixtureSite, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { parseConfig } from '../../../src/lib/config/config.ts';
import { LISTING_PATHS, type Match, type Snapshot } from '../../../src/lib/model/model.ts';
import { readDetailRecords } from '../../../src/lib/store/scraped/detail-store.ts';
import { runScrape } from '../../../src/refresh/scrape/scrape.ts';
import { parseListingPage } from '../../../src/upstream/listing/parse-listing.ts';
import { readMatchPage } from '../../../src/upstream/match-page/parse-match-page.ts';

const site = readFixtureSite();
const TODAY_FINISHED = 'brasileirao-serie-a/21-11-2026-athletico-pr-x-vasco-da-gama';
const YESTERDAY_FINISHED = 'campeonato-portugues/20-11-2026-benfica-x-porto';
const T0 = Date.parse('2026-11-21T22:10:00-03:00');
/** Scrapes a minute apart, at most: each reads the match pages the per-minute budget allows. */
const MAX_SCRAPES = 12;

let upstream: FakeUpstream;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-finished-kickoff-'));

beforeAll(async () => {
  upstream = await startFakeUpstream({ pages: site });
});
afterAll(async () => {
  await upstream?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The kick-off the match's own page (as served) gives. */
function pageKickoff(id: string): string | null {
  return readMatchPage(site[`/${id}.html`] ?? '', `${upstream.url}/${id}.html`).facts.kickoff;
}

const find = (snapshot: Snapshot, id: string): Match | undefined =>
  [...snapshot.hoje.matches, ...snapshot.ontem.matches].find((match) => match.id === id);

describe('a match first seen finished', () => {
  it('gets the kick-off of its page once the page is read, and is ordered by it', async () => {
    const config = parseConfig({ UPSTREAM_URL: upstream.url, DATA_DIR: dataDir, REQUEST_TIMEOUT_MS: '2000' });
    let { snapshot } = await runScrape(config, { now: () => new Date(T0) });
    const finished = [...snapshot.hoje.matches, ...snapshot.ontem.matches].filter((m) => m.status === 'FINISHED');
    expect(finished.map((m) => m.id)).toEqual(expect.arrayContaining([TODAY_FINISHED, YESTERDAY_FINISHED]));
    // Never seen scheduled: the listings show no time for them.
    const listed = [LISTING_PATHS.hoje, LISTING_PATHS.ontem].flatMap((page) =>
      parseListingPage(site[page] ?? '', `${upstream.url}${page}`),
    );
    for (const { id } of finished) expect(listed.find((m) => m.id === id)?.kickoff, id).toBe(null);

    const read = (id: string): boolean => (readDetailRecords(dataDir).records.get(id)?.facts ?? null) !== null;
    for (let scrape = 1; scrape < MAX_SCRAPES && !finished.every((m) => read(m.id)); scrape++)
      ({ snapshot } = await runScrape(config, { now: () => new Date(T0 + scrape * 60_000) }));

    for (const { id } of finished) {
      const kickoff = pageKickoff(id);
      expect(kickoff, `${id}: the page's date line has a time`).toMatch(/^2026-11-2\dT\d{2}:\d{2}:00-03:00$/);
      expect(find(snapshot, id)?.kickoff, id).toBe(kickoff);
    }
    // Yesterday's finished matches, each competition's by the kick-offs their pages gave.
    for (const slug of new Set(snapshot.ontem.matches.map((m) => m.competition.slug))) {
      const times = snapshot.ontem.matches
        .filter((m) => m.competition.slug === slug && m.status === 'FINISHED')
        .map((m) => Date.parse(m.kickoff ?? ''));
      expect(times, slug).toEqual([...times].sort((a, b) => a - b));
    }
  });
});
