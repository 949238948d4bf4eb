/**
 * Size budget of the live page with 100 matches, compressed (gzip -9, brotli): HTML,
 * CSS and JS together under 40 KB, client JS under 10 KB. Prints the measured sizes.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../src/demo/upstream-server.ts';
import { startPlacar, type PlacarProcess } from '../support/placar-process.ts';
import { buildManyMatchesPage } from '../support/upstream-pages.ts';

let upstream: FakeUpstream;
let placar: PlacarProcess;

beforeAll(async () => {
  const pages = readFixturePages();
  const live = buildManyMatchesPage(pages['/jogos-em-andamento'] ?? '', 100);
  upstream = await startFakeUpstream({ pages: { ...pages, '/jogos-em-andamento': live } });
  placar = await startPlacar({ upstreamUrl: upstream.url });
});

afterAll(async () => {
  await placar?.stop();
  await upstream?.close();
});

interface Weight {
  path: string;
  raw: number;
  gzip: number;
  brotli: number;
}

async function weigh(path: string): Promise<Weight> {
  const raw = Buffer.from(await (await fetch(new URL(path, placar.url))).arrayBuffer());
  return {
    path,
    raw: raw.length,
    gzip: zlib.gzipSync(raw, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(raw).length,
  };
}

function assetsOf(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="(\/_astro\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] ?? '');
}

/** Static imports inside a JS chunk ("./render-matches.X.js"), resolved against /_astro/. */
async function importsOf(path: string): Promise<string[]> {
  const code = await (await fetch(new URL(path, placar.url))).text();
  return [...code.matchAll(/from\s*["']\.\/([^"']+\.js)["']/g)].map((m) => `/_astro/${m[1] ?? ''}`);
}

describe('page weight', () => {
  it('keeps the live page with 100 matches under 40 KB compressed and its JS under 10 KB', async () => {
    const live = (await (await fetch(`${placar.url}/api/live`)).json()) as { count: number };
    expect(live.count).toBe(100);
    const weights: Weight[] = [];
    for (const page of ['/', '/hoje', '/busca']) {
      const html = await (await fetch(new URL(page, placar.url))).text();
      const assets = new Set(assetsOf(html));
      for (const asset of [...assets]) for (const imported of await importsOf(asset)) assets.add(imported);
      const pageWeight = await weigh(page);
      const assetWeights = await Promise.all([...assets].map(weigh));
      weights.push(pageWeight, ...assetWeights.filter((a) => !weights.some((w) => w.path === a.path)));
      if (page === '/') {
        const total = [pageWeight, ...assetWeights].reduce((sum, w) => sum + w.gzip, 0);
        const js = assetWeights.filter((w) => w.path.endsWith('.js')).reduce((sum, w) => sum + w.gzip, 0);
        console.log(`live page, 100 matches: ${total} B gzip in total, JS ${js} B gzip`);
        expect(total).toBeLessThan(40 * 1024);
        expect(js).toBeLessThan(10 * 1024);
      }
    }
    console.table(weights);
    const allJs = weights.filter((w) => w.path.endsWith('.js')).reduce((sum, w) => sum + w.gzip, 0);
    expect(allJs).toBeLessThan(10 * 1024);
  });
});
