/**
 * /api/busca under `astro dev` (src/pages/api/_search-endpoint.ts): the same answer as the
 * server's, over the snapshot on disk read at request time — a new snapshot is searched at once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../../src/lib/config/config.ts';
import type { SearchEnvelope } from '../../../src/lib/model/model.ts';
import { writeSnapshotAtomically } from '../../../src/lib/store/scraped/snapshot-store.ts';
import { createSearchResponder } from '../../../src/pages/api/_search-endpoint.ts';
import { buildFixtureSnapshot } from '../../../harness/fixture-snapshot.ts';

const UPSTREAM = 'https://www.placardefutebol.com.br';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-astro-search-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const respond = createSearchResponder(readConfig({ DATA_DIR: dataDir, UPSTREAM_URL: UPSTREAM }));
const request = (query: string, headers: Record<string, string> = {}): Request =>
  new Request(`http://localhost:4321/api/busca${query}`, { headers });

describe('/api/busca in astro dev', () => {
  it('searches the snapshot on disk, and a newer one as soon as it is written', async () => {
    expect(((await respond(request('?q=gremio')).json()) as SearchEnvelope).count).toBe(0);
    writeSnapshotAtomically(dataDir, buildFixtureSnapshot(UPSTREAM));
    const response = respond(request('?q=GREMIO'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const envelope = (await response.json()) as SearchEnvelope;
    expect(envelope.count).toBeGreaterThan(0);
    for (const match of envelope.matches) {
      expect([match.homeTeam.name, match.awayTeam.name]).toContain('Grêmio');
    }
  });

  it('answers 304 to its own ETag, compresses larger bodies, and refuses a bad query with problem+json', async () => {
    writeSnapshotAtomically(dataDir, buildFixtureSnapshot(UPSTREAM));
    const first = respond(request('?q=campeonato', { 'accept-encoding': 'br' }));
    expect(first.headers.get('content-encoding')).toBe('br');
    const body = JSON.parse(brotliDecompressSync(Buffer.from(await first.arrayBuffer())).toString()) as SearchEnvelope;
    expect(body.count).toBeGreaterThan(0);
    const etag = first.headers.get('etag') ?? '';
    const again = respond(request('?q=campeonato', { 'accept-encoding': 'br', 'if-none-match': etag }));
    expect(again.status).toBe(304);
    const refused = respond(request('?q='));
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
  });
});
