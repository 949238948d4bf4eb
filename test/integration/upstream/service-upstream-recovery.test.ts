/**
 * More upstream conditions seen through the running service: the whole upstream refusing
 * connections, and recovery after an hour of failures — the hour played minute by minute through
 * runScrape's clock, then `npm start` on the data it left. (Odd pages that are still valid:
 * odd-valid-pages.test.ts.)
 * A process: `npm start` on the data left, seen through its refresh schedule and /healthz.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { parseConfig } from '../../../src/lib/config/config.ts';
import { LISTING_NAMES, LISTING_PATHS, type ListEnvelope, type ListingName } from '../../../src/lib/model/model.ts';
import { readScrapeState } from '../../../src/lib/store/scraped/scrape-state-store.ts';
import { readSnapshot } from '../../../src/lib/store/scraped/snapshot-store.ts';
import { runScrape } from '../../../src/refresh/scrape/scrape.ts';
import { startPlacar, type PlacarProcess } from '../../../harness/placar-process.ts';
import {
  expectNoStackTraces,
  expectOneLinePerFailure,
  readHealth,
  readListing,
  splitRefreshBlocks,
  waitForHealthy,
  waitForStale,
} from '../../support/processes/service-probe.ts';

const pages = readFixturePages();
// ontem on the refreshes' own rhythm here (not hourly), so the whole upstream fails and recovers together.
const ENV = {
  REFRESH_CRON: '*/2 * * * * *',
  REQUEST_TIMEOUT_MS: '1500',
  SEARCH_RATE_LIMIT: '0',
  YESTERDAY_REFRESH_SECONDS: '1',
};
let upstream: FakeUpstream;
let placar: PlacarProcess;
const dataDirs: string[] = [];

beforeAll(async () => {
  upstream = await startFakeUpstream({ pages });
  placar = await startPlacar({ upstreamUrl: upstream.url, env: ENV });
});

afterAll(async () => {
  await placar?.stop();
  await upstream?.close();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function readAll(baseUrl: string): Promise<Record<ListingName, ListEnvelope>> {
  const envelopes = await Promise.all(LISTING_NAMES.map((listing) => readListing(baseUrl, listing)));
  return Object.fromEntries(LISTING_NAMES.map((listing, index) => [listing, envelopes[index]])) as Record<
    ListingName,
    ListEnvelope
  >;
}

describe('the whole upstream down, then back', () => {
  it('keeps every listing, turns them stale, logs one line each per refresh, and recovers', async () => {
    await waitForHealthy(placar.url);
    const good = await readAll(placar.url);
    const logFrom = placar.output().length;
    const port = Number(new URL(upstream.url).port);
    await upstream.close();
    const held: Partial<Record<ListingName, string | null>> = {};
    try {
      const refused = /erro de rede \(ECONNREFUSED/;
      const { served } = await waitForStale(placar.url, {
        live: refused,
        hoje: refused,
        amanha: refused,
        ontem: refused,
      });
      for (const listing of LISTING_NAMES) {
        expect(served[listing]).toEqual({ ...good[listing], generatedAt: served[listing]?.generatedAt, stale: true });
        held[listing] = served[listing]?.generatedAt;
      }
    } finally {
      upstream = await startFakeUpstream({ pages, port });
    }
    await waitForHealthy(placar.url, held);
    const log = placar.output().slice(logFrom);
    expectNoStackTraces(log);
    for (const listing of LISTING_NAMES)
      expect(expectOneLinePerFailure(splitRefreshBlocks(log), listing, /ECONNREFUSED/)).toBeGreaterThan(0);
  }, 90_000);
});

describe('an hour of failures', () => {
  it('serves the hour-old data as stale, then recovers by itself when the upstream does', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-hour-'));
    dataDirs.push(dataDir);
    const hourAgo = Date.now() - 61 * 60_000;
    const minute = (k: number) => (): Date => new Date(hourAgo + k * 60_000);
    // The simulated hour runs on the default one-minute schedule.
    const config = parseConfig({
      UPSTREAM_URL: upstream.url,
      DATA_DIR: dataDir,
      REQUEST_TIMEOUT_MS: '2000',
      YESTERDAY_REFRESH_SECONDS: '60',
    });
    await runScrape(config, { now: minute(0) });
    const good = readSnapshot(dataDir);
    upstream.setFault(LISTING_PATHS.live, { kind: 'status', status: 503, retryAfter: '120' });
    upstream.setFault(LISTING_PATHS.hoje, { kind: 'status', status: 500 });
    upstream.setFault(LISTING_PATHS.amanha, { kind: 'reset' });
    upstream.setFault(LISTING_PATHS.ontem, { kind: 'status', status: 500 });
    try {
      const liveRequests = (): number =>
        upstream.requests.filter((request) => request.path === LISTING_PATHS.live).length;
      const before = liveRequests();
      for (let k = 1; k <= 60; k++) await runScrape(config, { now: minute(k) });
      // Retry-After: 120 s honoured on the simulated clock: at most one request every other minute.
      expect(liveRequests() - before).toBeLessThanOrEqual(30);
      const snapshot = readSnapshot(dataDir);
      for (const listing of LISTING_NAMES) {
        expect(snapshot?.[listing]).toEqual({ ...good?.[listing], stale: true });
        expect(readScrapeState(dataDir)[listing].lastError).not.toBeNull();
      }

      // Still failing when the server starts (503 now without Retry-After, so recovery is not held back).
      upstream.setFault(LISTING_PATHS.live, { kind: 'status', status: 503 });
      const hourLater = await startPlacar({ upstreamUrl: upstream.url, dataDir, env: ENV });
      try {
        const held = await readAll(hourLater.url);
        const health = await readHealth(hourLater.url);
        expect(health.status).toBe('degraded');
        for (const listing of LISTING_NAMES) {
          expect(held[listing]).toEqual(good?.[listing] && { ...good[listing], stale: true });
          expect(health.listings[listing]).toMatchObject({
            stale: true,
            lastError: expect.stringMatching(/HTTP 50[03]|erro de rede|Retry-After/),
          });
        }
        for (const listing of LISTING_NAMES) upstream.setFault(LISTING_PATHS[listing], null);
        await waitForHealthy(
          hourLater.url,
          Object.fromEntries(LISTING_NAMES.map((listing) => [listing, held[listing].generatedAt])),
        );
        expectNoStackTraces(hourLater.output());
      } finally {
        await hourLater.stop();
      }
    } finally {
      for (const listing of LISTING_NAMES) upstream.setFault(LISTING_PATHS[listing], null);
    }
  }, 180_000);
});
