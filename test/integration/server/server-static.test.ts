/**
 * `npm start` against the fake upstream, over real HTTP on loopback: the pre-built endpoints,
 * pages and assets (headers, bodies validated against the served OpenAPI document),
 * conditional requests, br/gzip, HEAD, OPTIONS, 404/405 and traversal attempts.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUpstream } from '../../../src/demo/upstream-server.ts';
import {
  ASSET_CACHE_CONTROL,
  LIST_JSON_CACHE_CONTROL,
  PAGE_CACHE_CONTROL,
} from '../../../src/lib/api/headers-policy.ts';
import type { ListEnvelope } from '../../../src/lib/model/model.ts';
import { expectCommonHeaders, expectProblem } from '../../support/openapi/http-expectations.ts';
import type { OpenApiBodyValidator } from '../../support/openapi/openapi-validator.ts';
import type { PlacarProcess } from '../../../harness/placar-process.ts';
import { startServedFixtures, type ServedFixtures } from '../../support/openapi/served-fixtures.ts';

const ENV = { REFRESH_CRON: '0 0 * * *' };
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

describe('pre-built JSON endpoints', () => {
  it.each([
    ['/api/live', '/jogos-em-andamento', 4],
    ['/api/hoje', '/jogos-de-hoje', 13],
    ['/api/amanha', '/jogos-de-amanha', 6],
  ])('%s serves the listing envelope with the API headers', async (path, upstreamPath, count) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe(LIST_JSON_CACHE_CONTROL);
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(Date.parse(String(response.headers['last-modified']))).not.toBeNaN();
    expectCommonHeaders(response);
    const envelope = response.json() as ListEnvelope;
    expect(schemas.errors('ListEnvelope', envelope)).toEqual([]);
    expect(envelope).toMatchObject({ source: upstream.url + upstreamPath, stale: false, count });
    expect(envelope.matches).toHaveLength(count);
  });

  it('/api/routes is a valid OpenAPI 3.1 document', async () => {
    const response = await get('/api/routes');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const result = await new Validator().validate(response.json() as Record<string, unknown>);
    expect(result.valid).toBe(true);
  });

  it('answers If-None-Match and If-Modified-Since with 304', async () => {
    const first = await get('/api/hoje');
    const byEtag = await get('/api/hoje', { 'If-None-Match': String(first.headers.etag) });
    expect(byEtag.status).toBe(304);
    expect(byEtag.body.length).toBe(0);
    expect(byEtag.headers.etag).toBe(first.headers.etag);
    const byDate = await get('/api/hoje', { 'If-Modified-Since': String(first.headers['last-modified']) });
    expect(byDate.status).toBe(304);
    expect((await get('/api/hoje', { 'If-None-Match': '"outro"' })).status).toBe(200);
  });

  it('serves br and gzip variants with their own ETags, and identity otherwise', async () => {
    const identity = await get('/api/hoje');
    const br = await get('/api/hoje', { 'Accept-Encoding': 'gzip, deflate, br' });
    const gzip = await get('/api/hoje', { 'Accept-Encoding': 'gzip' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const response of [identity, br, gzip]) expect(response.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true);
    expect(br.body.length).toBeLessThan(identity.body.length);
    expect(new Set([identity.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
    const revalidated = await get('/api/hoje', { 'Accept-Encoding': 'br', 'If-None-Match': String(br.headers.etag) });
    expect(revalidated.status).toBe(304);
  });

  it('answers HEAD with the GET headers and no body', async () => {
    const full = await get('/api/amanha');
    const head = await get('/api/amanha', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(full.body.length));
    expect(head.headers.etag).toBe(full.headers.etag);
  });
});

describe('pages and assets', () => {
  it.each(['/', '/hoje', '/busca'])('%s is a pt-BR HTML page with the page Cache-Control', async (path) => {
    const response = await get(path, { 'Accept-Encoding': 'br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe(PAGE_CACHE_CONTROL);
    expect(response.headers['content-encoding']).toBe('br');
    expectCommonHeaders(response);
    const html = brotliDecompressSync(response.body).toString('utf8');
    expect(html).toContain('lang="pt-BR"');
    // The CSP allows no inline script: every script must be an external same-origin file.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('serves fingerprinted assets as immutable', async () => {
    const html = (await get('/')).text();
    const asset = /(?:src|href)="(\/_astro\/[^"]+)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const response = await get(asset ?? '/_astro/missing');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe(ASSET_CACHE_CONTROL);
    expect(response.headers['content-type']).toMatch(/^(text\/javascript|text\/css)/);
  });

  it('answers an unknown page with a pt-BR HTML 404', async () => {
    const response = await get('/nao-existe');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.text()).toContain('lang="pt-BR"');
    expectCommonHeaders(response);
  });
});

describe('a file named verbatim (answered without parsing the target) and the full reading', () => {
  it.each(['/', '/hoje', '/api/hoje', '/favicon.svg'])('%s answers as %s? and its absolute form do', async (route) => {
    const first = await get(route, { 'Accept-Encoding': 'br' });
    const cases: { headers: Record<string, string>; method?: string }[] = [
      { headers: {} },
      { headers: { 'Accept-Encoding': 'gzip, deflate, br' } },
      { headers: { 'Accept-Encoding': 'gzip' } },
      { headers: { 'Accept-Encoding': 'br', 'If-None-Match': String(first.headers.etag) } },
      { headers: { Range: 'bytes=5-14' } },
      { headers: { Range: 'bytes=999999999-' } },
      { headers: { 'Accept-Encoding': 'br' }, method: 'HEAD' },
    ];
    const withoutDate = (headers: Record<string, unknown>): Record<string, unknown> => ({
      ...headers,
      date: undefined,
    });
    for (const { headers, method } of cases) {
      const [verbatim, ...parsed] = await Promise.all(
        [route, `${route}?`, `${placar.url}${route}`].map((target) => get(target, headers, method)),
      );
      for (const other of parsed) {
        const label = `${route} ${method ?? 'GET'} ${JSON.stringify(headers)}`;
        expect(other.status, label).toBe(verbatim?.status);
        expect(withoutDate(other.headers), label).toEqual(withoutDate(verbatim?.headers ?? {}));
        expect(other.body.equals(verbatim?.body ?? Buffer.alloc(0)), label).toBe(true);
      }
      expectCommonHeaders(verbatim ?? first);
    }
  });
});

describe('canonical paths and robots.txt', () => {
  it.each([
    ['/hoje/', '/hoje'],
    ['/busca/', '/busca'],
    ['/api/live/', '/api/live'],
    ['/api/busca/?q=flamengo', '/api/busca?q=flamengo'],
    ['/hoje//?x=1', '/hoje?x=1'],
  ])('%s redirects permanently to %s', async (path, location) => {
    const response = await get(path);
    expect([301, 308]).toContain(response.status);
    expect(response.headers.location).toBe(location);
    expectCommonHeaders(response);
    expect((await get(location)).status).toBe(200);
  });

  it('keeps 404 for a trailing slash on a path that does not exist', async () => {
    expect((await get('/nao-existe/')).status).toBe(404);
    expect((await get('/api/nada/')).status).toBe(404);
  });

  it('serves /robots.txt as text', async () => {
    const response = await get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.text()).toMatch(/^User-agent: \*$/m);
  });
});

describe('errors and methods', () => {
  it('answers OPTIONS (CORS preflight) with 204', async () => {
    const response = await get(
      '/api/live',
      { Origin: 'https://example.com', 'Access-Control-Request-Method': 'GET' },
      'OPTIONS',
    );
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-methods']).toContain('GET');
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers an unknown /api path with a 404 problem', async () => {
    expectProblem(await get('/api/nada'), 404, schemas);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('answers %s with 405 and Allow: GET, HEAD', async (method) => {
    for (const path of ['/api/live', '/api/busca?q=flamengo']) {
      const response = await get(path, {}, method);
      expectProblem(response, 405, schemas);
      expect(response.headers.allow).toBe('GET, HEAD');
    }
    const page = await get('/hoje', {}, method);
    expect(page.status).toBe(405);
    expect(page.headers.allow).toBe('GET, HEAD');
  });

  it('never lets a path out of the client folder', async () => {
    const attempts = [
      '/../../../../etc/passwd',
      '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
      '/api/..%2f..%2f..%2fetc%2fpasswd',
      '/..\\..\\etc\\passwd',
      '/%00',
      '/index.html%00.json',
      '/api/live%00',
      '/%E0%A4%A',
      '/current/../snapshot.json',
      '/../snapshot.json',
      '/%2e%2e/site-manifest.json',
      '/index.html.br',
    ];
    for (const path of attempts) {
      const response = await get(path);
      expect([400, 404], path).toContain(response.status);
      expect(response.text()).not.toMatch(/root:|generatedAt|"files"/);
    }
  });
});
