/**
 * Load while refreshing: autocannon on loopback, 200 connections on a mix of the live page,
 * /api/hoje, /api/live and /api/busca, while REFRESH_CRON refreshes and swaps the site every
 * 5 s. The load runs for at least DURATION_SECONDS (60; 10 in the smoke form) AND until it has spanned
 * SWAPS_DURING_LOAD published
 * refreshes (however slow a busy machine makes them; bounded by MAX_SECONDS): zero failed
 * requests, no failed refresh meanwhile, p99 reported, and the server's RSS at the end within
 * 20 MB of its value after warm-up (both read after a full GC, asked through the inspector).
 * SEARCH_RATE_LIMIT=0: one loopback client would otherwise get 429 after 60 searches a minute.
 * The server runs with `npm start`'s memory settings, as deployed.
 */
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../src/demo/upstream-server.ts';
import { connectHeapProbe, INSPECT_OPTION, readRssMegabytes, type HeapProbe } from '../support/processes/heap-probe.ts';
import { startPlacar, type PlacarProcess } from '../../harness/placar-process.ts';
import { productionMemoryEnv } from '../support/processes/start-script.ts';
import { SOAK_LENGTH } from './soak-length.ts';

const CONNECTIONS = 200;
const DURATION_SECONDS = SOAK_LENGTH.loadSeconds;
/** The load must span this many swaps; on a loaded machine it simply runs longer to get them. */
const SWAPS_DURING_LOAD = SOAK_LENGTH.swapsDuringLoad;
const MAX_SECONDS = 300;
const RSS_TOLERANCE_MB = 20;
const PATHS = [
  '/',
  '/api/hoje',
  '/api/live',
  '/api/busca?q=flamengo',
  '/',
  '/api/live',
  '/api/busca?q=serie%20a',
  '/api/hoje',
  '/api/busca?q=sao%20paulo',
  '/api/busca?q=real',
];
const PUBLISHED = /atualização #\d+ concluída/g;
const NOT_PUBLISHED = /atualização #\d+ (falhou|ignorada|interrompida)/g;
let upstream: FakeUpstream;
let placar: PlacarProcess;
let heap: HeapProbe;

beforeAll(async () => {
  upstream = await startFakeUpstream({ pages: readFixturePages() });
  placar = await startPlacar({
    upstreamUrl: upstream.url,
    env: { REFRESH_CRON: '*/5 * * * * *', SEARCH_RATE_LIMIT: '0', ...productionMemoryEnv(INSPECT_OPTION) },
  });
  heap = await connectHeapProbe(placar.output());
});

afterAll(async () => {
  heap?.close();
  await placar?.stop();
  await upstream?.close();
});

const count = (re: RegExp): number => placar.output().match(re)?.length ?? 0;

/** Load for `seconds`, and past them (up to MAX_SECONDS) until `enough()` holds. */
function load(seconds: number, enough: () => boolean = () => true): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: placar.url,
        connections: CONNECTIONS,
        duration: MAX_SECONDS,
        timeout: 10,
        headers: { 'accept-encoding': 'br, gzip' },
        requests: PATHS.map((path) => ({ method: 'GET' as const, path })),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    const started = Date.now();
    const check = setInterval(() => {
      if (Date.now() - started >= seconds * 1000 && enough()) {
        clearInterval(check);
        instance.stop();
      }
    }, 250);
    instance.on('done', () => clearInterval(check));
  });
}

/** RSS after a full GC, so both readings are taken the same way. */
async function settledRss(pid: number): Promise<number> {
  await heap.heapAfterGcMegabytes();
  return readRssMegabytes(pid);
}

describe('load while refreshing every 5 s', () => {
  it(`answers ${CONNECTIONS} connections for ${DURATION_SECONDS} s without a failed request, RSS within ${RSS_TOLERANCE_MB} MB`, async () => {
    const pid = placar.process.pid ?? 0;
    const warmUp = await load(SOAK_LENGTH.warmUpLoadSeconds);
    expect(warmUp.errors + warmUp.non2xx).toBe(0);
    const afterWarmUp = await settledRss(pid);
    const publishedBefore = count(PUBLISHED);
    const notPublishedBefore = count(NOT_PUBLISHED);

    const result = await load(DURATION_SECONDS, () => count(PUBLISHED) - publishedBefore >= SWAPS_DURING_LOAD);
    const publishedDuring = count(PUBLISHED) - publishedBefore;
    const notPublishedDuring = count(NOT_PUBLISHED) - notPublishedBefore;
    const peakRss = readRssMegabytes(pid);
    const atEnd = await settledRss(pid);
    console.info(
      `load: ${result.requests.total} requests in ${result.duration} s (${Math.round(result.requests.average)}/s), ` +
        `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; ` +
        `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}; ${publishedDuring} builds published meanwhile; ` +
        `RSS after warm-up ${afterWarmUp} MB, peak ${peakRss} MB, at end ${atEnd} MB`,
    );
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.non2xx).toBe(0);
    // Every request sent got its 2xx: none lost (how many there were depends on the machine).
    expect(result.requests.total).toBeGreaterThan(0);
    expect(result['2xx']).toBe(result.requests.total);
    // The load spanned the swaps it waited for, and no refresh failed under it.
    expect(publishedDuring).toBeGreaterThanOrEqual(SWAPS_DURING_LOAD);
    expect(notPublishedDuring).toBe(0);
    expect(Math.abs(atEnd - afterWarmUp)).toBeLessThanOrEqual(RSS_TOLERANCE_MB);
    expect(placar.output()).not.toMatch(/erro ao responder|Erro inesperado/);
  });
});
