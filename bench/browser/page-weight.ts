/**
 * Bytes on the wire of each dashboard page, the JS/CSS it loads and the API listings it reads:
 * what Placar's server actually sends for Accept-Encoding identity, gzip and br (its
 * precompressed variants; a file too small to gain keeps its identity bytes).
 */
import http from 'node:http';

export interface WeightRow {
  path: string;
  kind: 'page' | 'js' | 'css' | 'json';
  raw: number;
  gzip: number;
  brotli: number;
}

export const WEIGHED_PAGES = ['/', '/hoje', '/busca'] as const;
const WEIGHED_JSON = ['/api/live', '/api/hoje'] as const;

function fetchBody(url: string, acceptEncoding: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(Buffer.concat(chunks))
            : reject(new Error(`${url}: HTTP ${response.statusCode}`)),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

async function weigh(base: string, path: string, kind: WeightRow['kind']): Promise<WeightRow> {
  const url = new URL(path, base).href;
  const [raw, gzip, brotli] = await Promise.all([
    fetchBody(url, 'identity'),
    fetchBody(url, 'gzip'),
    fetchBody(url, 'br'),
  ]);
  return { path, kind, raw: raw.length, gzip: gzip.length, brotli: brotli.length };
}

/** /_astro/ scripts and stylesheets a page links, and the chunks those scripts import. */
async function findAssets(base: string, pagePaths: readonly string[]): Promise<string[]> {
  const assets = new Set<string>();
  for (const page of pagePaths) {
    const html = (await fetchBody(new URL(page, base).href, 'identity')).toString('utf8');
    for (const match of html.matchAll(/(?:src|href)="(\/_astro\/[^"]+\.(?:js|css))"/g)) assets.add(match[1] ?? '');
  }
  for (const asset of [...assets]) {
    if (!asset.endsWith('.js')) continue;
    const code = (await fetchBody(new URL(asset, base).href, 'identity')).toString('utf8');
    for (const match of code.matchAll(/from\s*["']\.\/([^"']+\.js)["']/g)) assets.add(`/_astro/${match[1] ?? ''}`);
  }
  return [...assets].sort();
}

export async function measurePageWeights(base: string): Promise<WeightRow[]> {
  const rows: WeightRow[] = [];
  for (const page of WEIGHED_PAGES) rows.push(await weigh(base, page, 'page'));
  for (const asset of await findAssets(base, WEIGHED_PAGES))
    rows.push(await weigh(base, asset, asset.endsWith('.css') ? 'css' : 'js'));
  for (const json of WEIGHED_JSON) rows.push(await weigh(base, json, 'json'));
  return rows;
}
