import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { UpstreamFetchError } from '../../../src/upstream/fetch/errors.ts';
import {
  fetchPage,
  USER_AGENT,
  type FetchPageOptions,
  type FetchPageResult,
} from '../../../src/upstream/fetch/fetch-page.ts';

const PATH = '/jogos-de-hoje';
const pages = readFixturePages();
const page = pages[PATH] ?? '';
// A deadline a busy machine's loopback always meets, except where a test is about the deadline (TIMING_OUT).
const OPTIONS: FetchPageOptions = { timeoutMs: 10_000, maxBytes: 100_000, retryBaseDelayMs: 5 };
const TIMING_OUT: FetchPageOptions = { ...OPTIONS, timeoutMs: 300 };

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream({ pages });
});
afterAll(async () => {
  await upstream.close();
});
beforeEach(() => {
  upstream.setFault(PATH, null);
  upstream.setPage(PATH, page);
  upstream.requests.length = 0;
});

const requestsTo = (path: string): number =>
  upstream.requests.filter((r) => new URL(r.path, 'http://x').pathname === path).length;

async function fetchError(url: string, options: FetchPageOptions = OPTIONS): Promise<UpstreamFetchError> {
  try {
    await fetchPage(url, options);
  } catch (error) {
    expect(error).toBeInstanceOf(UpstreamFetchError);
    expect((error as UpstreamFetchError).name).toBe('UpstreamFetchError');
    expect((error as UpstreamFetchError).message).toContain(url);
    expect((error as UpstreamFetchError).message).toContain('últimos dados válidos foram mantidos');
    return error as UpstreamFetchError;
  }
  throw new Error(`fetchPage(${url}) did not fail`);
}

function html(result: FetchPageResult): string {
  if (result.notModified) throw new Error('unexpected 304');
  return result.html;
}

