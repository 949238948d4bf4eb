/**
 * Odd upstream pages that are still valid: a live page of 5,000 matches and a hoje page with invalid UTF-8. One
 * refresh against the fake upstream (runRefresh) hands its build to a Placar server in this process, asked over its
 * in-memory connection (test/support/data-dir/in-process-placar.ts): what is checked is the parse, the build and the
 * answers, none of which needs a schedule or a port.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { LISTING_PATHS, ListEnvelopeSchema, type ListEnvelope } from '../../../src/lib/model/model.ts';
import type { Health } from '../../../src/server/health/healthz.ts';
import { buildManyMatchesPage } from '../../../harness/upstream-pages.ts';
import { startInProcessPlacar, type InProcessPlacar } from '../../support/data-dir/in-process-placar.ts';

const HEALTHZ_TOKEN = 'odd-pages-health-token';
let upstream: FakeUpstream;
let placar: InProcessPlacar;

beforeAll(async () => {
  const pages = readFixturePages();
  upstream = await startFakeUpstream({
    pages: { ...pages, [LISTING_PATHS.live]: buildManyMatchesPage(pages[LISTING_PATHS.live] ?? '', 5_000) },
  });
  upstream.setFault(LISTING_PATHS.hoje, { kind: 'invalid-utf8' });
  placar = await startInProcessPlacar({
    upstreamUrl: upstream.url,
    // A 5,000-match day's first build on a busy machine: past the default limit, which this test is not about.
    env: { SEARCH_RATE_LIMIT: '0', HEALTHZ_TOKEN, BUILD_TIMEOUT_MS: '600000' },
  });
  await placar.refresh();
});

afterAll(async () => {
  await placar?.close();
  await upstream?.close();
});

async function readJson<T>(target: string, headers?: Record<string, string>): Promise<T> {
  const response = await placar.request(target, { headers });
  expect(response.status, target).toBe(200);
  return response.json() as T;
}

describe('odd pages that are still valid', () => {
  it('parses, builds and serves 5,000 live matches', async () => {
    const live = ListEnvelopeSchema.parse(await readJson('/api/live'));
    expect(live.count).toBe(5_000);
    expect(live.matches).toHaveLength(5_000);
    expect(live.matches.at(-1)?.homeTeam.name).toBe('Mandante Futebol Clube 4999');
    const home = await placar.request('/');
    expect(home.status).toBe(200);
    expect(home.text()).toContain('Visitante Esporte Clube 4999');
    const found = await readJson<ListEnvelope>('/api/busca?q=visitante%20esporte%20clube%204999');
    expect(found.matches.map((match) => match.awayTeam.name)).toEqual(['Visitante Esporte Clube 4999']);
  });

  it('shows invalid UTF-8 as replacement characters, and the listing has no error', async () => {
    const hoje = await readJson<ListEnvelope>('/api/hoje');
    expect(hoje.count).toBe(13);
    expect(hoje.matches.flatMap((match) => [match.homeTeam.name, match.awayTeam.name])).toContain('S\uFFFDo Paulo');
    const health = await readJson<Health>('/healthz', { authorization: `Bearer ${HEALTHZ_TOKEN}` });
    expect(health.listings.hoje.lastError).toBeNull();
    expect(health.listings.hoje.stale).toBe(false);
  });
});
