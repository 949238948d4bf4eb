/**
 * Precompress reuses the previous build's variants of files whose bytes did not change, and
 * compresses changed (or new) files afresh: the files every refresh renders at brotli 5 and
 * gzip 6, the lasting ones (assets, made once per version) at brotli 11 and gzip 9.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { buildClientDir, buildManifestPath } from '../../../src/lib/store/builds/build-layout.ts';
import type { SiteManifest } from '../../../src/lib/store/builds/site-manifest.ts';
import { runPrecompress } from '../../../src/refresh/compress/precompress.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const ID_1 = '20261121T220000000Z-aaaa';
const ID_2 = '20261121T220100000Z-bbbb';
const SENTINEL = Buffer.from('variant of the previous build');

function writeBuild(dataDir: string, id: string, live: string): void {
  const client = buildClientDir(dataDir, id);
  fs.mkdirSync(path.join(client, 'api'), { recursive: true });
  fs.writeFileSync(
    path.join(client, 'index.html'),
    `<!DOCTYPE html><html><body>${'<p>Ao vivo</p>'.repeat(60)}</body></html>`,
  );
  fs.writeFileSync(path.join(client, 'api', 'live'), live);
}

function precompress(
  dataDir: string,
  id: string,
  previous: SiteManifest | null,
  refreshedFiles?: ReadonlySet<string>,
): Promise<SiteManifest> {
  return runPrecompress({
    clientDir: buildClientDir(dataDir, id),
    buildId: id,
    builtAt: new Date(id === ID_1 ? '2026-11-21T22:00:00Z' : '2026-11-21T22:01:00Z'),
    previous,
    previousClientDir: previous ? buildClientDir(dataDir, previous.buildId) : null,
    manifestFile: buildManifestPath(dataDir, id),
    isRefreshed: refreshedFiles ? (file) => refreshedFiles.has(file) : undefined,
  });
}

describe('precompress reuse', () => {
  it('copies the variants of unchanged files from the previous build and compresses the changed ones', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-precompress-'));
    dirs.push(dataDir);
    writeBuild(dataDir, ID_1, JSON.stringify({ score: '1 x 0', pad: 'x'.repeat(600) }));
    const first = await precompress(dataDir, ID_1, null);
    // Mark the first build's variants: a reused file carries the mark, a recompressed one cannot.
    const client1 = buildClientDir(dataDir, ID_1);
    for (const file of ['index.html.br', 'index.html.gz', 'api/live.br'])
      fs.writeFileSync(path.join(client1, file), SENTINEL);

    writeBuild(dataDir, ID_2, JSON.stringify({ score: '2 x 0', pad: 'x'.repeat(600) }));
    const second = await precompress(dataDir, ID_2, first);
    const client2 = buildClientDir(dataDir, ID_2);
    expect(fs.readFileSync(path.join(client2, 'index.html.br'))).toEqual(SENTINEL);
    expect(fs.readFileSync(path.join(client2, 'index.html.gz'))).toEqual(SENTINEL);
    expect(fs.statSync(path.join(client2, 'index.html.br')).mtime.getTime()).toBe(
      new Date('2026-11-21T22:00:00Z').getTime(),
    );
    const live = zlib.brotliDecompressSync(fs.readFileSync(path.join(client2, 'api', 'live.br'))).toString();
    expect(JSON.parse(live)).toMatchObject({ score: '2 x 0' });
    expect(second.files.find((file) => file.path === 'index.html')).toMatchObject({
      br: true,
      gzip: true,
      lastModified: first.files[0]?.lastModified,
    });
  });

  it('compresses again when the previous variant is gone', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-precompress-'));
    dirs.push(dataDir);
    writeBuild(dataDir, ID_1, '{}');
    const first = await precompress(dataDir, ID_1, null);
    fs.rmSync(path.join(buildClientDir(dataDir, ID_1), 'index.html.br'));
    writeBuild(dataDir, ID_2, '{}');
    await precompress(dataDir, ID_2, first);
    const html = zlib
      .brotliDecompressSync(fs.readFileSync(path.join(buildClientDir(dataDir, ID_2), 'index.html.br')))
      .toString();
    expect(html).toContain('<p>Ao vivo</p>');
  });

  it('compresses the files every refresh renders at the fast levels and the lasting ones at the highest', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-precompress-'));
    dirs.push(dataDir);
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      id: `liga-${i % 40}/21-11-2026-time-${i}-x-outro-${i}`,
      home: `Time ${i}`,
      score: [i % 4, i % 3],
    }));
    writeBuild(dataDir, ID_1, JSON.stringify(rows));
    await precompress(dataDir, ID_1, null, new Set(['api/live']));
    const client = buildClientDir(dataDir, ID_1);
    const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_SIZE_HINT, BROTLI_PARAM_LGWIN } = zlib.constants;
    const brotliAt = (file: string, quality: number): Buffer => {
      const content = fs.readFileSync(path.join(client, file));
      const { BROTLI_MIN_WINDOW_BITS, BROTLI_MAX_WINDOW_BITS } = zlib.constants;
      const fitted = Math.ceil(Math.log2(content.length + 1));
      const window = Math.max(BROTLI_MIN_WINDOW_BITS, Math.min(BROTLI_MAX_WINDOW_BITS, fitted));
      const params = {
        [BROTLI_PARAM_QUALITY]: quality,
        [BROTLI_PARAM_SIZE_HINT]: content.length,
        [BROTLI_PARAM_LGWIN]: window,
      };
      return zlib.brotliCompressSync(content, { params });
    };
    const gzipAt = (file: string, level: number): Buffer =>
      zlib.gzipSync(fs.readFileSync(path.join(client, file)), { level });
    expect(fs.readFileSync(path.join(client, 'api', 'live.br'))).toEqual(brotliAt('api/live', 5));
    expect(fs.readFileSync(path.join(client, 'api', 'live.gz'))).toEqual(gzipAt('api/live', 6));
    expect(fs.readFileSync(path.join(client, 'index.html.br'))).toEqual(brotliAt('index.html', 11));
    expect(fs.readFileSync(path.join(client, 'index.html.gz'))).toEqual(gzipAt('index.html', 9));
  });
});
