/**
 * Many readers, one refresher: two `npm start` servers with REFRESH_CRON=off serve one
 * DATA_DIR that `npm run refresh` (as a system timer would run it) keeps current. The upstream
 * sees 3 requests per refresh whatever the readers are asked (plus the yesterday listing at most
 * once an hour); both readers serve each new build by themselves.
 * A process: readers of one DATA_DIR and a refresher run as its own command are separate processes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import type { ListEnvelope } from '../../../src/lib/model/model.ts';
import { listingRequests } from '../../../harness/upstream-pages.ts';
import { startPlacar, type PlacarProcess } from '../../../harness/placar-process.ts';
import { rawRequest } from '../../support/http/raw-http.ts';
import { runScript } from '../../../harness/run-script.ts';

const LIVE_PATH = '/jogos-em-andamento';
let upstream: FakeUpstream;
let dataDir: string;
let readers: PlacarProcess[] = [];

beforeAll(async () => {
  upstream = await startFakeUpstream({ pages: readFixturePages() });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-readers-'));
  const env = { REFRESH_CRON: 'off', SEARCH_RATE_LIMIT: '0' };
  readers = await Promise.all([
    startPlacar({ upstreamUrl: upstream.url, dataDir, env, waitForFirstRefresh: false }),
    startPlacar({ upstreamUrl: upstream.url, dataDir, env: { ...env, WORKERS: '2' }, waitForFirstRefresh: false }),
  ]);
});

afterAll(async () => {
  await Promise.all(readers.map((reader) => reader.stop()));
  await upstream?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function refresh(): Promise<void> {
  const result = await runScript('scripts/refresh.ts', {
    ...process.env,
    DATA_DIR: dataDir,
    UPSTREAM_URL: upstream.url,
    PUBLISH_COMMAND: '',
  });
  expect(result.code, result.output).toBe(0);
}

async function liveTeams(reader: PlacarProcess): Promise<string[]> {
  const response = await rawRequest(reader.url, '/api/live');
  if (response.status !== 200) return [`HTTP ${response.status}`];
  return (response.json() as ListEnvelope).matches.flatMap((match) => [match.homeTeam.name, match.awayTeam.name]);
}

/** Requests of every kind, spread over both readers. */
async function readALot(): Promise<void> {
  const paths = ['/', '/hoje', '/busca', '/api/live', '/api/hoje', '/api/amanha', '/api/busca?q=flamengo', '/healthz'];
  for (let round = 0; round < 10; round += 1) {
    const responses = await Promise.all(
      readers.flatMap((reader) => paths.map((urlPath) => rawRequest(reader.url, urlPath))),
    );
    for (const response of responses) expect(response.status).toBe(200);
  }
}

describe('two servers with REFRESH_CRON=off and one refresher on one DATA_DIR', () => {
  it('wait for the first build without asking the upstream anything', async () => {
    for (const reader of readers) {
      expect(reader.output()).toContain('REFRESH_CRON=off');
      expect((await rawRequest(reader.url, '/')).status).toBe(503);
      // Issue 27 (integrator 5): a load balancer sends a process nobody until it has data to serve.
      const health = await rawRequest(reader.url, '/healthz');
      expect(health.status).toBe(503);
      expect(health.headers['retry-after']).toBe('2');
      expect(health.headers['cache-control']).toBe('no-store');
      expect(health.json()).toMatchObject({ status: 'starting', lastBuildAt: null });
    }
    expect(upstream.requests).toEqual([]);
  });

  it('serve what the refresher publishes; the upstream sees 3 requests per refresh, whatever the readers get', async () => {
    // The yesterday listing goes at most once per clock hour (two refreshes may straddle one): counted apart.
    // Match pages have their own budget (DETAIL_REQUESTS_PER_MINUTE); the listings are what readers could multiply.
    const listings = () => listingRequests(upstream.requests);
    const minuteListings = (): unknown[] => listings().filter((request) => request.path !== '/jogos-de-ontem');
    const yesterday = (): number => listings().length - minuteListings().length;
    await refresh();
    expect(minuteListings()).toHaveLength(3);
    expect(yesterday()).toBe(1);
    for (const reader of readers) await expect.poll(() => liveTeams(reader), { timeout: 10_000 }).toContain('Flamengo');
    const everything = upstream.requests.length;
    await readALot();
    expect(minuteListings()).toHaveLength(3);
    // Nothing a reader is asked (match pages included) reaches the upstream.
    expect(upstream.requests.length).toBe(everything);

    upstream.setPage(LIVE_PATH, (readFixturePages()[LIVE_PATH] ?? '').replaceAll('Flamengo', 'Sampaio Corrêa'));
    await refresh();
    expect(minuteListings()).toHaveLength(6);
    expect(yesterday()).toBeLessThanOrEqual(2);
    for (const reader of readers)
      await expect.poll(() => liveTeams(reader), { timeout: 10_000 }).toContain('Sampaio Corrêa');
    await readALot();
    expect(minuteListings()).toHaveLength(6);
    for (const reader of readers) expect(reader.output()).not.toMatch(/atualização #\d/);
  });
});
