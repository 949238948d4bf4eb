/**
 * The crest step against the fake upstream over real HTTP: raster crests stored under their
 * content hash, SVG/HTML, oversized, missing and foreign-host crests not, each crest asked for
 * once, and a build's client folder getting hard links to the stored files.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCrestMap } from '../../../src/lib/store/scraped/crest-store.ts';
import { linkCrestsIntoBuild } from '../../../src/crests/link-crests.ts';
import { MAX_CREST_BYTES, syncCrests, type CrestSyncOptions } from '../../../src/crests/sync-crests.ts';
import type { Resolver } from '../../../src/crests/checked-lookup.ts';
import { buildDemoCrest } from '../../../src/demo/demo-crests.ts';
import { startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import type { Snapshot } from '../../../src/lib/model/model.ts';
import { emptySnapshot } from '../../../src/lib/store/scraped/snapshot-store.ts';

let upstream: FakeUpstream;
let foreign: FakeUpstream;
/** The upstream's host on another port: another origin. */
let otherPort: FakeUpstream;
let dataDir: string;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  foreign = await startFakeUpstream({ host: '127.0.0.2' });
  otherPort = await startFakeUpstream();
  upstream.setPage('/escudos/svg.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
  upstream.setPage('/escudos/enorme.png', 'x'.repeat(MAX_CREST_BYTES + 1));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-crests-'));
});

afterAll(async () => {
  await upstream?.close();
  await foreign?.close();
  await otherPort?.close();
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
    homeTeam: { name: `A${index}`, crest: null, crestSource: crest, slug: null },
    awayTeam: { name: `B${index}`, crest: null, crestSource: null, slug: null },
    score: { home: null, away: null, penalties: null },
  }));
  return snapshot;
}

async function sync(snapshot: Snapshot, extra: Partial<CrestSyncOptions> = {}): ReturnType<typeof syncCrests> {
  const options = { dataDir, upstreamUrl: upstream.url, crestOrigins: [], timeoutMs: 5_000, now: () => new Date() };
  return await syncCrests(snapshot, { ...options, ...extra });
}

describe('syncCrests', () => {
  const good = (): string => `${upstream.url}/escudos/flamengo.png`;
  const all = (): string[] => [
    good(),
    `${upstream.url}/escudos/svg.svg`,
    `${upstream.url}/escudos/enorme.png`,
    `${upstream.url}/escudos/nao-existe.gif`,
    `${foreign.url}/escudos/flamengo.png`,
  ];

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

  it("hard-links the stored crests into a build's client folder", () => {
    const clientDir = path.join(dataDir, 'builds', 'x', 'client');
    fs.mkdirSync(clientDir, { recursive: true });
    expect(linkCrestsIntoBuild(dataDir, clientDir)).toBe(1);
    const file = readCrestMap(dataDir)[good()]?.file ?? '';
    const linked = fs.statSync(path.join(clientDir, 'escudos', file));
    expect(linked.ino).toBe(fs.statSync(path.join(dataDir, 'escudos', file)).ino);
  });
});

/** DNS simulated in-process: names → addresses; every question is recorded. No traffic leaves loopback. */
type Answers = Record<string, { address: string; family: number }[]>;
function simulatedDns(answers: Answers): { resolve: Resolver; asked: string[] } {
  const asked: string[] = [];
  const resolve: Resolver = (hostname, callback) => {
    asked.push(hostname);
    const found = answers[hostname];
    if (found) callback(null, found);
    else callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
  };
  return { resolve, asked };
}

describe('syncCrests against a hostile upstream (issue 20, item 1)', () => {
  const fileOf = (url: string): string | null | undefined => readCrestMap(dataDir)[url]?.file;

  it('fetches nothing from the upstream host on another port, nor a URL with a user and password', async () => {
    const otherPortCrest = `${otherPort.url}/escudos/palmeiras.png`;
    const withUser = `${upstream.url.replace('http://', 'http://user:pw@')}/escudos/gremio.png`;
    const report = await sync(snapshotWith([otherPortCrest, withUser]));
    expect(report.fetched).toBe(0);
    expect(fileOf(otherPortCrest)).toBeUndefined();
    expect(fileOf(withUser)).toBeUndefined();
    expect(otherPort.requests).toEqual([]);
  });

  it('stores no GIF89a<script> polyglot: the header is read in full, not only its first bytes', async () => {
    upstream.setPage('/escudos/poliglota.gif', 'GIF89a<script>alert(1)</script>');
    const polyglot = `${upstream.url}/escudos/poliglota.gif`;
    expect(await sync(snapshotWith([polyglot]))).toEqual({ fetched: 1, stored: 0, failed: 1 });
    expect(fileOf(polyglot)).toBeNull();
  });

  it('follows no redirect: a crest redirected elsewhere is not stored, and nothing is asked there', async () => {
    upstream.setFault('/escudos/desvio.png', { kind: 'redirect', location: `${otherPort.url}/escudos/santos.png` });
    const redirected = `${upstream.url}/escudos/desvio.png`;
    expect(await sync(snapshotWith([redirected]))).toEqual({ fetched: 1, stored: 0, failed: 1 });
    expect(fileOf(redirected)).toBeNull();
    expect(otherPort.requests).toEqual([]);
  });

  it("refuses a listed host that resolves to, or is, an internal address other than the upstream's", async () => {
    // Only loopback here: were the check broken, the request would reach `foreign` and be seen.
    // Private, metadata and unique-local answers are refused at lookup: checked-lookup.test.ts.
    const port = new URL(foreign.url).port;
    const dns = simulatedDns({ 'outro-loopback.example': [{ address: '127.0.0.2', family: 4 }] });
    const byName = `http://outro-loopback.example:${port}/escudos/vasco.png`;
    const byAddress = `${foreign.url}/escudos/vasco.png`;
    const crestOrigins = [`http://outro-loopback.example:${port}`, foreign.url];
    const report = await sync(snapshotWith([byName, byAddress]), { resolve: dns.resolve, crestOrigins });
    expect(report).toEqual({ fetched: 2, stored: 0, failed: 2 });
    expect(dns.asked).toContain('outro-loopback.example');
    expect(fileOf(byName)).toBeNull();
    expect(fileOf(byAddress)).toBeNull();
    expect(foreign.requests).toEqual([]);
  });

  it("connects through the checked lookup: a listed name on the upstream's own address is fetched", async () => {
    const port = new URL(otherPort.url).port;
    const dns = simulatedDns({ 'escudos.example': [{ address: '127.0.0.1', family: 4 }] });
    const crest = `http://escudos.example:${port}/escudos/bahia.png`;
    const crestOrigins = [`http://escudos.example:${port}`];
    const report = await sync(snapshotWith([crest]), { resolve: dns.resolve, crestOrigins });
    expect(report).toEqual({ fetched: 1, stored: 1, failed: 0 });
    expect(dns.asked).toContain('escudos.example');
    expect(otherPort.requests.map((r) => r.path)).toEqual(['/escudos/bahia.png']);
    expect(otherPort.requests[0]?.headers.host).toBe(`escudos.example:${port}`);
  });
});
