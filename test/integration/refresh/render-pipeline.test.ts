/**
 * The render pipeline against a whole `astro build` of the same snapshot (test/support/data-dir/full-astro-build.ts):
 * every file of the published folder is byte-for-byte the same (pages, listings, /api/routes, the
 * fingerprinted assets under the same names), the bundle's files and their compressed variants are hard links
 * rather than copies, the bundle is built once and reused, and the build folder is complete on its own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildClientDir,
  buildManifestPath,
  buildServerEntry,
  bundleInfoPath,
} from '../../../src/lib/store/builds/build-layout.ts';
import { readSiteManifest } from '../../../src/lib/store/builds/site-manifest.ts';
import { isCompressedVariant } from '../../../src/refresh/compress/precompress.ts';
import { parseConfig } from '../../../src/lib/config/config.ts';
import { DATA_ROUTES } from '../../../src/lib/api/data-routes.ts';
import { writeSnapshotAtomically } from '../../../src/lib/store/scraped/snapshot-store.ts';
import { runRefresh, type RefreshReport } from '../../../src/refresh/refresh.ts';
import { computeSiteFingerprint } from '../../../src/refresh/render/site-fingerprint.ts';
import { buildFixtureSnapshot } from '../../../harness/fixture-snapshot.ts';
import { buildFullAstroSite } from '../../support/data-dir/full-astro-build.ts';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-render-'));
const UPSTREAM = 'http://127.0.0.1:9';

/**
 * Every file of a client folder but the compressed variants, path → bytes, following the
 * symlinks a build links each competition's match files in with (src/refresh/render/match-files.ts).
 */
function readClientFiles(dir: string, files = new Map<string, Buffer>(), prefix = ''): Map<string, Buffer> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    const relative = `${prefix}${entry.name}`;
    if (entry.isDirectory() || (entry.isSymbolicLink() && fs.statSync(file).isDirectory()))
      readClientFiles(file, files, `${relative}/`);
    else if (!/\.(br|gz)$/.test(entry.name)) files.set(relative, fs.readFileSync(file));
  }
  return files;
}

async function refreshOnce(dataDir: string): Promise<RefreshReport> {
  const config = parseConfig({ DATA_DIR: dataDir, UPSTREAM_URL: UPSTREAM });
  const report = await runRefresh(config, { projectRoot: PROJECT_ROOT, log: () => undefined, scrape: false });
  expect(report.error).toBeNull();
  expect(report.outcome).toBe('published');
  return report;
}

const dirs = { render: path.join(root, 'render'), full: path.join(root, 'full') };
let rendered: RefreshReport;
let fullClientDir: string;