describe('fetchPage against the fake upstream', () => {
  it('gets the page with a polite identity, decompressing gzip, and returns its validators', async () => {
    const result = await fetchPage(upstream.url + PATH, OPTIONS);
    expect(html(result)).toBe(page);
    expect(result.etag).toMatch(/^"[\w-]+"$/);
    expect(result.lastModified).toMatch(/GMT$/);
    const [request] = upstream.requests;
    expect(request?.headers['user-agent']).toBe(USER_AGENT);
    expect(USER_AGENT).toMatch(/^Placar\/\S+ \(\+https:\/\/\S+\)$/);
    expect(request?.headers['accept-language']).toMatch(/^pt-BR/);
    expect(request?.headers['accept-encoding']).toBe('br, gzip');
    expect(request?.headers['if-none-match']).toBeUndefined();
  });

  it('decompresses brotli', async () => {
    const brotliOnly = await startFakeUpstream({ pages, encodings: ['br'] });
    try {
      expect(html(await fetchPage(brotliOnly.url + PATH, OPTIONS))).toBe(page);
    } finally {
      await brotliOnly.close();
    }
  });

  it('sends If-None-Match / If-Modified-Since and reports a 304 as not modified', async () => {
    const first = await fetchPage(upstream.url + PATH, OPTIONS);
    const second = await fetchPage(upstream.url + PATH, {
      ...OPTIONS,
      etag: first.etag,
      lastModified: first.lastModified,
    });
    expect(second).toMatchObject({ notModified: true, etag: first.etag });
    expect(upstream.requests[1]?.headers['if-none-match']).toBe(first.etag);
    expect(upstream.requests[1]?.headers['if-modified-since']).toBe(first.lastModified);
    upstream.setPage(PATH, page.replace('Flamengo', 'Flamengo RJ'));
    const third = await fetchPage(upstream.url + PATH, {
      ...OPTIONS,
      etag: first.etag,
      lastModified: first.lastModified,
    });
    expect(html(third)).toContain('Flamengo RJ');
    expect(third.etag).not.toBe(first.etag);
  });

  it('times out a server that never answers, without retrying', async () => {
    upstream.setFault(PATH, { kind: 'timeout' });
    const started = performance.now();
    const error = await fetchError(upstream.url + PATH, TIMING_OUT);
    expect(error.reason).toBe('timeout');
    expect(error.message).toMatch(/sem resposta completa em 300 ms/);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(requestsTo(PATH)).toBe(1);
  });

  it('times out a body that trickles in: the deadline covers the body too', async () => {
    upstream.setFault(PATH, { kind: 'slow-body', bytesPerSecond: 2_000 });
    expect((await fetchError(upstream.url + PATH, TIMING_OUT)).reason).toBe('timeout');
  });

  it('retries a refused connection twice, then fails as a network error', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await fetchError(`http://127.0.0.1:${port}${PATH}`);
    expect(error.reason).toBe('network');
    expect(error.message).toMatch(/ECONNREFUSED/);
  });

  it('retries a connection reset mid-body (3 requests in all)', async () => {
    upstream.setFault(PATH, { kind: 'reset' });
    expect((await fetchError(upstream.url + PATH)).reason).toBe('network');
    expect(requestsTo(PATH)).toBe(3);
  });

  it('retries a 500 twice, then reports the status', async () => {
    upstream.setFault(PATH, { kind: 'status', status: 500 });
    const error = await fetchError(upstream.url + PATH);
    expect(error).toMatchObject({ reason: 'http-status', status: 500 });
    expect(error.message).toMatch(/HTTP 500/);
    expect(requestsTo(PATH)).toBe(3);
  });

  it('recovers when a retry succeeds', async () => {
    upstream.setFault(PATH, { kind: 'status', status: 502 });
    const pending = fetchPage(upstream.url + PATH, { ...OPTIONS, retryBaseDelayMs: 150 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    upstream.setFault(PATH, null);
    expect(html(await pending)).toBe(page);
    expect(requestsTo(PATH)).toBe(2);
  });

  it.each([403, 404, 410])('does not retry a %i', async (status) => {
    upstream.setFault(PATH, { kind: 'status', status });
    expect(await fetchError(upstream.url + PATH)).toMatchObject({ reason: 'http-status', status });
    expect(requestsTo(PATH)).toBe(1);
  });

  it.each([429, 503])('honours Retry-After on a %i: no retry, and no request before the instant', async (status) => {
    upstream.setFault(PATH, { kind: 'status', status, retryAfter: '120' });
    const now = new Date('2026-11-21T22:00:00.000Z');
    const error = await fetchError(upstream.url + PATH, { ...OPTIONS, now: () => now });
    expect(error).toMatchObject({ reason: 'http-status', status, retryAfterMs: 120_000 });
    expect(error.retryNotBefore?.toISOString()).toBe('2026-11-21T22:02:00.000Z');
    expect(error.message).toMatch(/Retry-After.*2026-11-21T19:02:00-03:00/);
    expect(requestsTo(PATH)).toBe(1);

    upstream.setFault(PATH, null);
    const early = { ...OPTIONS, retryNotBefore: error.retryNotBefore, now: () => new Date('2026-11-21T22:01:59.000Z') };
    expect((await fetchError(upstream.url + PATH, early)).reason).toBe('retry-after-pending');
    expect(requestsTo(PATH)).toBe(1);
    const onTime = {
      ...OPTIONS,
      retryNotBefore: error.retryNotBefore,
      now: () => new Date('2026-11-21T22:02:00.000Z'),
    };
    expect(html(await fetchPage(upstream.url + PATH, onTime))).toBe(page);
    expect(requestsTo(PATH)).toBe(2);
  });

  it('reads a Retry-After given as an HTTP date', async () => {
    const now = new Date('2026-11-21T22:00:00.000Z');
    upstream.setFault(PATH, { kind: 'status', status: 503, retryAfter: 'Sat, 21 Nov 2026 22:05:00 GMT' });
    const error = await fetchError(upstream.url + PATH, { ...OPTIONS, now: () => now });
    expect(error.retryAfterMs).toBe(300_000);
    expect(requestsTo(PATH)).toBe(1);
  });

  it('rejects a 200 that is not text/html', async () => {
    upstream.setFault(PATH, { kind: 'content-type', contentType: 'application/json' });
    const error = await fetchError(upstream.url + PATH);
    expect(error.reason).toBe('content-type');
    expect(error.message).toMatch(/application\/json/);
    expect(requestsTo(PATH)).toBe(1);
  });

  it('rejects a body over the size cap', async () => {
    upstream.setFault(PATH, { kind: 'oversize', bytes: 300_000 });
    const error = await fetchError(upstream.url + PATH);
    expect(error.reason).toBe('too-large');
    expect(error.message).toMatch(/limite de 100000 bytes/);
  });

  it('stops a gzip bomb after the cap instead of inflating it (1 GB would not fit in the 2 s deadline)', async () => {
    upstream.setFault(PATH, { kind: 'gzip-bomb', bytes: 1_000_000_000 });
    const error = await fetchError(upstream.url + PATH, { ...OPTIONS, timeoutMs: 2_000 });
    expect(error.reason).toBe('too-large');
  });

  it('returns a truncated page as fetched (the parser rejects it)', async () => {
    upstream.setFault(PATH, { kind: 'truncated' });
    const text = html(await fetchPage(upstream.url + PATH, OPTIONS));
    expect(text.length).toBeLessThan(page.length);
    expect(text).not.toMatch(/<\/html>/);
  });

  it('decodes invalid UTF-8 with replacement characters instead of failing', async () => {
    upstream.setFault(PATH, { kind: 'invalid-utf8' });
    const text = html(await fetchPage(upstream.url + PATH, OPTIONS));
    expect(text).toContain('Brasileir\uFFFDo');
    expect(text).toContain('Flamengo');
  });

  it('follows a redirect on the same host and reports the final URL', async () => {
    upstream.setFault('/antigo', { kind: 'redirect', location: PATH });
    const result = await fetchPage(`${upstream.url}/antigo`, OPTIONS);
    expect(result.url).toBe(upstream.url + PATH);
    expect(html(result)).toBe(page);
  });

  it('refuses a redirect to another host', async () => {
    const otherHost = upstream.url.replace('127.0.0.1', 'localhost');
    upstream.setFault(PATH, { kind: 'redirect', location: `${otherHost}${PATH}` });
    const error = await fetchError(upstream.url + PATH);
    expect(error.reason).toBe('redirect');
    expect(error.message).toMatch(/outro site/);
  });

  it('refuses a redirect to another port of the same host, and sends nothing there', async () => {
    const otherPort = await startFakeUpstream({ pages });
    try {
      upstream.setFault(PATH, { kind: 'redirect', location: `${otherPort.url}${PATH}` });
      const error = await fetchError(upstream.url + PATH);
      expect(error.reason).toBe('redirect');
      expect(error.message).toMatch(/outra origem/);
      expect(otherPort.requests).toHaveLength(0);
    } finally {
      await otherPort.close();
    }
  });

  it('detects a redirect loop', async () => {
    upstream.setFault(PATH, { kind: 'redirect-loop' });
    const error = await fetchError(upstream.url + PATH);
    expect(error.reason).toBe('redirect');
    expect(error.message).toMatch(/ciclo/);
    expect(requestsTo(PATH)).toBe(2);
  });

  it('gives up after 3 redirects', async () => {
    for (const [from, to] of [
      ['/r1', '/r2'],
      ['/r2', '/r3'],
      ['/r3', '/r4'],
      ['/r4', PATH],
    ]) {
      upstream.setFault(from as string, { kind: 'redirect', location: to as string });
    }
    const error = await fetchError(`${upstream.url}/r1`);
    expect(error.message).toMatch(/mais de 3 redirecionamentos/);
    expect(requestsTo(PATH)).toBe(0);
    expect(html(await fetchPage(`${upstream.url}/r2`, OPTIONS))).toBe(page);
  });
});
