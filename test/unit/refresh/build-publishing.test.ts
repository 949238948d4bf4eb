/**
 * The steps after `astro build`, on a hand-made build folder: precompress (stable
 * Last-Modified, variants, mtimes), the static index, the atomic swap, cleanup, the lock.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildClientDir,
  buildManifestPath,
  currentLinkPath,
  parseCurrentLinkTarget,
} from '../../../src/lib/store/builds/build-layout.ts';
import {
  LIST_JSON_CACHE_CONTROL,
  ASSET_CACHE_CONTROL,
  PAGE_CACHE_CONTROL,
} from '../../../src/lib/api/headers-policy.ts';
import { markBuildInUse } from '../../../src/lib/store/builds/build-in-use.ts';
import { runBuildCleanup } from '../../../src/refresh/publish/cleanup-builds.ts';
import { summarizeBuildOutput } from '../../../src/refresh/render/build-site.ts';
import { buildContentHash } from '../../../src/lib/api/etag.ts';
import { runPrecompress } from '../../../src/refresh/compress/precompress.ts';
import { tryAcquireRefreshLock } from '../../../src/refresh/refresh-lock.ts';
import { readCurrentBuildId, swapCurrentBuild } from '../../../src/lib/store/builds/current-link.ts';
import { buildRoutePaths, loadStaticSite } from '../../../src/server/site/static-site.ts';
import { writeSiteManifest, type SiteManifest } from '../../../src/lib/store/builds/site-manifest.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-publish-'));
  dirs.push(dir);
  return dir;
}

const BIG_JSON = JSON.stringify({
  matches: Array.from({ length: 50 }, (_, i) => ({ id: `m${i}`, name: 'Flamengo x Palmeiras' })),
});

function writeFakeBuild(dataDir: string, id: string, live = BIG_JSON): void {
  const client = buildClientDir(dataDir, id);
  fs.mkdirSync(path.join(client, 'api'), { recursive: true });
  fs.mkdirSync(path.join(client, '_astro'), { recursive: true });
  fs.writeFileSync(
    path.join(client, 'index.html'),
    `<!DOCTYPE html><html><body>${'<p>Ao vivo</p>'.repeat(40)}</body></html>`,
  );
  fs.writeFileSync(path.join(client, '404.html'), '<p>não encontrada</p>');
  fs.writeFileSync(path.join(client, 'api', 'live'), live);
  fs.writeFileSync(path.join(client, '_astro', 'app.abc123.js'), 'console.log("x");'.repeat(30));
  fs.writeFileSync(path.join(client, 'tiny.txt'), 'x');
}

async function publish(
  dataDir: string,
  id: string,
  builtAt: Date,
  previous: SiteManifest | null,
): Promise<SiteManifest> {
  const manifest = await runPrecompress({
    clientDir: buildClientDir(dataDir, id),
    buildId: id,
    builtAt,
    previous,
    manifestFile: buildManifestPath(dataDir, id),
  });
  swapCurrentBuild(dataDir, id);
  return manifest;
}

const ID_1 = '20261121T220000000Z-aaaa';
const ID_2 = '20261121T220100000Z-bbbb';
const ID_3 = '20261121T220200000Z-cccc';
const ID_4 = '20261121T220300000Z-dddd';

describe('precompress', () => {
  it('writes br/gz variants for text files, content hashes, kinds of Cache-Control, mtimes = Last-Modified', async () => {
    const dataDir = tempDataDir();
    writeFakeBuild(dataDir, ID_1);
    const builtAt = new Date('2026-11-21T22:00:00Z');
    const manifest = await publish(dataDir, ID_1, builtAt, null);
    const byPath = new Map(manifest.files.map((file) => [file.path, file]));
    expect(byPath.get('api/live')).toMatchObject({
      br: true,
      gzip: true,
      contentType: 'application/json; charset=utf-8',
      cacheControl: LIST_JSON_CACHE_CONTROL,
    });
    expect(byPath.get('index.html')).toMatchObject({ br: true, gzip: true, cacheControl: PAGE_CACHE_CONTROL });
    expect(byPath.get('_astro/app.abc123.js')).toMatchObject({ br: true, cacheControl: ASSET_CACHE_CONTROL });
    expect(byPath.get('tiny.txt')).toMatchObject({ br: false, gzip: false });
    const client = buildClientDir(dataDir, ID_1);
    expect(fs.statSync(path.join(client, 'api', 'live.br')).mtime.getTime()).toBe(builtAt.getTime());
    expect(fs.statSync(path.join(client, 'index.html')).mtime.getTime()).toBe(builtAt.getTime());
  });

  it('keeps Last-Modified of unchanged files from the previous build and renews changed ones', async () => {
    const dataDir = tempDataDir();
    writeFakeBuild(dataDir, ID_1);
    const first = await publish(dataDir, ID_1, new Date('2026-11-21T22:00:00Z'), null);
    writeFakeBuild(dataDir, ID_2, `${BIG_JSON} `);
    const second = await publish(dataDir, ID_2, new Date('2026-11-21T22:01:00Z'), first);
    const lastModified = (manifest: SiteManifest, file: string): string | undefined =>
      manifest.files.find((f) => f.path === file)?.lastModified;
    expect(lastModified(second, 'index.html')).toBe('Sat, 21 Nov 2026 22:00:00 GMT');
    expect(lastModified(second, 'api/live')).toBe('Sat, 21 Nov 2026 22:01:00 GMT');
    expect(fs.statSync(path.join(buildClientDir(dataDir, ID_2), 'index.html')).mtime.toUTCString()).toBe(
      'Sat, 21 Nov 2026 22:00:00 GMT',
    );
  });

  it("takes a first build's bundle files' variants from the bundle (same inodes), and compresses only its own files", async () => {
    const dataDir = tempDataDir();
    writeFakeBuild(dataDir, ID_1);
    const bundleClient = path.join(dataDir, 'bundle', 'client');
    fs.mkdirSync(path.join(bundleClient, '_astro'), { recursive: true });
    fs.renameSync(
      path.join(buildClientDir(dataDir, ID_1), '_astro', 'app.abc123.js'),
      path.join(bundleClient, '_astro', 'app.abc123.js'),
    );
    // A page by the same name as one the build renders itself.
    fs.writeFileSync(path.join(bundleClient, 'index.html'), '<p>do pacote</p>'.repeat(40));
    const bundleManifest = await runPrecompress({
      clientDir: bundleClient,
      buildId: 'bundle',
      builtAt: new Date('2026-11-20T10:00:00Z'),
      previous: null,
      manifestFile: path.join(dataDir, 'bundle', 'client-manifest.json'),
    });
    const asset = path.join(buildClientDir(dataDir, ID_1), '_astro', 'app.abc123.js');
    fs.linkSync(path.join(bundleClient, '_astro', 'app.abc123.js'), asset);
    const manifest = await runPrecompress({
      clientDir: buildClientDir(dataDir, ID_1),
      buildId: ID_1,
      builtAt: new Date('2026-11-21T22:00:00Z'),
      previous: null,
      manifestFile: buildManifestPath(dataDir, ID_1),
      bundle: { clientDir: bundleClient, files: new Map(bundleManifest.files.map((line) => [line.path, line])) },
    });
    const ino = (file: string): number => fs.statSync(file).ino;
    expect(ino(`${asset}.br`)).toBe(ino(path.join(bundleClient, '_astro', 'app.abc123.js.br')));
    expect(ino(`${asset}.gz`)).toBe(ino(path.join(bundleClient, '_astro', 'app.abc123.js.gz')));
    const byPath = new Map(manifest.files.map((file) => [file.path, file]));
    expect(byPath.get('_astro/app.abc123.js')).toMatchObject({
      br: true,
      gzip: true,
      lastModified: 'Sat, 21 Nov 2026 22:00:00 GMT',
      cacheControl: ASSET_CACHE_CONTROL,
    });
    // The build's own file (another inode) is compressed from its own bytes, though the bundle has one by its name.
    const page = path.join(buildClientDir(dataDir, ID_1), 'index.html.br');
    expect(ino(page)).not.toBe(ino(path.join(bundleClient, 'index.html.br')));
    expect(zlib.brotliDecompressSync(fs.readFileSync(page)).toString()).toContain('Ao vivo');
  });
});

describe('static index', () => {
  it("holds no match file's bytes: each is read from disk when asked for, as it is then, past the build's link", async () => {
    const dataDir = tempDataDir();
    writeFakeBuild(dataDir, ID_1);
    // As the refresh lays them out: the match files live once, in a shared folder each build links in.
    const shared = path.join(dataDir, 'jogos', 'jogo');
    const page = path.join(shared, 'brasileirao', '27-11-2026-a-x-b.html');
    fs.mkdirSync(path.dirname(page), { recursive: true });
    const older = Buffer.from(`<p>${'Flamengo 1 x 0 Palmeiras '.repeat(40)}</p>`);
    fs.writeFileSync(page, older);
    fs.writeFileSync(`${page}.gz`, zlib.gzipSync(older));
    fs.symlinkSync(shared, path.join(buildClientDir(dataDir, ID_1), 'jogo'), 'dir');
    const manifest = await publish(dataDir, ID_1, new Date(), null);
    // The match files' manifest lines come from match-files.ts, not from precompress.
    const [pageLine] = manifest.files;
    if (!pageLine) throw new Error('empty manifest');
    const line = { ...pageLine, path: 'jogo/brasileirao/27-11-2026-a-x-b.html', hash: buildContentHash(older) };
    writeSiteManifest(buildManifestPath(dataDir, ID_1), {
      ...manifest,
      files: [...manifest.files, { ...line, br: false, gzip: true }],
    });
    const site = loadStaticSite(dataDir, ID_1);
    const entry = site.routes.get('/jogo/brasileirao/27-11-2026-a-x-b');
    expect(entry?.fromDisk).toBeTypeOf('function');
    // The refresh rewrites a match's files in place (temp file and rename): the next request reads the new bytes.
    const newer = `<p>${'Flamengo 2 x 0 Palmeiras '.repeat(40)}</p>`;
    const temp = `${page}.gz.tmp`;
    fs.writeFileSync(temp, zlib.gzipSync(newer));
    fs.renameSync(temp, `${page}.gz`);
    // The build served a moment ago may be cleaned up before the next is loaded: its match files still answer.
    fs.rmSync(path.join(dataDir, 'builds', ID_1), { recursive: true });
    const served = entry?.fromDisk?.();
    expect(served?.identity.toString()).toBe(newer);
    expect(served?.file.hash).toBe(buildContentHash(Buffer.from(newer)));
  });

  it('maps pages to extensionless paths and keeps 404.html as the not-found body only', async () => {
    expect(buildRoutePaths('index.html')).toEqual(['/', '/index.html']);
    expect(buildRoutePaths('hoje.html')).toEqual(['/hoje', '/hoje.html']);
    expect(buildRoutePaths('api/live')).toEqual(['/api/live']);
    const dataDir = tempDataDir();
    writeFakeBuild(dataDir, ID_1);
    await publish(dataDir, ID_1, new Date(), null);
    const site = loadStaticSite(dataDir, ID_1);
    expect([...site.routes.keys()].sort()).toEqual([
      '/',
      '/_astro/app.abc123.js',
      '/api/live',
      '/index.html',
      '/tiny.txt',
    ]);
    expect(site.notFoundPage?.identity.toString()).toContain('não encontrada');
    expect(site.routes.get('/api/live')?.br).not.toBeNull();
  });

  it('holds a compressed file as its br and gzip bytes only, its uncompressed bytes made when asked for', async () => {
    const dataDir = tempDataDir();
    writeFakeBuild(dataDir, ID_1);
    await publish(dataDir, ID_1, new Date(), null);
    const onDisk = fs.readFileSync(path.join(buildClientDir(dataDir, ID_1), 'api', 'live'));
    const site = loadStaticSite(dataDir, ID_1);
    // A build folder may be cleaned up while its entries are still served.
    fs.rmSync(path.join(dataDir, 'builds', ID_1), { recursive: true });
    const live = site.routes.get('/api/live');
    if (!live) throw new Error('no /api/live');
    const held = Object.values(live).filter((value): value is Buffer => Buffer.isBuffer(value));
    expect(held.map((bytes) => bytes.length).sort()).toEqual([live.br?.length, live.gzip?.length].sort());
    expect(held.some((bytes) => bytes.length === onDisk.length)).toBe(false);
    expect(live.identity.equals(onDisk)).toBe(true);
    expect(live.identity).not.toBe(live.identity);
    // A file too small to compress is held as it is.
    expect(site.routes.get('/tiny.txt')?.identity.toString()).toBe('x');
  });
});

describe('swap and cleanup', () => {
  it('re-points current atomically with a relative link to the client folder', async () => {
    const dataDir = tempDataDir();
    writeFakeBuild(dataDir, ID_1);
    await publish(dataDir, ID_1, new Date(), null);
    expect(fs.readlinkSync(currentLinkPath(dataDir))).toBe(path.join('builds', ID_1, 'client'));
    writeFakeBuild(dataDir, ID_2);
    await publish(dataDir, ID_2, new Date(), null);
    expect(readCurrentBuildId(dataDir)).toBe(ID_2);
    expect(fs.readdirSync(dataDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(parseCurrentLinkTarget('builds/not-an-id/client')).toBeNull();
  });

  it('keeps the newest two complete builds, current, and builds a live server uses; drops the rest', async () => {
    const dataDir = tempDataDir();
    for (const id of [ID_1, ID_2, ID_3, ID_4]) {
      writeFakeBuild(dataDir, id);
      await publish(dataDir, id, new Date(), null);
    }
    markBuildInUse(dataDir, ID_1, process.pid);
    // A marker from a process that is gone does not protect its build.
    markBuildInUse(dataDir, ID_2, 2 ** 22 + 12345);
    swapCurrentBuild(dataDir, ID_3);
    expect((await runBuildCleanup(dataDir)).sort()).toEqual([ID_2]);
    expect(fs.readdirSync(path.join(dataDir, 'builds')).sort()).toEqual([ID_1, ID_3, ID_4]);
  });
});

describe('refresh lock', () => {
  it('is exclusive while held (a second open of the file, even in this process, is refused), and free once released', async () => {
    const dataDir = tempDataDir();
    const first = await tryAcquireRefreshLock(dataDir);
    expect('lock' in first).toBe(true);
    expect(await tryAcquireRefreshLock(dataDir)).toEqual({ heldBy: process.pid });
    if ('lock' in first) first.lock.release();
    // The file stays: removing a locked file would let two processes lock two files of one name.
    expect(fs.existsSync(path.join(dataDir, 'refresh.lock'))).toBe(true);
    // What the file says does not matter: the kernel's lock does.
    fs.writeFileSync(path.join(dataDir, 'refresh.lock'), `${process.ppid}\n`);
    const again = await tryAcquireRefreshLock(dataDir);
    expect('lock' in again).toBe(true);
    if ('lock' in again) again.lock.release();
  });
});

describe('summarizeBuildOutput', () => {
  it('picks the last error line, without colours or stack frames', () => {
    const output =
      '\x1b[32m12:00 [build] ok\x1b[39m\n[ERROR] Cannot find package "x"\n    at resolve (node:internal)\n';
    expect(summarizeBuildOutput(output)).toBe('[ERROR] Cannot find package "x"');
  });

  it('names a full disk (vite prints "ENOSPC" above "Location:" and "Stack trace:")', () => {
    const output =
      'ENOSPC: no space left on device, write\n  Location:\n    /x/node.js:1:5\n  Stack trace:\n    at Object.writeFileSync (node:fs:1:1)\n';
    expect(summarizeBuildOutput(output)).toBe('ENOSPC: no space left on device, write');
  });
});
