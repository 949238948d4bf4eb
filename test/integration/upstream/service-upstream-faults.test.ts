/**
 * Upstream faults seen from outside: `npm start` against a fake upstream that misbehaves on
 * command, observed only over HTTP (/api/*, /healthz) and in its log. Three faults at a time,
 * one per listing. For each: the listing keeps its last good data, says `stale: true` (and
 * /healthz `degraded`) once 3 refresh intervals pass — a live match is never shown as IN_PLAY
 * silently — each failed refresh logs one line without a stack trace, and the service
 * recovers by itself when the upstream does. (Each fault's fetch details: fetch-page.test.ts
 * and scrape.test.ts.)
 * A process: staleness and recovery follow the server's own refresh schedule, and are read in its log.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readFixturePages,
  startFakeUpstream,
  type FakeUpstream,
  type UpstreamFault,
} from '../../../src/demo/upstream-server.ts';
import { LISTING_NAMES, LISTING_PATHS, type ListEnvelope, type ListingName } from '../../../src/lib/model/model.ts';
import { rawRequest } from '../../support/http/raw-http.ts';
import {
  expectNoStackTraces,
  expectOneLinePerFailure,
  readListing,
  splitRefreshBlocks,
  waitForHealthy,
  waitForStale,
} from '../../support/processes/service-probe.ts';
import { servePlacarForFile } from '../../support/processes/served-placar.ts';

const VARIANTS = path.resolve(import.meta.dirname, '../../fixtures/upstream/variants');
const RETRY_AFTER_SECONDS = 8;
const pages = readFixturePages();

interface Fault {
  label: string;
  /** A misbehaviour of the fake upstream, or a page it serves instead of the listing. */
  fault?: UpstreamFault;
  page?: string;
  error: RegExp;
  retryAfter?: boolean;
}

const TINY_ELEMENTS_PAGE = `<html><body>${'<i></i>'.repeat(700_000)}</body></html>`;
/** A listing of `count` links to match pages, none with team names. */
function manyMatchLinks(count: number): string {
  const links = Array.from({ length: count }, (_, i) => `<a href="/l/01-01-2026-${i}.html"></a>`).join('');
  return `<html><body><div id="livescore">${links}</div></body></html>`;
}
const variant = (name: string): string => fs.readFileSync(path.join(VARIANTS, name), 'utf8');
const status = (code: number, retryAfter?: string): UpstreamFault => ({ kind: 'status', status: code, retryAfter });
let other: FakeUpstream;
/** The upstream's own host on another port: another origin. */
let otherPort: FakeUpstream;

