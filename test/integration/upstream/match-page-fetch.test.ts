/**
 * The match-page step of a scrape against the loopback upstream (src/refresh/match-pages/fetch-match-pages.ts):
 * conditional requests, the pause a 429 or 503 asks for, back-off after a failure with the last
 * good detail kept, a page contradicting the listing's score kept out, the per-minute budget, and
 * a match page that never answers: the listings are read and written all the same.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { parseConfig } from '../../../src/lib/config/config.ts';
import { readDetailRecords, readDetailSchedule } from '../../../src/lib/store/scraped/detail-store.ts';
import { buildRenderLocals } from '../../../src/refresh/render/render-routes.ts';
import { runScrape } from '../../../src/refresh/scrape/scrape.ts';
import { readExpectedMatchDetail } from '../../../harness/fixture-snapshot.ts';
import { listingRequests } from '../../../harness/upstream-pages.ts';

const FLAMENGO = 'brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras';
const FLAMENGO_PAGE = `/${FLAMENGO}.html`;
const PAGE = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../fixtures/upstream/match-pages/jogo-flamengo-x-palmeiras.html'),
  'utf8',
);
const T0 = Date.parse('2026-11-21T19:40:00-03:00');
const at = (seconds: number) => () => new Date(T0 + seconds * 1000);

let upstream: FakeUpstream;
const dirs: string[] = [];

beforeAll(async () => {
  upstream = await startFakeUpstream({ pages: readFixturePages() });
});
afterAll(async () => {
  await upstream?.close();
});
afterEach(() => {
  upstream.setPage(FLAMENGO_PAGE, PAGE);
  upstream.setFault(FLAMENGO_PAGE, null);
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function configFor(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-detail-fetch-'));
  dirs.push(dataDir);
  return parseConfig({ UPSTREAM_URL: upstream.url, DATA_DIR: dataDir, REQUEST_TIMEOUT_MS: '2000', ...env });
}

function pageRequests(since: number): { path: string; headers: Record<string, unknown> }[] {
  return upstream.requests.slice(since).filter((request) => request.path === FLAMENGO_PAGE);
}

const detailOf = (dataDir: string) => readDetailRecords(dataDir).records.get(FLAMENGO);

describe('match pages in a scrape', () => {
  it('reads a live match page, then asks again conditionally 3 minutes later (304 keeps the detail)', async () => {
    upstream.setPage(FLAMENGO_PAGE, PAGE);
    const config = configFor();
    const first = await runScrape(config, { now: at(0) });
    expect(first.details.readNow.get(FLAMENGO)?.goals).toEqual(readExpectedMatchDetail().goals);
    let since = upstream.requests.length;
    await runScrape(config, { now: at(60) });
    expect(pageRequests(since)).toEqual([]);
    since = upstream.requests.length;
    const later = await runScrape(config, { now: at(180) });
    const [conditional] = pageRequests(since);
    expect(conditional?.headers['if-none-match']).toMatch(/^"/);
    expect(later.details.notModified).toBeGreaterThanOrEqual(1);
    expect(detailOf(config.dataDir)).toMatchObject({ generatedAt: '2026-11-21T19:43:00-03:00' });
    expect(detailOf(config.dataDir)?.detail?.goals).toEqual(readExpectedMatchDetail().goals);
  });

  it('a 429 with Retry-After pauses every match page until then; the listings go on', async () => {
    upstream.setFault(FLAMENGO_PAGE, { kind: 'status', status: 429, retryAfter: '600' });
    const config = configFor();
    const first = await runScrape(config, { now: at(0) });
    expect(first.details.pausedUntil).not.toBeNull();
    expect(readDetailSchedule(config.dataDir).pausedUntil).toBe(first.details.pausedUntil);
    const since = upstream.requests.length;
    const paused = await runScrape(config, { now: at(300) });
    const requests = upstream.requests.slice(since);
    expect(listingRequests(requests)).toHaveLength(3);
    expect(requests.filter((request) => !listingRequests([request]).length && request.path.endsWith('.html'))).toEqual(
      [],
    );
    expect(Object.values(paused.listings).every((listing) => listing.ok)).toBe(true);
    // After the pause, pages are asked for again.
    upstream.setFault(FLAMENGO_PAGE, null);
    const resumed = upstream.requests.length;
    await runScrape(config, { now: at(601) });
    expect(pageRequests(resumed).length).toBe(1);
  });

  it('a 503 without Retry-After pauses them 5 minutes', async () => {
    upstream.setFault(FLAMENGO_PAGE, { kind: 'status', status: 503 });
    const config = configFor();
    const first = await runScrape(config, { now: at(0) });
    expect(Date.parse(first.details.pausedUntil ?? '')).toBe(T0 + 5 * 60_000);
  });

  it('a failing page keeps the last good detail, then stale, and is retried with back-off', async () => {
    upstream.setPage(FLAMENGO_PAGE, PAGE);
    const config = configFor();
    await runScrape(config, { now: at(0) });
    upstream.setFault(FLAMENGO_PAGE, { kind: 'status', status: 500 });
    const failed = await runScrape(config, { now: at(180) });
    expect(failed.details.failed.map((failure) => failure.id)).toContain(FLAMENGO);
    const record = detailOf(config.dataDir);
    expect(record?.detail?.goals).toEqual(readExpectedMatchDetail().goals);
    expect(record?.fetch).toMatchObject({ failures: 1, lastError: expect.stringMatching(/HTTP 500/) });
    // A live page is retried no sooner than its back-off (1 minute, doubling) and its own 3 minutes.
    let since = upstream.requests.length;
    await runScrape(config, { now: at(240) });
    await runScrape(config, { now: at(300) });
    expect(pageRequests(since)).toEqual([]);
    since = upstream.requests.length;
    await runScrape(config, { now: at(360) });
    expect(pageRequests(since)).toHaveLength(1);
    // A failing page is asked for once per attempt: no retries inside a refresh.
    expect(detailOf(config.dataDir)?.fetch.failures).toBe(2);
    // The page shows the last good detail, said to be stale.
    const pages = buildRenderLocals(config.dataDir, config.upstreamUrl, undefined, new Date(T0 + 360_000)).matchPages;
    expect(pages?.get(FLAMENGO)?.envelope).toMatchObject({
      stale: true,
      detail: { goals: readExpectedMatchDetail().goals },
    });
  });

  it('a page whose goals contradict the listing is a diagnosed failure, never the detail', async () => {
    const lost = PAGE.replace('Pedro <img src="/images/goal.png" alt="" width="16">', 'Pedro');
    upstream.setPage(FLAMENGO_PAGE, lost);
    const config = configFor();
    const report = await runScrape(config, { now: at(0) });
    const failure = report.details.failed.find((entry) => entry.id === FLAMENGO);
    expect(failure?.error).toMatch(/não batem com o placar/);
    expect(detailOf(config.dataDir)?.detail).toBeNull();
  });

  it('never sends more than DETAIL_REQUESTS_PER_MINUTE in a minute', async () => {
    const config = configFor({ DETAIL_REQUESTS_PER_MINUTE: '3' });
    const since = upstream.requests.length;
    const report = await runScrape(config, { now: at(0) });
    const pages = upstream.requests.slice(since).filter((request) => !listingRequests([request]).length);
    expect(pages.filter((request) => request.path.endsWith('.html'))).toHaveLength(3);
    expect(report.details.requested).toBe(3);
    expect(report.details.deferred).toBeGreaterThan(0);
    const next = upstream.requests.length;
    await runScrape(config, { now: at(30) });
    expect(
      upstream.requests.slice(next).filter((r) => !listingRequests([r]).length && r.path.endsWith('.html')),
    ).toEqual([]);
  });

  it('counts each match-page request on disk before it is sent, then keeps the instants it was sent at', async () => {
    upstream.setFault(FLAMENGO_PAGE, { kind: 'timeout' });
    const config = configFor({ REQUEST_TIMEOUT_MS: '1000' });
    const since = upstream.requests.length;
    const scraping = runScrape(config, { now: at(0) });
    await expect.poll(() => pageRequests(since).length, { timeout: 10_000, interval: 10 }).toBe(1);
    // While the page hangs, the window on disk holds every place of the plan, none earlier than its request.
    const during = readDetailSchedule(config.dataDir).requests;
    const sentSoFar = upstream.requests.slice(since).filter((r) => !listingRequests([r]).length).length;
    expect(during.length).toBeGreaterThanOrEqual(sentSoFar);
    expect(during.every((instant) => instant >= T0)).toBe(true);
    const report = await scraping;
    // Afterwards, the requests sent and nothing else, each at the instant it was sent (the scrape's clock).
    expect(readDetailSchedule(config.dataDir).requests).toEqual(
      Array.from({ length: report.details.requested }, () => T0),
    );
  });

  it('a match page that never answers delays no listing beyond its deadline and fails alone', async () => {
    upstream.setFault(FLAMENGO_PAGE, { kind: 'timeout' });
    // Long enough for the listings' answers on a loaded machine; the match page waits it out.
    const config = configFor({ REQUEST_TIMEOUT_MS: '2000' });
    const report = await runScrape(config, { now: at(0) });
    expect(Object.values(report.listings).every((listing) => listing.ok)).toBe(true);
    expect(report.snapshot.live.count).toBe(4);
    expect(report.details.failed.find((entry) => entry.id === FLAMENGO)?.error).toMatch(/2000 ms/);
  });
});
