/**
 * GET /api/ontem against `npm start` (issue 23): the yesterday listing is served like the others
 * (same envelope, OpenAPI schema and caching), fetched at most once per YESTERDAY_REFRESH_SECONDS
 * and conditionally — here a short interval, with requests counted on the fake upstream — and a
 * failing yesterday listing fails alone and shows in /healthz.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListEnvelope } from '../../../src/lib/model/model.ts';
import type { Health } from '../../../src/server/health/healthz.ts';
import { readExpectedMatchesServedFrom } from '../../../harness/fixture-snapshot.ts';
import { startServedFixtures, type ServedFixtures } from '../../support/openapi/served-fixtures.ts';

const REFRESH_SECONDS = 2;
const YESTERDAY_SECONDS = 6;

let served: ServedFixtures;

beforeAll(async () => {
  served = await startServedFixtures({
    REFRESH_CRON: `*/${REFRESH_SECONDS} * * * * *`,
    YESTERDAY_REFRESH_SECONDS: String(YESTERDAY_SECONDS),
    SEARCH_RATE_LIMIT: '0',
  });
}, 120_000);

afterAll(async () => {
  await served?.close();
});

const requestsTo = (path: string, from: number, to = Date.now()): typeof served.upstream.requests =>
  served.upstream.requests.filter((request) => request.path === path && request.at >= from && request.at < to);

async function readHealth(): Promise<Health> {
  return (await served.get('/healthz')).json() as Health;
}

describe('GET /api/ontem', () => {
  it('serves yesterday’s matches in the /api/hoje envelope, valid against the published OpenAPI document', async () => {
    const response = await served.get('/api/ontem');
    expect(response.status).toBe(200);
    expect(served.schemas.responseErrors('GET', '/api/ontem', response)).toEqual([]);
    const envelope = response.json() as ListEnvelope;
    expect(envelope).toMatchObject({
      timezone: 'America/Sao_Paulo',
      source: `${served.upstream.url}/jogos-de-ontem`,
      stale: false,
      count: 6,
    });
    expect(envelope.generatedAt).not.toBeNull();
    expect(envelope.matches).toEqual(readExpectedMatchesServedFrom('ontem', served.upstream.url));
    const hoje = await served.get('/api/hoje');
    for (const header of ['content-type', 'cache-control', 'access-control-allow-origin']) {
      expect(response.headers[header], header).toBe(hoje.headers[header]);
    }
    const etag = String(response.headers.etag);
    expect((await served.get('/api/ontem', { 'If-None-Match': etag })).status).toBe(304);
  });

  it('is listed in /api/routes', async () => {
    const document = (await served.get('/api/routes')).json() as {
      paths: Record<string, { get?: { operationId?: string } }>;
    };
    expect(document.paths['/api/ontem']?.get?.operationId).toBe('listarOntem');
  });

  it('asks the upstream for it at most once per interval, conditionally, while the others go every refresh', async () => {
    const from = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 3 * YESTERDAY_SECONDS * 1000 + 500));
    const to = Date.now();
    const ontem = requestsTo('/jogos-de-ontem', from, to);
    const hoje = requestsTo('/jogos-de-hoje', from, to);
    const slots = Math.ceil((to - from) / (YESTERDAY_SECONDS * 1000)) + 1;
    expect(ontem.length).toBeGreaterThanOrEqual(1);
    expect(ontem.length).toBeLessThanOrEqual(slots);
    // Never two in one slot of the clock.
    const slotOf = (at: number): number => Math.floor(at / (YESTERDAY_SECONDS * 1000));
    expect(new Set(ontem.map((request) => slotOf(request.at))).size).toBe(ontem.length);
    for (const request of ontem) expect(request.headers['if-none-match'], 'conditional').toMatch(/^"/);
    // The minute listings keep their own rhythm (generous: a loaded machine skips ticks).
    expect(hoje.length).toBeGreaterThan(ontem.length);
  }, 60_000);

  it('fails alone: the others go on, /healthz says what failed, the last good data stays', async () => {
    const before = (await served.get('/api/ontem')).json() as ListEnvelope;
    const hojeBefore = ((await served.get('/api/hoje')).json() as ListEnvelope).generatedAt;
    served.upstream.setFault('/jogos-de-ontem', { kind: 'status', status: 500 });
    try {
      await expect
        .poll(async () => (await readHealth()).listings.ontem.lastError, { timeout: 30_000, interval: 250 })
        .toMatch(/HTTP 500/);
      const health = await readHealth();
      for (const listing of ['live', 'hoje', 'amanha'] as const)
        expect(health.listings[listing].lastError, listing).toBeNull();
      // Yesterday's data is not stale until 3 of its own intervals pass.
      expect(health.listings.ontem.stale).toBe(false);
      await expect
        .poll(async () => ((await served.get('/api/hoje')).json() as ListEnvelope).generatedAt, { timeout: 15_000 })
        .not.toBe(hojeBefore);
      const after = (await served.get('/api/ontem')).json() as ListEnvelope;
      expect(after.matches).toEqual(before.matches);
      expect(served.placar.output()).toMatch(
        /aviso: ontem não foi atualizada: .*HTTP 500; os últimos dados válidos foram mantidos/,
      );
    } finally {
      served.upstream.setFault('/jogos-de-ontem', null);
    }
    await expect
      .poll(async () => (await readHealth()).listings.ontem.lastError, { timeout: 30_000, interval: 250 })
      .toBeNull();
  }, 90_000);
});