beforeAll(async () => {
  for (const dataDir of Object.values(dirs)) writeSnapshotAtomically(dataDir, buildFixtureSnapshot(UPSTREAM));
  rendered = await refreshOnce(dirs.render);
  // The past days the refresh kept (DATA_DIR/arquivo), which a full build reads from DATA_DIR as it does the snapshot.
  fs.cpSync(path.join(dirs.render, 'arquivo'), path.join(dirs.full, 'arquivo'), { recursive: true });
  fullClientDir = await buildFullAstroSite(dirs.full, UPSTREAM);
}, 180_000);

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('render pipeline', () => {
  it('publishes the same files, byte for byte, as a full astro build of the same snapshot', () => {
    const fromRender = readClientFiles(buildClientDir(dirs.render, rendered.buildId ?? ''));
    const fromBuild = readClientFiles(fullClientDir);
    expect([...fromRender.keys()].sort()).toEqual([...fromBuild.keys()].sort());
    for (const route of DATA_ROUTES) expect(fromRender.has(route.file), route.file).toBe(true);
    expect([...fromRender.keys()].some((file) => file.startsWith('_astro/'))).toBe(true);
    for (const [file, bytes] of fromBuild) expect(fromRender.get(file)?.equals(bytes), file).toBe(true);
    // The data really is in them (not two equally empty sites), and every match has its page and JSON.
    expect(fromRender.get('index.html')?.toString('utf8')).toContain('Flamengo');
    expect(fromRender.get('jogo/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html')?.toString('utf8')).toContain(
      'Palmeiras',
    );
    expect([...fromRender.keys()].filter((file) => file.startsWith('api/jogo/'))).toHaveLength(25); // 13 today (the live ones among them), 6 tomorrow, 6 yesterday
  });

  it('links the bundle files into the build instead of copying them, and the build has its own server entry', () => {
    const bundleDir = path.dirname(bundleInfoPath(dirs.render, computeSiteFingerprint(PROJECT_ROOT)));
    const clientDir = buildClientDir(dirs.render, rendered.buildId ?? '');
    const assets = fs.readdirSync(path.join(bundleDir, 'client', '_astro'));
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      expect(fs.statSync(path.join(clientDir, '_astro', asset)).ino, asset).toBe(
        fs.statSync(path.join(bundleDir, 'client', '_astro', asset)).ino,
      );
    }
    expect(fs.statSync(buildServerEntry(dirs.render, rendered.buildId ?? '')).ino).toBe(
      fs.statSync(path.join(bundleDir, 'server', 'entry.mjs')).ino,
    );
    // The assets' compressed variants too: made once with the bundle, not again by its first build.
    const variants = assets.filter(isCompressedVariant);
    expect(variants.some((name) => name.endsWith('.br'))).toBe(true);
    const lines = new Map(
      readSiteManifest(buildManifestPath(dirs.render, rendered.buildId ?? ''))?.files.map((line) => [line.path, line]),
    );
    for (const variant of variants) {
      const line = lines.get(`_astro/${variant.replace(/\.(br|gz)$/, '')}`);
      expect(variant.endsWith('.br') ? line?.br : line?.gzip, variant).toBe(true);
    }
  });

  it('builds the bundle on the first refresh only, and renders the next one from it', async () => {
    expect(rendered.timings.bundleMs).toBeGreaterThan(0);
    const snapshot = buildFixtureSnapshot(UPSTREAM, '2026-11-21T19:45:00-03:00');
    writeSnapshotAtomically(dirs.render, { ...snapshot, live: { ...snapshot.live, count: 0, matches: [] } });
    const next = await refreshOnce(dirs.render);
    expect(next.timings.bundleMs).toBe(0);
    const live = JSON.parse(
      fs.readFileSync(path.join(buildClientDir(dirs.render, next.buildId ?? ''), 'api', 'live'), 'utf8'),
    ) as { count: number; generatedAt: string };
    expect(live).toMatchObject({ count: 0, generatedAt: '2026-11-21T19:45:00-03:00' });
  }, 60_000);
});

describe('site fingerprint', () => {
  it('changes with the code and the installed packages, and only with them', () => {
    const project = path.join(root, 'project');
    fs.mkdirSync(path.join(project, 'src', 'pages'), { recursive: true });
    fs.writeFileSync(path.join(project, 'package-lock.json'), '{"v":1}');
    fs.writeFileSync(path.join(project, 'src', 'pages', 'index.astro'), '<p>a</p>');
    const first = computeSiteFingerprint(project);
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    expect(computeSiteFingerprint(project)).toBe(first);
    fs.mkdirSync(path.join(project, 'data'));
    fs.writeFileSync(path.join(project, 'data', 'snapshot.json'), '{}');
    expect(computeSiteFingerprint(project)).toBe(first);
    fs.writeFileSync(path.join(project, 'src', 'pages', 'index.astro'), '<p>b</p>');
    const edited = computeSiteFingerprint(project);
    expect(edited).not.toBe(first);
    fs.writeFileSync(path.join(project, 'package-lock.json'), '{"v":2}');
    expect(computeSiteFingerprint(project)).not.toBe(edited);
  });
});