const FAULTS: Fault[] = [
  { label: 'timeout', fault: { kind: 'timeout' }, error: /sem resposta completa em 1500 ms/ },
  {
    label: 'slow body (1 byte/s)',
    fault: { kind: 'slow-body', bytesPerSecond: 1 },
    error: /sem resposta completa em 1500 ms/,
  },
  { label: 'connection reset mid-body', fault: { kind: 'reset' }, error: /erro de rede/ },
  { label: '500', fault: status(500), error: /HTTP 500; os últimos/ },
  { label: '502', fault: status(502), error: /HTTP 502; os últimos/ },
  { label: '503 without Retry-After', fault: status(503), error: /HTTP 503; os últimos/ },
  {
    label: '503 with Retry-After',
    fault: status(503, String(RETRY_AFTER_SECONDS)),
    error: /Retry-After/,
    retryAfter: true,
  },
  {
    label: '429 with Retry-After',
    fault: status(429, String(RETRY_AFTER_SECONDS)),
    error: /Retry-After/,
    retryAfter: true,
  },
  { label: '403', fault: status(403), error: /HTTP 403; os últimos/ },
  { label: '404', fault: status(404), error: /HTTP 404; os últimos/ },
  { label: 'redirect loop', fault: { kind: 'redirect-loop' }, error: /redirecionamento em ciclo/ },
  { label: 'redirect to another host', error: /redirecionamento para outro site/ },
  {
    label: 'not text/html',
    fault: { kind: 'content-type', contentType: 'application/json' },
    error: /"application\/json" em vez de text\/html/,
  },
  {
    label: 'body over the size cap',
    fault: { kind: 'oversize', bytes: 6_000_000 },
    error: /acima do limite de 5000000 bytes/,
  },
  {
    label: 'gzip bomb (1 GB)',
    fault: { kind: 'gzip-bomb', bytes: 1_000_000_000 },
    error: /maior que o limite de 5000000 bytes/,
  },
  { label: 'truncated HTML', fault: { kind: 'truncated' }, error: /chegou incompleta/ },
  { label: 'no match container', page: variant('no-livescore.html'), error: /não tem o contêiner de jogos #livescore/ },
  {
    label: 'every row malformed',
    page: variant('all-malformed.html'),
    error: /nenhuma das \d+ linhas de jogo pôde ser lida/,
  },
  // Hostile pages (issue 20): the upstream's host on another port; a page the old parser could not hold
  // in the refresh worker's heap of the time (SIGABRT); one the old parser read in quadratic time.
  { label: 'redirect to another port', error: /outra origem/ },
  { label: '700k tiny elements (4.9 MB)', page: TINY_ELEMENTS_PAGE, error: /não tem o contêiner/ },
  { label: '100k match links, none readable', page: manyMatchLinks(100_000), error: /nenhuma das 100000 linhas/ },
];
const ROUNDS = [0, 3, 6, 9, 12, 15, 18].map((start) => FAULTS.slice(start, start + 3));

beforeAll(async () => {
  // "Another host": same machine, another loopback address, so its host name differs.
  other = await startFakeUpstream({ host: '127.0.0.2', pages });
  otherPort = await startFakeUpstream({ pages });
});
afterAll(async () => {
  await other?.close();
  await otherPort?.close();
});
// Registered after the two above: started after them, stopped before them (after-hooks run in reverse).
const served = servePlacarForFile({
  pages: () => pages,
  env: {
    REFRESH_CRON: '*/2 * * * * *',
    REQUEST_TIMEOUT_MS: '1500',
    MAX_RESPONSE_BYTES: '5000000',
    SEARCH_RATE_LIMIT: '0',
  },
});

function apply(fault: Fault, upstreamPath: string): void {
  if (fault.page !== undefined) served.upstream.setPage(upstreamPath, fault.page);
  else if (fault.label === 'redirect to another host')
    served.upstream.setFault(upstreamPath, { kind: 'redirect', location: other.url + upstreamPath });
  else if (fault.label === 'redirect to another port') {
    served.upstream.setFault(upstreamPath, { kind: 'redirect', location: otherPort.url + upstreamPath });
  } else served.upstream.setFault(upstreamPath, fault.fault ?? null);
}

/** Every request that got the Retry-After answer is followed by none before the time it asked for. */
function expectRetryAfterHonoured(upstreamPath: string, faultFrom: number, faultUntil: number): void {
  const times = served.upstream.requests
    .filter((request) => request.path === upstreamPath)
    .map((request) => request.at);
  const answered = times.filter((at) => at >= faultFrom && at < faultUntil);
  expect(answered.length).toBeGreaterThan(0);
  for (const at of answered) {
    const next = times.find((later) => later > at);
    if (next !== undefined) expect(next - at).toBeGreaterThanOrEqual(RETRY_AFTER_SECONDS * 1000 - 20);
  }
}

describe('upstream faults, seen through the running service', () => {
  it.each(ROUNDS.map((faults) => [faults.map((f) => f.label).join(' · '), faults] as const))(
    '%s',
    async (_labels, faults) => {
      await waitForHealthy(served.placar.url);
      const assigned = faults.map((fault, index) => ({ fault, listing: LISTING_NAMES[index] as ListingName }));
      const good = {} as Record<ListingName, ListEnvelope>;
      for (const { listing } of assigned) good[listing] = await readListing(served.placar.url, listing);
      expect(good.live.matches.some((match) => match.status === 'IN_PLAY')).toBe(true);
      const held: Partial<Record<ListingName, string | null>> = {};
      const logFrom = served.placar.output().length;
      const faultFrom = Date.now();
      for (const { fault, listing } of assigned) apply(fault, LISTING_PATHS[listing]);
      let faultUntil = Date.now();
      try {
        // Within 3 refresh intervals (6 s) and one build, every faulted listing says it is stale.
        const errors = Object.fromEntries(assigned.map(({ fault, listing }) => [listing, fault.error]));
        const { served: all, health } = await waitForStale(served.placar.url, errors);
        for (const { fault, listing } of assigned) {
          const served = all[listing] ?? good[listing];
          // The last good data, untouched: same matches (IN_PLAY ones included), fetched before the fault.
          expect(served).toEqual({ ...good[listing], generatedAt: served.generatedAt, stale: true });
          expect(Date.parse(served.generatedAt ?? '')).toBeGreaterThanOrEqual(
            Date.parse(good[listing].generatedAt ?? ''),
          );
          expect(Date.parse(served.generatedAt ?? '')).toBeLessThanOrEqual(faultFrom);
          expect(health.listings[listing]).toEqual({
            generatedAt: served.generatedAt,
            stale: true,
            // The last successful read is the data served.
            fetchedAt: served.generatedAt,
            lastError: expect.stringMatching(fault.error),
            // What the last page read held: still the good page after a fetch fault; markup "none" or skipped rows
            // after a parse fault.
            parse: expect.objectContaining({ markup: expect.stringMatching(/^(rows|none)$/) }),
          });
          held[listing] = served.generatedAt;
        }
        // The search follows the listings once the server has switched to the new build, and its answers
        // are replayed for up to a second (search-response-cache.ts): it may say stale a moment later.
        await expect
          .poll(async () => (await rawRequest(served.placar.url, '/api/busca?q=flamengo')).json(), {
            timeout: 15_000,
            interval: 250,
          })
          .toMatchObject({ stale: true, count: 1 });
      } finally {
        faultUntil = Date.now();
        for (const { listing } of assigned) {
          served.upstream.setFault(LISTING_PATHS[listing], null);
          served.upstream.setPage(LISTING_PATHS[listing], pages[LISTING_PATHS[listing]] ?? '');
        }
      }

      const health = await waitForHealthy(served.placar.url, held, RETRY_AFTER_SECONDS * 1000 + 30_000);
      expect(Object.values(health.listings).every((listing) => listing.lastError === null)).toBe(true);
      for (const { listing } of assigned)
        expect((await readListing(served.placar.url, listing)).matches).toEqual(good[listing].matches);

      const log = served.placar.output().slice(logFrom);
      expectNoStackTraces(log);
      const blocks = splitRefreshBlocks(log);
      for (const { fault, listing } of assigned) {
        expect(
          expectOneLinePerFailure(blocks, listing, fault.error),
          `${fault.label}: failed refreshes logged`,
        ).toBeGreaterThan(0);
        if (fault.retryAfter) expectRetryAfterHonoured(LISTING_PATHS[listing], faultFrom, faultUntil);
      }
      if (faults.some((fault) => fault.label === 'redirect to another host')) expect(other.requests).toEqual([]);
      if (faults.some((fault) => fault.label === 'redirect to another port')) expect(otherPort.requests).toEqual([]);
    },
    120_000,
  );
});
