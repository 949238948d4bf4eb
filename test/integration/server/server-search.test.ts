/**
 * `npm start` against the fake upstream, over real HTTP on loopback: /api/busca (semantics,
 * headers, 400 problems, the per-client rate limit) and /healthz.
 */
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { SEARCH_CACHE_CONTROL } from '../../../src/lib/api/headers-policy.ts';
import type { SearchEnvelope } from '../../../src/lib/model/model.ts';
import { expectCommonHeaders, expectProblem } from '../../support/openapi/http-expectations.ts';
import type { OpenApiBodyValidator } from '../../support/openapi/openapi-validator.ts';
import type { PlacarProcess } from '../../../harness/placar-process.ts';
import { startServedFixtures, type ServedFixtures } from '../../support/openapi/served-fixtures.ts';
import { rawRequest, type RawResponse } from '../../support/http/raw-http.ts';

const RATE_LIMIT = 25;
const ENV = { REFRESH_CRON: '0 0 * * *', SEARCH_RATE_LIMIT: String(RATE_LIMIT) };
let served: ServedFixtures;
let upstream: FakeUpstream;
let placar: PlacarProcess;
let schemas: OpenApiBodyValidator;
let get: ServedFixtures['get'];

beforeAll(async () => {
  served = await startServedFixtures(ENV);
  ({ upstream, placar, schemas, get } = served);
});

afterAll(async () => {
  await served?.close();
});

describe('/api/busca', () => {
  const search = async (q: string, headers: Record<string, string> = {}): Promise<RawResponse> =>
    rawRequest(placar.url, `/api/busca?q=${encodeURIComponent(q)}`, { headers });

  it('finds teams regardless of accents and case, and leagues by name', async () => {
    const cases: Array<[string, string[]]> = [
      ['sao paulo', ['São Paulo', 'Copa São Paulo de Futebol Júnior']],
      ['GREMIO', ['Grêmio']],
      ['campeonato ingles', ['Campeonato Inglês']],
      ['flamengo palmeiras', ['Flamengo']],
    ];
    for (const [q, expected] of cases) {
      const response = await search(q);
      expect(response.status).toBe(200);
      const envelope = response.json() as SearchEnvelope;
      expect(schemas.errors('SearchEnvelope', envelope)).toEqual([]);
      expect(envelope.count).toBeGreaterThan(0);
      for (const match of envelope.matches) {
        const names = [match.homeTeam.name, match.awayTeam.name, match.competition.name].join(' ');
        expect(
          expected.some((name) => names.includes(name)),
          `${q}: ${names}`,
        ).toBe(true);
      }
    }
  });

  it('returns each match once, live first, with the trimmed query and the upstream base URL', async () => {
    const envelope = (await search('  serie a  ')).json() as SearchEnvelope;
    expect(envelope.query).toBe('serie a');
    expect(envelope.source).toBe(upstream.url);
    expect(envelope.matches[0]?.id).toBe('brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras');
    expect(new Set(envelope.matches.map((match) => match.id)).size).toBe(envelope.count);
    expect(envelope.matches.map((match) => match.competition.name)).toContain('Brasileirão Série A');
    expect((await search('time que nao existe')).json()).toMatchObject({ count: 0, matches: [] });
  });

  it('sends its Cache-Control, ETag, 304 and br for larger results', async () => {
    const first = await search('serie a', { 'Accept-Encoding': 'br' });
    expect(first.headers['cache-control']).toBe(SEARCH_CACHE_CONTROL);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toBe('Accept-Encoding');
    expectCommonHeaders(first);
    expect(JSON.parse(brotliDecompressSync(first.body).toString('utf8'))).toMatchObject({ query: 'serie a' });
    const again = await search('serie a', { 'Accept-Encoding': 'br', 'If-None-Match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    const head = await rawRequest(placar.url, '/api/busca?q=flamengo', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('answers bad q with a 400 problem, never a 5xx', async () => {
    const bad = [
      '/api/busca',
      '/api/busca?q=',
      '/api/busca?q=%20%20',
      '/api/busca?q=a',
      `/api/busca?q=${'x'.repeat(101)}`,
      '/api/busca?q=ab&q=cd',
      '/api/busca?q[]=flamengo',
    ];
    for (const path of bad) {
      const response = await rawRequest(placar.url, path, { localAddress: '127.0.0.2' });
      expectProblem(response, 400, schemas);
      expect((response.json() as { detail: string }).detail).toMatch(/q/);
    }
    const notUtf8 = await rawRequest(placar.url, '/api/busca?q=%E0%A4%A', { localAddress: '127.0.0.2' });
    expectProblem(notUtf8, 400, schemas);
    expect((notUtf8.json() as { detail: string }).detail).toContain('não é UTF-8 válido');
    for (const path of [
      '/api/busca?q=%00%00',
      `/api/busca?q=${'%25'.repeat(60)}`,
      '/api/busca?q=%F0%9F%98%80%F0%9F%98%80',
    ]) {
      const response = await rawRequest(placar.url, path, { localAddress: '127.0.0.2' });
      expect(response.status, path).toBeLessThan(500);
    }
  });

  it('searches the same with an absolute-form target or a garbage Host header', async () => {
    const absolute = await rawRequest(placar.url, 'http://outro.example/api/busca?q=flamengo', {
      headers: { Host: 'outro.example' },
    });
    expect(absolute.status).toBe(200);
    expect(absolute.json()).toMatchObject({ query: 'flamengo', count: 1 });
    for (const host of ['[', 'a b', 'x:99999999']) {
      const response = await rawRequest(placar.url, '/api/busca?q=flamengo', {
        headers: { Host: host },
        localAddress: '127.0.0.3',
      });
      expect(response.status, host).toBe(200);
    }
  });

  it(`limits one client to ${RATE_LIMIT} searches a minute with 429, Retry-After and RateLimit headers`, async () => {
    let limited: RawResponse | null = null;
    for (let i = 0; i < RATE_LIMIT * 3 && !limited; i++) {
      const response = await rawRequest(placar.url, '/api/busca?q=flamengo', { localAddress: '127.0.0.9' });
      expect(response.headers['ratelimit-limit']).toBe(String(RATE_LIMIT));
      if (response.status === 429) limited = response;
    }
    expect(limited).not.toBeNull();
    if (!limited) return;
    expectProblem(limited, 429, schemas);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    // Another client is not affected, and static files are never limited.
    expect((await rawRequest(placar.url, '/api/busca?q=flamengo', { localAddress: '127.0.0.10' })).status).toBe(200);
    expect((await rawRequest(placar.url, '/api/live', { localAddress: '127.0.0.9' })).status).toBe(200);
  });
});

describe('/healthz', () => {
  it('reports each listing and the last build, uncached', async () => {
    const response = await get('/healthz');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const health = response.json() as {
      status: string;
      listings: Record<string, { stale: boolean; lastError: string | null }>;
      lastBuildAt: string;
    };
    expect(health.status).toBe('ok');
    expect(Object.keys(health.listings)).toEqual(['live', 'hoje', 'amanha', 'ontem']);
    expect(health.listings.live).toMatchObject({ stale: false, lastError: null });
    expect(health.lastBuildAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
  });
});
