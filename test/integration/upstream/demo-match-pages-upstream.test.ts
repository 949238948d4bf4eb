/**
 * The fake upstream serves match pages like listings (issue 26): fetched with the project's own
 * fetchPage over loopback, conditionally (ETag / Last-Modified → 304 until the page changes),
 * with faults played on one match page or on all of them (429 with Retry-After, 503, 500, slow)
 * for a number of requests, the listings untouched.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MATCH_PAGE_PATH,
  readFixtureSite,
  startFakeUpstream,
  type FakeUpstream,
} from '../../../src/demo/upstream-server.ts';
import { LISTING_PATHS } from '../../../src/lib/model/model.ts';
import { UpstreamFetchError } from '../../../src/upstream/fetch/errors.ts';
import { fetchPage, type FetchPageOptions } from '../../../src/upstream/fetch/fetch-page.ts';
import { readMatchPage } from '../../../src/upstream/match-page/parse-match-page.ts';

const site = readFixtureSite();
const FLAMENGO = '/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html';
const ARSENAL = '/campeonato-ingles/21-11-2026-arsenal-x-chelsea.html';
const OPTIONS: FetchPageOptions = { timeoutMs: 2_000, maxBytes: 5 * 1024 * 1024, retryBaseDelayMs: 5 };

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream({ pages: site });
});
afterAll(async () => {
  await upstream.close();
});
beforeEach(() => {
  upstream.setFault(MATCH_PAGE_PATH, null);
  upstream.setFault(FLAMENGO, null);
  for (const [path, html] of Object.entries(site)) upstream.setPage(path, html);
  upstream.requests.length = 0;
});

async function fetched(path: string, options: Partial<FetchPageOptions> = {}) {
  const result = await fetchPage(upstream.url + path, { ...OPTIONS, ...options });
  if (result.notModified) throw new Error(`unexpected 304 for ${path}`);
  return result;
}

async function fetchFailure(path: string): Promise<UpstreamFetchError> {
  try {
    await fetchPage(upstream.url + path, OPTIONS);
  } catch (error) {
    if (error instanceof UpstreamFetchError) return error;
    throw error;
  }
  throw new Error(`${path} did not fail`);
}

describe('match pages from the fake upstream', () => {
  it('serves a page for every listed match, which the parser reads', async () => {
    const first = await fetched(FLAMENGO);
    expect(readMatchPage(first.html, first.url).detail.goals.map((goal) => goal.player)).toEqual([
      'Pedro',
      'Raphael Veiga',
      'Gustavo Gómez',
      'Pedro',
    ]);
    const generated = await fetched(ARSENAL);
    expect(readMatchPage(generated.html, generated.url).pageScore).toEqual({ home: 1, away: 1 });
    const missing = await fetchFailure('/campeonato-ingles/21-11-2026-ninguem-x-nada.html');
    expect(missing.status).toBe(404);
  });

  it('answers 304 to a matching ETag or Last-Modified, 200 with a new ETag once the page changes', async () => {
    const first = await fetched(ARSENAL);
    expect(first.etag).toMatch(/^"[\w-]+"$/);
    expect(first.lastModified).not.toBeNull();
    const byEtag = await fetchPage(upstream.url + ARSENAL, { ...OPTIONS, etag: first.etag });
    expect(byEtag.notModified).toBe(true);
    const byDate = await fetchPage(upstream.url + ARSENAL, { ...OPTIONS, lastModified: first.lastModified });
    expect(byDate.notModified).toBe(true);
    // The page changes (the demo re-renders it a minute later): a new ETag, the whole page again.
    upstream.setPage(ARSENAL, (site[ARSENAL] ?? '').replace('ENCERRADO', 'FIM DE JOGO'));
    const after = await fetchPage(upstream.url + ARSENAL, { ...OPTIONS, etag: first.etag });
    expect(after.notModified).toBe(false);
    expect(after.etag).not.toBe(first.etag);
    const conditional = upstream.requests.filter((request) => request.headers['if-none-match'] !== undefined);
    expect(conditional.length).toBe(2);
  });

  it('plays a 429 with Retry-After on every match page for one request each, never on a listing', async () => {
    upstream.setFault(MATCH_PAGE_PATH, { kind: 'status', status: 429, retryAfter: '120' }, { times: 1 });
    const limited = await fetchFailure(ARSENAL);
    expect(limited.status).toBe(429);
    expect(limited.retryAfterMs).toBe(120_000);
    await fetched(ARSENAL); // the fault was for one request
    const listing = await fetched(LISTING_PATHS.hoje);
    expect(listing.html).toBe(site[LISTING_PATHS.hoje]);
  });

  it('plays 503, 500 and a slow body on one match page, for as long as asked', async () => {
    upstream.setFault(FLAMENGO, { kind: 'status', status: 503, retryAfter: '30' });
    expect((await fetchFailure(FLAMENGO)).status).toBe(503);
    expect((await fetchFailure(FLAMENGO)).status).toBe(503);
    upstream.setFault(FLAMENGO, { kind: 'status', status: 500 }, { times: 3 });
    expect((await fetchFailure(FLAMENGO)).status).toBe(500); // fetchPage retries a 5xx twice: 3 requests
    await fetched(FLAMENGO);
    upstream.setFault(FLAMENGO, { kind: 'slow-body', bytesPerSecond: 4_000 });
    const slow = await fetchPage(upstream.url + FLAMENGO, { ...OPTIONS, timeoutMs: 300 }).catch(
      (error: unknown) => error,
    );
    expect(slow).toBeInstanceOf(UpstreamFetchError);
    expect((slow as UpstreamFetchError).reason).toBe('timeout');
    await fetched(ARSENAL); // another match page is not slowed
  });
});
