/**
 * A big day through the real server (a refresh against the fake upstream, today's listing at its
 * 5,000-match limit, served in this process: no port, no cron): a broad /api/busca query answers the best SEARCH_RESULTS_MAX matches with
 * `truncated`, in a body of kilobytes, valid against the served OpenAPI document; every spelling of
 * a query (other parameters, case, accents, spacing) gets the same bytes.
 */
import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { LIMITS, type SearchEnvelope } from '../../../src/lib/model/model.ts';
import { SEARCH_RESULTS_MAX } from '../../../src/lib/model/search-results.ts';
import { createOpenApiBodyValidator, type OpenApiBodyValidator } from '../../support/openapi/openapi-validator.ts';
import type { RawResponse } from '../../support/http/raw-http.ts';
import { buildManyMatchesPage } from '../../../harness/upstream-pages.ts';
import { refreshPlacarForFile } from '../../support/data-dir/in-process-placar.ts';

const pages = readFixturePages();
let schemas: OpenApiBodyValidator;

const served = refreshPlacarForFile({
  pages: () => ({
    ...pages,
    '/jogos-de-hoje': buildManyMatchesPage(pages['/jogos-em-andamento'] ?? '', LIMITS.matches),
  }),
  // A 5,000-match day's first build on a busy machine: past the default limit, which this test is not about.
  env: { SEARCH_RATE_LIMIT: '0', BUILD_TIMEOUT_MS: '600000' },
});

const search = (target: string, headers: Record<string, string> = {}): Promise<RawResponse> =>
  served.placar.request(target, { headers });

beforeAll(async () => {
  const routes = await served.placar.request('/api/routes');
  schemas = createOpenApiBodyValidator(routes.json() as Record<string, unknown>);
});

describe(`/api/busca on a ${LIMITS.matches.toLocaleString('pt-BR')}-match day`, () => {
  it(`answers a broad query with the ${SEARCH_RESULTS_MAX} best and says it cut`, async () => {
    const response = await search('/api/busca?q=clube', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    const text = brotliDecompressSync(response.body).toString('utf8');
    const envelope = JSON.parse(text) as SearchEnvelope;
    expect(schemas.errors('SearchEnvelope', envelope)).toEqual([]);
    expect(envelope).toMatchObject({ count: SEARCH_RESULTS_MAX, truncated: true, query: 'clube' });
    expect(envelope.matches).toHaveLength(SEARCH_RESULTS_MAX);
    expect(new Set(envelope.matches.map((match) => match.id)).size).toBe(SEARCH_RESULTS_MAX);
    // Without the cap this query sent every one of the day's matches (megabytes).
    expect(Buffer.byteLength(text)).toBeLessThan(SEARCH_RESULTS_MAX * 1_000);
  });

  it('answers a narrow query whole', async () => {
    const envelope = (await search('/api/busca?q=mandante+futebol+clube+4999')).json() as SearchEnvelope;
    expect(schemas.errors('SearchEnvelope', envelope)).toEqual([]);
    expect(envelope).toMatchObject({ truncated: false, count: 1 });
    expect(envelope.matches[0]?.homeTeam.name).toBe('Mandante Futebol Clube 4999');
  });

  it('gives every URL of the same q the same bytes, echoing q as received, trimmed', async () => {
    const headers = { 'Accept-Encoding': 'br' };
    const first = await search('/api/busca?q=esporte+clube', headers);
    expect(first.status).toBe(200);
    for (const target of [
      '/api/busca?q=esporte+clube&a=1',
      '/api/busca?b=2&q=esporte%20clube',
      '/api/busca?q=+esporte+clube+',
    ]) {
      const other = await search(target, headers);
      expect(other.status, target).toBe(200);
      expect(other.headers.etag, target).toBe(first.headers.etag);
      expect(other.body.equals(first.body), target).toBe(true);
    }
    expect(JSON.parse(brotliDecompressSync(first.body).toString('utf8'))).toMatchObject({
      query: 'esporte clube',
      truncated: true,
    });
    // Another spelling finds the same matches and echoes itself.
    const spelled = (await search('/api/busca?q=ESPORTE%20%20Cl%C3%BAbe')).json() as SearchEnvelope;
    const plain = (await search('/api/busca?q=esporte+clube')).json() as SearchEnvelope;
    expect(spelled.query).toBe('ESPORTE  Clúbe');
    expect(spelled.matches).toEqual(plain.matches);
  });
});
