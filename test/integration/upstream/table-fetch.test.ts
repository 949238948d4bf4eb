/**
 * The competition-page step of a scrape against the loopback upstream
 * (src/refresh/competition-pages/fetch-tables.ts,
 * issue 34, item 1): a competition's page read when it first appears, conditionally, not again
 * before 6 hours unless one of its matches ends (then a few minutes after), within the match pages'
 * budget and pause, never for a competition no listing names; the last good table kept through a
 * failure and a page of another layout (served stale), across a restart (DATA_DIR). Issue 47: a finished match
 * keeps counting in the live table until a read counts it, the page read again until one does, such a read
 * needing only a quarter of the budget free.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { parseConfig } from '../../../src/lib/config/config.ts';
import { LISTING_PATHS } from '../../../src/lib/model/model.ts';
import { formatSaoPauloIso } from '../../../src/lib/model/time.ts';
import { readDetailSchedule, writeDetailScheduleAsync } from '../../../src/lib/store/scraped/detail-store.ts';
import {
  readStandingsRecords,
  writeStandingsRecordAsync,
  type StandingsRecord,
} from '../../../src/lib/store/scraped/table-store.ts';
import { runStandingsRefresh } from '../../../src/refresh/competition-pages/fetch-tables.ts';
import { createUpstreamAgent } from '../../../src/upstream/fetch/fetch-page.ts';
import { buildSampleMatch } from '../../support/samples/sample-match.ts';
import { keepTableRead } from '../../support/samples/kept-table.ts';
import { buildRenderLocals } from '../../../src/refresh/render/render-routes.ts';
import { runScrape } from '../../../src/refresh/scrape/scrape.ts';
import { withStatus } from '../../../harness/upstream-pages.ts';

const SLUG = 'brasileirao-serie-a';
const PAGE_PATH = `/${SLUG}`;
const COMPETITION_PAGE = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../fixtures/upstream/competition-pages/competicao-brasileirao-serie-a.html'),
  'utf8',
);
const T0 = Date.parse('2026-11-21T19:40:00-03:00');
const at = (seconds: number) => () => new Date(T0 + seconds * 1000);
const HOUR = 3600;
const FLAMENGO_PATH = '/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html';
const FIXTURES = readFixturePages();

let upstream: FakeUpstream;
const dirs: string[] = [];

beforeAll(async () => {
  upstream = await startFakeUpstream({ pages: { ...FIXTURES, [PAGE_PATH]: COMPETITION_PAGE } });
});
afterAll(async () => {
  await upstream?.close();
});
afterEach(() => {
  for (const [page, html] of Object.entries(FIXTURES)) upstream.setPage(page, html);
  upstream.setPage(PAGE_PATH, COMPETITION_PAGE);
  upstream.setFault(PAGE_PATH, null);
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function configFor(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-table-fetch-'));
  dirs.push(dataDir);
  // Room in the first minute for every competition of the samples (16) beside their match pages
  // (tables take a request only while three quarters of the budget are free).
  return parseConfig({
    UPSTREAM_URL: upstream.url,
    DATA_DIR: dataDir,
    REQUEST_TIMEOUT_MS: '2000',
    DETAIL_REQUESTS_PER_MINUTE: '200',
    ...env,
  });
}

const tableRequests = (since: number) => upstream.requests.slice(since).filter((r) => r.path === PAGE_PATH);
const tableOf = (dataDir: string) =>
  buildRenderLocals(dataDir, upstream.url, undefined, new Date(T0)).standingsPages?.get(SLUG)?.envelope;

describe('competition pages in a scrape', () => {
  it('reads a competition page when it first appears, then not again for 6 hours, then conditionally', async () => {
    const config = configFor();
    let since = upstream.requests.length;
    await runScrape(config, { now: at(0) });
    expect(tableRequests(since)).toHaveLength(1);
    const record = readStandingsRecords(config.dataDir).records.get(SLUG);
    expect(record?.groups[0]?.rows).toHaveLength(20);
    expect(record?.readAt).toBe('2026-11-21T19:40:00-03:00');
    // Every minute for 5 hours 59: no request for the table.
    since = upstream.requests.length;
    for (let minute = 1; minute < 6 * 60; minute += 37) await runScrape(config, { now: at(minute * 60) });
    expect(tableRequests(since)).toEqual([]);
    since = upstream.requests.length;
    await runScrape(config, { now: at(6 * HOUR + 60) });
    const [again] = tableRequests(since);
    expect(again?.headers['if-none-match']).toMatch(/^"/);
  });

  it('reads it again a few minutes after one of its matches ends', async () => {
    const config = configFor();
    await runScrape(config, { now: at(0) });
    const live = FIXTURES[LISTING_PATHS.live] ?? '';
    upstream.setPage(LISTING_PATHS.live, withStatus(live, FLAMENGO_PATH, 'ENCERRADO'));
    const hoje = FIXTURES[LISTING_PATHS.hoje] ?? '';
    upstream.setPage(LISTING_PATHS.hoje, withStatus(hoje, FLAMENGO_PATH, 'ENCERRADO'));
    let since = upstream.requests.length;
    await runScrape(config, { now: at(600) });
    await runScrape(config, { now: at(660) });
    expect(tableRequests(since)).toEqual([]);
    since = upstream.requests.length;
    await runScrape(config, { now: at(600 + 5 * 60 + 1) });
    expect(tableRequests(since)).toHaveLength(1);
  });

  it('keeps a finished match in the live table and reads the page again until it counts the match (issue 47)', async () => {
    const config = configFor();
    await runScrape(config, { now: at(0) });
    // Seen in play after a read without it: tracked from that read.
    await runScrape(config, { now: at(60) });
    const flamengoOf = (table: ReturnType<typeof tableOf>) =>
      table?.groups[0]?.rows.find((row) => row.team.name === 'Flamengo');
    const finished = (page: string) => withStatus(FIXTURES[page] ?? '', FLAMENGO_PATH, 'ENCERRADO');
    upstream.setPage(LISTING_PATHS.live, finished(LISTING_PATHS.live));
    upstream.setPage(LISTING_PATHS.hoje, finished(LISTING_PATHS.hoje));
    await runScrape(config, { now: at(600) });
    // Full time, the page not read again yet: the 2 x 1 still counts, and the table says it is not official yet.
    let table = tableOf(config.dataDir);
    expect(flamengoOf(table)).toMatchObject({ points: 44, played: 33, live: { points: 47, played: 34 } });
    expect(table?.pendingResults).toEqual([
      {
        match: FLAMENGO_PATH.slice(1, -'.html'.length),
        homeTeam: 'Flamengo',
        awayTeam: 'Palmeiras',
        score: { home: 2, away: 1 },
      },
    ]);
    // Read again 5 minutes after the end, the upstream's table not updated yet: still pending.
    let since = upstream.requests.length;
    await runScrape(config, { now: at(600 + 5 * 60 + 1) });
    expect(tableRequests(since)).toHaveLength(1);
    expect(tableOf(config.dataDir)?.pendingResults).toHaveLength(1);
    // The upstream counts it now: the page is read again minutes later (not 6 hours), and the match counts once.
    const counted = COMPETITION_PAGE.replace(
      '<a href="/time/flamengo">Flamengo</a></td><td><b><i>44</i></b></td><td>33</td><td>11</td><td>11</td><td>11</td><td>-1</td>',
      '<a href="/time/flamengo">Flamengo</a></td><td><b><i>47</i></b></td><td>34</td><td>12</td><td>11</td><td>11</td><td>0</td>',
    ).replace(
      '<a href="/time/palmeiras">Palmeiras</a></td><td><b><i>27</i></b></td><td>34</td><td>5</td><td>12</td><td>17</td><td>-22</td>',
      '<a href="/time/palmeiras">Palmeiras</a></td><td><b><i>27</i></b></td><td>35</td><td>5</td><td>12</td><td>18</td><td>-23</td>',
    );
    expect(counted).not.toBe(COMPETITION_PAGE);
    upstream.setPage(PAGE_PATH, counted);
    since = upstream.requests.length;
    for (let minute = 16; minute <= 60; minute += 1) await runScrape(config, { now: at(600 + minute * 60) });
    expect(tableRequests(since).length).toBeGreaterThan(0);
    table = tableOf(config.dataDir);
    expect(table?.pendingResults).toEqual([]);
    // Other matches of the competition are still in play: Flamengo's live numbers are its official ones.
    const flamengo = flamengoOf(table);
    expect(flamengo).toMatchObject({ points: 47, played: 34 });
    expect(flamengo?.live ?? { points: 47, played: 34, match: null }).toMatchObject({
      points: 47,
      played: 34,
      match: null,
    });
  });

  it('reads a page awaited for a finished result while a quarter of the budget is free, a regular one not (issue 47)', async () => {
    const config = configFor({ DETAIL_REQUESTS_PER_MINUTE: '20' });
    const id = FLAMENGO_PATH.slice(1, -'.html'.length);
    const matches = [buildSampleMatch({ id, status: 'FINISHED', score: { home: 2, away: 1, penalties: null } })];
    const due = (tracked: StandingsRecord['tracked']): StandingsRecord => {
      const kept = keepTableRead(config.dataDir, SLUG, new Date(T0 - HOUR * 1000), tracked);
      return { ...kept, fetch: { ...kept.fetch, dueAt: formatSaoPauloIso(new Date(T0 - 60_000)), finished: [id] } };
    };
    // Half the minute's budget already went to match pages.
    await writeDetailScheduleAsync(config.dataDir, {
      requests: Array.from({ length: 10 }, (_, index) => T0 - 20_000 + index),
      pausedUntil: null,
      summary: null,
    });
    const dispatcher = createUpstreamAgent(2_000);
    try {
      await writeStandingsRecordAsync(config.dataDir, due([]));
      let since = upstream.requests.length;
      const regular = await runStandingsRefresh({ config, dispatcher, now: at(0), matches });
      expect(tableRequests(since)).toEqual([]);
      expect(regular.deferred).toBe(1);
      const finishedAt = formatSaoPauloIso(new Date(T0 - 6 * 60_000));
      await writeStandingsRecordAsync(
        config.dataDir,
        due([{ match: id, played: { flamengo: 33, palmeiras: 34 }, finishedAt, reads: 0 }]),
      );
      since = upstream.requests.length;
      const awaited = await runStandingsRefresh({ config, dispatcher, now: at(1), matches });
      expect(tableRequests(since)).toHaveLength(1);
      expect(awaited.read).toBe(1);
    } finally {
      await dispatcher.close();
    }
  });

  it('keeps the last good table through a failure and a page of an unknown layout, served stale, across a restart', async () => {
    const config = configFor();
    await runScrape(config, { now: at(0) });
    upstream.setFault(PAGE_PATH, { kind: 'status', status: 500 });
    await runScrape(config, { now: at(6 * HOUR + 60) });
    let table = tableOf(config.dataDir);
    expect(table?.stale).toBe(true);
    expect(table?.groups[0]?.rows).toHaveLength(20);
    upstream.setFault(PAGE_PATH, null);
    upstream.setPage(PAGE_PATH, '<html><body><h1>Manutenção</h1></body></html>');
    // The back-off after the failure has passed.
    await runScrape(config, { now: at(8 * HOUR) });
    const record = readStandingsRecords(config.dataDir).records.get(SLUG);
    expect(record?.fetch.lastError).toMatch(/não reconhecida/);
    // A new process reads DATA_DIR again: the table is still there.
    table = tableOf(config.dataDir);
    expect(table).toMatchObject({ stale: true, readAt: '2026-11-21T19:40:00-03:00' });
    expect(table?.groups[0]?.rows[0]?.team.name).toBe('Fortaleza');
  });

  it('counts a table request in the window before it is sent: a lost schedule.json frees nothing in this process', async () => {
    // 120 a minute: the samples' 15 started matches' pages and 9 to come, then tables while three quarters stay
    // free (up to 30).
    const config = configFor({ DETAIL_REQUESTS_PER_MINUTE: '120' });
    const since = upstream.requests.length;
    await runScrape(config, { now: at(0) });
    // The window's write never reached the disk (a full disk): this process still knows what it sent.
    fs.rmSync(path.join(config.dataDir, 'details', 'schedule.json'), { force: true });
    await runScrape(config, { now: at(20) });
    await runScrape(config, { now: at(40) });
    const pages = upstream.requests
      .slice(since)
      .filter((r) => !r.path.startsWith('/jogos-') && !r.path.startsWith('/escudos'));
    expect(pages.filter((r) => !r.path.endsWith('.html')).length).toBeGreaterThan(0);
    expect(pages.length).toBeLessThanOrEqual(120 / 4);
  });

  it('shares the match pages’ budget and pause, and never asks for a competition no listing names', async () => {
    const none = configFor({ DETAIL_REQUESTS_PER_MINUTE: '0' });
    let since = upstream.requests.length;
    await runScrape(none, { now: at(0) });
    expect(tableRequests(since)).toEqual([]);
    const paused = configFor();
    upstream.setFault(PAGE_PATH, { kind: 'status', status: 429, retryAfter: '600' });
    await runScrape(paused, { now: at(0) });
    expect(readDetailSchedule(paused.dataDir).pausedUntil).not.toBeNull();
    upstream.setFault(PAGE_PATH, null);
    since = upstream.requests.length;
    await runScrape(paused, { now: at(300) });
    expect(upstream.requests.slice(since).filter((r) => !r.path.startsWith('/jogos-'))).toEqual([]);
    const asked = new Set(upstream.requests.map((r) => r.path));
    const named = new Set(
      Object.values(FIXTURES).flatMap((html) => [...html.matchAll(/href="\/([a-z0-9-]+)\//g)].map((m) => `/${m[1]}`)),
    );
    // Team pages (/time/…) are team-pages-fetch.test.ts's.
    for (const pathAsked of asked)
      if (
        !pathAsked.includes('.') &&
        !pathAsked.startsWith('/jogos-') &&
        !pathAsked.startsWith('/escudos') &&
        !pathAsked.startsWith('/time/')
      )
        expect(named.has(pathAsked), pathAsked).toBe(true);
  });
});
