/**
 * The team-page step of a scrape against the loopback upstream (src/refresh/team-pages/, issue 50 §2): over
 * simulated hours with failures, the match, competition and team pages together never pass
 * DETAIL_REQUESTS_PER_MINUTE in any 60 s; each team's pages are read at most once per TEAM_PAGE_INTERVAL_HOURS
 * (retried sooner only after a failure); a team no listing names is never asked for; followed teams go first,
 * then today's; a failing page keeps the last good read; a 429 pauses them with the others; a full disk does not
 * make a team read again at every refresh.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixtureTeamPages } from '../../../src/demo/demo-team-pages.ts';
import { readFixtureSite, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { parseConfig } from '../../../src/lib/config/config.ts';
import { LISTING_PATHS, type Match } from '../../../src/lib/model/model.ts';
import { saoPauloDate } from '../../../src/lib/model/time.ts';
import { writePushSubscription } from '../../../src/lib/store/push/push-subscriptions.ts';
import { writeArchiveIndex, writeDayListing } from '../../../src/lib/store/scraped/archive-store.ts';
import { readDetailSchedule } from '../../../src/lib/store/scraped/detail-store.ts';
import { readTeamPageRecord, readTeamPageRecords } from '../../../src/lib/store/scraped/team-page-store.ts';
import { runScrape } from '../../../src/refresh/scrape/scrape.ts';
import { runTeamPagesRefresh } from '../../../src/refresh/team-pages/fetch-team-pages.ts';
import { createUpstreamAgent } from '../../../src/upstream/fetch/fetch-page.ts';
import { parseListingPage } from '../../../src/upstream/listing/parse-listing.ts';
import { fillDisk, mountTmpfs, unmountTmpfs } from '../../support/data-dir/tmpfs.ts';
import { buildSampleMatch } from '../../support/samples/sample-match.ts';

const SITE = readFixtureSite();
const LISTINGS = Object.fromEntries(Object.values(LISTING_PATHS).map((p) => [p, SITE[p] ?? '']));
const TEAM_PAGES = fixtureTeamPages(LISTINGS);
const GHOST = '/time/time-fantasma/proximos-jogos';
/** A team only a kept day names. */
const ARCHIVED = 'time-arquivado';
const T0 = Date.parse('2026-11-21T19:40:00-03:00');
const at = (seconds: number) => () => new Date(T0 + seconds * 1000);
const HOUR = 3600;
const TEAM_PAGE = /^\/time\/([^/]+)\/(proximos-jogos|ultimos-jogos)$/;

let upstream: FakeUpstream;
const dirs: string[] = [];

