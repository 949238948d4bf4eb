/**
 * The crest step against the fake upstream over real HTTP: raster crests stored under their
 * content hash, SVG/HTML, oversized, missing and foreign-host crests not, each crest asked for
 * once, and a build's client folder getting hard links to the stored files.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCrestMap } from '../../src/lib/store/crest-store.ts';
import { linkCrestsIntoBuild } from '../../src/crests/link-crests.ts';
import { MAX_CREST_BYTES, syncCrests } from '../../src/crests/sync-crests.ts';
import { buildDemoCrest } from '../../src/demo/demo-crests.ts';
import { startFakeUpstream, type FakeUpstream } from '../../src/demo/upstream-server.ts';
import type { Snapshot } from '../../src/lib/model/model.ts';
import { emptySnapshot } from '../../src/lib/store/snapshot-store.ts';
import { createUpstreamAgent } from '../../src/upstream/fetch-page.ts';

let upstream: FakeUpstream;
let foreign: FakeUpstream;
let dataDir: string;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  foreign = await startFakeUpstream({ host: '127.0.0.2' });
  upstream.setPage('/escudos/svg.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
  upstream.setPage('/escudos/enorme.png', 'x'.repeat(MAX_CREST_BYTES + 1));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-crests-'));
});

afterAll(async () => {
  await upstream?.close();
  await foreign?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function snapshotWith(crests: string[]): Snapshot {
  const snapshot = emptySnapshot(upstream.url);
  snapshot.hoje.matches = crests.map((crest, index) => ({
    id: `liga/21-11-2026-a${index}-x-b${index}`,
    url: `${upstream.url}/liga/21-11-2026-a${index}-x-b${index}.html`,
    competition: { name: 'Liga', slug: 'liga' },
    date: '2026-11-21',
    kickoff: null,
    status: 'SCHEDULED',
    statusLabel: 'HOJE 21:30',
    minute: null,
    injuryTime: null,
    homeTeam: { name: `A${index}`, crest },
    awayTeam: { name: `B${index}`, crest: null },
    score: { home: null, away: null, penalties: null },
  }));
  return snapshot;
}

async function sync(snapshot: Snapshot): Promise<Awaited<ReturnType<typeof syncCrests>>> {
  const dispatcher = createUpstreamAgent(5_000);
  try {
    return await syncCrests(snapshot, { dataDir, upstreamUrl: upstream.url, timeoutMs: 5_000, dispatcher, now: () => new Date() });
  } finally {
    await dispatcher.close();
  }
}

describe('syncCrests', () => {
  const good = (): string => `${upstream.url}/escudos/flamengo.png`;
  const all = (): string[] => [good(), `${upstream.url}/escudos/svg.svg`, `${upstream.url}/escudos/enorme.png`, `${upstream.url}/escudos/nao-existe.gif`, `${foreign.url}/escudos/flamengo.png`];

  it('stores only the raster crest from the upstream, under the hash of its bytes', async () => {
    const report = await sync(snapshotWith(all()));
    expect(report).toEqual({ fetched: 4, stored: 1, failed: 3 });
    const map = readCrestMap(dataDir);
    expect(map[good()]?.file).toMatch(/^[0-9a-f]{64}\.png$/);
    for (const url of all().slice(1, 4)) expect(map[url]?.file, url).toBeNull();
    expect(map[all()[4] ?? '']).toBeUndefined();
    const stored = fs.readdirSync(path.join(dataDir, 'escudos')).filter((name) => name !== 'mapa.json');
    expect(stored).toEqual([map[good()]?.file]);
    expect(fs.readFileSync(path.join(dataDir, 'escudos', stored[0] ?? ''))).toEqual(buildDemoCrest('flamengo'));
    expect(foreign.requests).toEqual([]);
  });

  it('asks for nothing again on the next refreshes', async () => {
    const before = upstream.requests.length;
    expect(await sync(snapshotWith(all()))).toEqual({ fetched: 0, stored: 0, failed: 0 });
    expect(upstream.requests.length).toBe(before);
  });

  it('hard-links the stored crests into a build\'s client folder', () => {
    const clientDir = path.join(dataDir, 'builds', 'x', 'client');
    fs.mkdirSync(clientDir, { recursive: true });
    expect(linkCrestsIntoBuild(dataDir, clientDir)).toBe(1);
    const file = readCrestMap(dataDir)[good()]?.file ?? '';
    const linked = fs.statSync(path.join(clientDir, 'escudos', file));
    expect(linked.ino).toBe(fs.statSync(path.join(dataDir, 'escudos', file)).ino);
  });
});
