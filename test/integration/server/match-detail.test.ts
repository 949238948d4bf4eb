/**
 * Each match whole, end to end on loopback: the refresh reads the match pages of the matches that
 * have started (never one to come of another day than today and tomorrow), and the server answers /api/jogo/{id} (the contract of
 * docs/api.md, with the listings' caching, ETag, CORS and compression, where to watch included) and
 * /jogo/{id} ("Onde assistir"); another id is a 404 problem; a restart serves the kept details at
 * once, the upstream gone. In this process, no port and no cron: one refresh handed to a server asked over
 * its in-memory connection (test/support/data-dir/in-process-placar.ts); the restart a new server on the DATA_DIR.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { LIST_JSON_CACHE_CONTROL } from '../../../src/lib/api/headers-policy.ts';
import { MatchDetailEnvelopeSchema, ProblemSchema } from '../../../src/lib/model/model.ts';
import { readExpectedMatchDetail } from '../../../harness/fixture-snapshot.ts';
import { startInProcessPlacar, type InProcessPlacar } from '../../support/data-dir/in-process-placar.ts';
import { listingRequests } from '../../../harness/upstream-pages.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/upstream/match-pages');
const FLAMENGO = 'brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras';
const SCHEDULED = 'brasileirao-serie-a/21-11-2026-atletico-mg-x-red-bull-bragantino';

let upstream: FakeUpstream;
let placar: InProcessPlacar;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-match-detail-'));

beforeAll(async () => {
  const page = fs.readFileSync(path.join(FIXTURES, 'jogo-flamengo-x-palmeiras.html'), 'utf8');
  upstream = await startFakeUpstream({ pages: { ...readFixturePages(), [`/${FLAMENGO}.html`]: page } });
  placar = await startInProcessPlacar({ upstreamUrl: upstream.url, dataDir });
  await placar.refresh();
});

afterAll(async () => {
  await placar?.close();
  await upstream?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('/api/jogo/{id}', () => {
  it('answers the match whole, as the contract says, cached like the listings', async () => {
    // What fetch() asks for over http:.
    const response = await placar.request(`/api/jogo/${FLAMENGO}`, { headers: { 'Accept-Encoding': 'gzip, deflate' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe(LIST_JSON_CACHE_CONTROL);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const body = JSON.parse(zlib.gunzipSync(response.body).toString('utf8')) as { detail: { broadcasts?: unknown } };
    // On the wire, not through the schema's default: the channel row of the match page, in its order.
    expect(body.detail.broadcasts).toEqual([
      { channel: 'SporTV', note: '7 dias grátis' },
      { channel: 'Premiere', note: null },
    ]);
    const envelope = MatchDetailEnvelopeSchema.parse(body);
    expect(envelope.detail).toEqual(readExpectedMatchDetail());
    expect(envelope.match.id).toBe(FLAMENGO);
    expect(envelope.source).toBe(`${upstream.url}/${FLAMENGO}.html`);
    expect(envelope.generatedAt).not.toBeNull();
    expect(envelope.stale).toBe(false);

    const etag = response.headers.etag ?? '';
    expect(etag).not.toBe('');
    const again = await placar.request(`/api/jogo/${FLAMENGO}`, {
      headers: { 'If-None-Match': etag, 'Accept-Encoding': response.headers['content-encoding'] ?? '' },
    });
    expect(again.status).toBe(304);
    // Match files are held and published with a gzip variant only (thousands of small files).
    const compressed = await placar.request(`/api/jogo/${FLAMENGO}`, {
      headers: { 'Accept-Encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(compressed.body).toString('utf8')).match.id).toBe(FLAMENGO);
  });

  it('answers clients that accept no compression with the same bytes, ranges included (held compressed, inflated per request)', async () => {
    const plain = await placar.request(`/api/jogo/${FLAMENGO}`);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    const envelope = MatchDetailEnvelopeSchema.parse(JSON.parse(plain.body.toString('utf8')));
    expect(envelope.match.id).toBe(FLAMENGO);
    const part = await placar.request(`/api/jogo/${FLAMENGO}`, { headers: { Range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(part.body.toString('utf8')).toBe(plain.body.subarray(0, 10).toString('utf8'));
  });

  // The samples' day is long past: their matches to come are of another day (match-to-come.test.ts reads them on theirs).
  it('has every match of the listings: one to come of a past day has detail null, its page never asked for', async () => {
    const envelope = MatchDetailEnvelopeSchema.parse((await placar.request(`/api/jogo/${SCHEDULED}`)).json());
    expect(envelope).toMatchObject({ generatedAt: null, detail: null });
    expect(envelope.match.status).toBe('SCHEDULED');
    const pages = upstream.requests.filter((request) => request.path.endsWith('.html'));
    expect(pages.map((request) => request.path)).not.toContain(`/${SCHEDULED}.html`);
    expect(pages.map((request) => request.path)).toContain(`/${FLAMENGO}.html`);
    // One refresh: each listing once, each started match's page at most once.
    expect(listingRequests(upstream.requests)).toHaveLength(4);
    expect(new Set(pages.map((request) => request.path)).size).toBe(pages.length);
  });

  it('answers another id with a 404 problem', async () => {
    const response = await placar.request('/api/jogo/brasileirao-serie-a/01-01-2020-a-x-b');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(ProblemSchema.parse(response.json()).status).toBe(404);
  });

  it('serves the match page /jogo/{id}', async () => {
    const response = await placar.request(`/jogo/${FLAMENGO}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.text();
    expect(html).toContain('Pedro');
    const whereToWatch = /<section[^>]*data-section="broadcasts"[^>]*>([\s\S]*?)<\/section>/.exec(html);
    expect(whereToWatch?.[0]).not.toMatch(/^<section[^>]*\shidden/);
    expect(whereToWatch?.[1]).toContain('Onde assistir');
    expect(whereToWatch?.[1]).toMatch(/<li>SporTV \(7 dias grátis\)<\/li>\s*<li>Premiere<\/li>/);
  });

  it('after a restart, with the upstream gone, serves the kept details at once', async () => {
    await placar.close();
    await upstream.close();
    // A new server on the kept DATA_DIR, with no refresh: what it serves is what it read there.
    placar = await startInProcessPlacar({ upstreamUrl: upstream.url, dataDir });
    const envelope = MatchDetailEnvelopeSchema.parse((await placar.request(`/api/jogo/${FLAMENGO}`)).json());
    expect(envelope.detail).toEqual(readExpectedMatchDetail());
  });
});