beforeAll(async () => {
  upstream = await startFakeUpstream({
    pages: {
      ...SITE,
      ...TEAM_PAGES,
      [GHOST]: Object.values(TEAM_PAGES)[0] ?? '',
      [`/time/${ARCHIVED}/proximos-jogos`]: Object.values(TEAM_PAGES)[0] ?? '',
      [`/time/${ARCHIVED}/ultimos-jogos`]: Object.values(TEAM_PAGES)[1] ?? '',
    },
  });
});
afterAll(async () => {
  await upstream?.close();
});
afterEach(() => {
  upstream.setFault(TEAM_PAGE, null);
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function configFor(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-team-pages-'));
  dirs.push(dataDir);
  return parseConfig({ UPSTREAM_URL: upstream.url, DATA_DIR: dataDir, REQUEST_TIMEOUT_MS: '2000', ...env });
}

/** Every listing match of the samples, each once (what the scrape hands the step). */
function listedMatches(): Match[] {
  const byId = new Map<string, Match>();
  for (const [listingPath, html] of Object.entries(LISTINGS))
    for (const match of parseListingPage(html, `${upstream.url}${listingPath}`))
      if (!byId.has(match.id)) byId.set(match.id, match);
  return [...byId.values()];
}

const slugOfRequest = (requestPath: string): string | null => TEAM_PAGE.exec(requestPath)?.[1] ?? null;
const isBudgeted = (requestPath: string): boolean =>
  !Object.values(LISTING_PATHS).includes(requestPath as never) && !requestPath.startsWith('/escudos/');

describe('team pages in a scrape', () => {
  it('over simulated hours with failures: within the budget in any 60 s, each team at most once an interval, only named teams', async () => {
    const config = configFor({ DETAIL_REQUESTS_PER_MINUTE: '20', TEAM_PAGE_INTERVAL_HOURS: '1' });
    const failing = 'flamengo';
    /** Each scrape's simulated instant and the budgeted requests it sent. */
    const sent: { at: number; paths: string[] }[] = [];
    for (let seconds = 0; seconds <= 3 * HOUR; seconds += 30) {
      // One team's upcoming page fails from the second simulated hour to 1h30.
      const failingNow = seconds >= HOUR && seconds < 1.5 * HOUR;
      upstream.setFault(`/time/${failing}/proximos-jogos`, failingNow ? { kind: 'status', status: 500 } : null);
      const since = upstream.requests.length;
      await runScrape(config, { now: at(seconds) });
      const paths = upstream.requests
        .slice(since)
        .map((r) => r.path)
        .filter(isBudgeted);
      sent.push({ at: seconds, paths });
    }
    // Match, competition and team pages together: never more than 20 in any 60 s.
    for (const { at: end } of sent) {
      const inWindow = sent.filter((s) => s.at > end - 60 && s.at <= end).flatMap((s) => s.paths);
      expect(inWindow.length, `window ending at ${end}s`).toBeLessThanOrEqual(20);
    }
    const teamRequests = sent.flatMap((s) => s.paths.filter((p) => TEAM_PAGE.test(p)).map((p) => ({ at: s.at, p })));
    expect(teamRequests.length).toBeGreaterThan(0);
    // Only teams a listing names; never the page of one no listing names.
    const named = new Set(listedMatches().flatMap((m) => [m.homeTeam.slug, m.awayTeam.slug]));
    for (const { p } of teamRequests) expect(named.has(slugOfRequest(p)), p).toBe(true);
    expect(teamRequests.map((r) => r.p)).not.toContain(GHOST);
    // A team that never failed: each page again only after the interval.
    const byPage = Map.groupBy(teamRequests, (r) => r.p);
    let readTwice = 0;
    for (const [page, requests] of byPage) {
      if (slugOfRequest(page) === failing) continue;
      for (let i = 1; i < requests.length; i += 1)
        expect((requests[i]?.at ?? 0) - (requests[i - 1]?.at ?? 0), page).toBeGreaterThanOrEqual(HOUR);
      if (requests.length > 1) readTwice += 1;
    }
    expect(readTwice).toBeGreaterThan(0);
    // The failing team was retried with back-off, and its last good read was kept through the failures.
    const failingRequests = byPage.get(`/time/${failing}/proximos-jogos`) ?? [];
    const duringFault = failingRequests.filter((r) => r.at >= HOUR && r.at < 1.5 * HOUR);
    expect(duringFault.length).toBeGreaterThan(0);
    expect(failingRequests.some((r) => r.at >= 1.5 * HOUR)).toBe(true);
    const record = readTeamPageRecord(config.dataDir, failing);
    expect(record?.pages?.next.length).toBeGreaterThan(0);
    expect(record?.fetch.failures).toBe(0);
  });

  it('keeps the last good read through a failing page, and counts the failure', async () => {
    // Room for every team of the samples at once.
    const config = configFor({ DETAIL_REQUESTS_PER_MINUTE: '2000' });
    const matches = listedMatches();
    const dispatcher = createUpstreamAgent(2_000);
    let failing: string | null = null;
    try {
      await runTeamPagesRefresh({ config, dispatcher, now: at(0), matches });
      const good = readTeamPageRecords(config.dataDir);
      expect(good.size).toBeGreaterThan(10);
      const [slug, before] = [...good].find(([, r]) => (r.pages?.next.length ?? 0) > 0) ?? [];
      expect(before?.readAt).toBe('2026-11-21T19:40:00-03:00');
      failing = `/time/${slug}/ultimos-jogos`;
      upstream.setFault(failing, { kind: 'status', status: 500 });
      await runTeamPagesRefresh({ config, dispatcher, now: at(7 * HOUR), matches });
      const after = readTeamPageRecord(config.dataDir, slug ?? '');
      expect(after?.pages).toStrictEqual(before?.pages);
      expect(after?.readAt).toBe(before?.readAt);
      expect(after?.fetch).toMatchObject({ failures: 1, lastError: expect.stringMatching(/500/) });
      // The others were read again, conditionally (304: their matches stand).
      const other = [...readTeamPageRecords(config.dataDir).values()].find((r) => r.slug !== slug);
      expect(other?.readAt).toBe('2026-11-22T02:40:00-03:00');
      expect(other?.pages).toStrictEqual(good.get(other?.slug ?? '')?.pages);
    } finally {
      if (failing !== null) upstream.setFault(failing, null);
      await dispatcher.close();
    }
  });

  it('reads followed teams first, then those playing today, then the rest', async () => {
    const matches = listedMatches();
    const today = saoPauloDate(new Date(T0));
    const playsToday = new Set(
      matches.filter((m) => m.date === today).flatMap((m) => [m.homeTeam.slug, m.awayTeam.slug]),
    );
    const other = matches.find((m) => m.date !== today && !playsToday.has(m.awayTeam.slug))?.awayTeam;
    expect(other).toBeDefined();
    // Room for a few teams only: 100 a minute keeps 75 for match pages.
    const config = configFor({ DETAIL_REQUESTS_PER_MINUTE: '100' });
    await writePushSubscription(config.dataDir, {
      endpoint: 'https://127.0.0.1:9/push/1',
      keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
      teams: [other?.name ?? ''],
    });
    const dispatcher = createUpstreamAgent(2_000);
    const since = upstream.requests.length;
    try {
      await runTeamPagesRefresh({ config, dispatcher, now: at(0), matches });
    } finally {
      await dispatcher.close();
    }
    const slugs = [...new Set(upstream.requests.slice(since).flatMap((r) => slugOfRequest(r.path) ?? []))];
    expect(slugs.length).toBeGreaterThan(2);
    expect(slugs.length).toBeLessThan(playsToday.size);
    expect(slugs[0]).toBe(other?.slug);
    for (const slug of slugs.slice(1)) expect(playsToday.has(slug), slug).toBe(true);
  });

  it('reads a team only a kept day names, and never one nothing names', async () => {
    const config = configFor({ DETAIL_REQUESTS_PER_MINUTE: '2000' });
    const day = '2026-11-10';
    const archived = buildSampleMatch({
      id: `brasileirao-serie-a/10-11-2026-${ARCHIVED}-x-outro`,
      date: day,
      status: 'FINISHED',
      homeTeam: { name: 'Time Arquivado', slug: ARCHIVED, crest: null, crestSource: null },
    });
    await writeDayListing(config.dataDir, day, {
      generatedAt: '2026-11-11T00:10:00-03:00',
      timezone: 'America/Sao_Paulo',
      source: `${upstream.url}/jogos-de-ontem`,
      stale: false,
      count: 1,
      matches: [archived],
    });
    await writeArchiveIndex(config.dataDir, {
      days: { [day]: { generatedAt: '2026-11-11T00:10:00-03:00', salt: '', page: null, json: null } },
      matches: {},
      assets: {},
      expired: [],
    });
    const dispatcher = createUpstreamAgent(2_000);
    const since = upstream.requests.length;
    try {
      await runTeamPagesRefresh({ config, dispatcher, now: at(0), matches: listedMatches() });
    } finally {
      await dispatcher.close();
    }
    const asked = upstream.requests.slice(since).map((r) => r.path);
    expect(asked).toContain(`/time/${ARCHIVED}/proximos-jogos`);
    expect(asked).not.toContain(GHOST);
    expect(readTeamPageRecord(config.dataDir, ARCHIVED)?.pages?.next.length).toBeGreaterThan(0);
  });

  it('pauses on a 429 with the other pages beyond the listings, and reads nothing with a budget of 0 or interval 0', async () => {
    const paused = configFor({ DETAIL_REQUESTS_PER_MINUTE: '200' });
    const matches = listedMatches();
    upstream.setFault(TEAM_PAGE, { kind: 'status', status: 429, retryAfter: '600' });
    const dispatcher = createUpstreamAgent(2_000);
    try {
      await runTeamPagesRefresh({ config: paused, dispatcher, now: at(0), matches });
      expect(readDetailSchedule(paused.dataDir).pausedUntil).not.toBeNull();
      upstream.setFault(TEAM_PAGE, null);
      let since = upstream.requests.length;
      await runScrape(paused, { now: at(300) });
      expect(upstream.requests.slice(since).filter((r) => isBudgeted(r.path))).toEqual([]);
      const quiet: Record<string, string>[] = [{ DETAIL_REQUESTS_PER_MINUTE: '0' }, { TEAM_PAGE_INTERVAL_HOURS: '0' }];
      for (const env of quiet) {
        since = upstream.requests.length;
        await runTeamPagesRefresh({ config: configFor(env), dispatcher, now: at(0), matches });
        expect(upstream.requests.slice(since)).toEqual([]);
      }
    } finally {
      await dispatcher.close();
    }
  });

  it('through a full disk: a team read once is not read again at every refresh while its record cannot be written', async () => {
    const mountPoint = mountTmpfs('4m');
    const config = parseConfig({
      UPSTREAM_URL: upstream.url,
      DATA_DIR: mountPoint,
      // A read that timed out on a busy machine is retried with back-off: that is not what this test counts.
      REQUEST_TIMEOUT_MS: '60000',
      DETAIL_REQUESTS_PER_MINUTE: '20',
      TEAM_PAGE_INTERVAL_HOURS: '6',
    });
    const matches = listedMatches();
    const dispatcher = createUpstreamAgent(2_000);
    const since = upstream.requests.length;
    let failedWrites = 0;
    try {
      fillDisk(mountPoint, 0);
      // Twenty minutes of refreshes every 30 s: room in the window for a team or two each time.
      for (let seconds = 0; seconds <= 20 * 60; seconds += 30) {
        try {
          await runTeamPagesRefresh({ config, dispatcher, now: at(seconds), matches });
        } catch (error) {
          expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
          failedWrites += 1;
        }
      }
    } finally {
      await dispatcher.close();
      unmountTmpfs(mountPoint);
    }
    expect(failedWrites).toBeGreaterThan(0);
    const asked = upstream.requests
      .slice(since)
      .map((r) => r.path)
      .filter((p) => TEAM_PAGE.test(p));
    expect(asked.length).toBeGreaterThan(0);
    // Each page once: the record kept in memory holds the team back for its interval.
    expect(asked.length).toBe(new Set(asked).size);
  });
});
