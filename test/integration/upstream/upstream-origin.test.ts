/**
 * Match-page links judged by the upstream's exact origin (issue 35, M1): a listing row linking
 * another port or scheme of the upstream's host, in any spelling of its address (`127.1`,
 * `2130706433`), is not a match of this upstream, and nothing connects there; a redirect is judged
 * by that origin too; a link with a user and password keeps its path on the origin, never the
 * credentials. Canary listeners on other loopback ports count every connection they get.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { parseConfig } from '../../../src/lib/config/config.ts';
import { readSnapshot, snapshotPath } from '../../../src/lib/store/scraped/snapshot-store.ts';
import { runScrape } from '../../../src/refresh/scrape/scrape.ts';
import { buildManyMatchesPage } from '../../../harness/upstream-pages.ts';

interface Canary {
  port: number;
  connections: number;
  server: net.Server;
}

async function startCanary(): Promise<Canary> {
  const server = net.createServer((socket) => {
    canary.connections++;
    socket.destroy();
  });
  const canary: Canary = { port: 0, connections: 0, server };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  canary.port = typeof address === 'object' && address ? address.port : 0;
  return canary;
}

const LIVE = '/jogos-em-andamento';
/** The n-th row buildManyMatchesPage writes. */
const rowPath = (n: number): string => `/campeonato-1/21-11-2026-mandante-${n}-x-visitante-${n}.html`;
let upstream: FakeUpstream;
let canaries: Canary[];
let dataDir: string;

beforeAll(async () => {
  upstream = await startFakeUpstream({ pages: readFixturePages() });
  canaries = await Promise.all(Array.from({ length: 5 }, startCanary));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-upstream-origin-'));
});
afterAll(async () => {
  await upstream?.close();
  for (const canary of canaries ?? []) canary.server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('match-page links and redirects on exactly the upstream origin', () => {
  it('never connects to another port or scheme of its host, and never publishes a user and password', async () => {
    const [plain, tls, decimal, short, redirected] = canaries.map((canary) => canary.port);
    const upstreamPort = new URL(upstream.url).port;
    const hrefs = [
      `http://127.0.0.1:${plain}${rowPath(0)}`,
      `https://127.0.0.1:${tls}${rowPath(1)}`,
      `http://2130706433:${decimal}${rowPath(2)}`,
      `http://127.1:${short}${rowPath(3)}`,
      `http://u:segredo@127.0.0.1:${upstreamPort}${rowPath(4)}`,
      rowPath(5),
    ];
    let live = buildManyMatchesPage(readFixturePages()[LIVE] ?? '', hrefs.length);
    hrefs.forEach((href, n) => {
      live = live.replace(`href="${rowPath(n)}"`, `href="${href}"`);
    });
    upstream.setPage(LIVE, live);
    // The page of the row with credentials redirects to a canary: the redirect is not followed.
    upstream.setFault(rowPath(4), { kind: 'redirect', location: `http://127.0.0.1:${redirected}${rowPath(4)}` });
    const config = parseConfig({
      UPSTREAM_URL: upstream.url,
      DATA_DIR: dataDir,
      REQUEST_TIMEOUT_MS: '2000',
      DETAIL_REQUESTS_PER_MINUTE: '20',
    });
    const report = await runScrape(config);

    expect(canaries.map((canary) => canary.connections)).toEqual([0, 0, 0, 0, 0]);
    expect(report.listings.live.ok).toBe(true);
    const served = readSnapshot(dataDir)?.live.matches ?? [];
    expect(served.map((match) => match.url).sort()).toEqual([
      `${upstream.url}${rowPath(4)}`,
      `${upstream.url}${rowPath(5)}`,
    ]);
    expect(JSON.stringify(readSnapshot(dataDir))).not.toMatch(/segredo/);
    expect(JSON.stringify(report)).not.toMatch(/segredo/);
    // Both kept rows' pages were asked of the upstream itself, without the credentials.
    const asked = upstream.requests.filter((request) => request.path === rowPath(4) || request.path === rowPath(5));
    expect(new Set(asked.map((request) => request.path))).toEqual(new Set([rowPath(4), rowPath(5)]));
    expect(asked.every((request) => request.headers.authorization === undefined)).toBe(true);
    expect(report.details.failed.find((failure) => failure.url.endsWith(rowPath(4)))?.error).toMatch(/outra origem/);
  }, 60_000);

  it('rebuilds on the origin a link kept from before (a 304 keeps the listing), without its credentials', async () => {
    upstream.setPage(LIVE, readFixturePages()[LIVE] ?? '');
    const keptDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-upstream-origin-kept-'));
    try {
      const config = parseConfig({ UPSTREAM_URL: upstream.url, DATA_DIR: keptDir, DETAIL_REQUESTS_PER_MINUTE: '0' });
      await runScrape(config);
      // As an older Placar wrote it: the link as the row gave it, user and password included.
      const file = snapshotPath(keptDir);
      const written = fs.readFileSync(file, 'utf8');
      const port = new URL(upstream.url).port;
      const urls = new RegExp(`("url": *")${upstream.url}/`, 'g');
      fs.writeFileSync(file, written.replace(urls, `$1http://u:segredo@127.0.0.1:${port}/`));
      expect(fs.readFileSync(file, 'utf8')).toMatch(/segredo/);
      const asked = upstream.requests.length;
      await runScrape(config);
      const live = upstream.requests.slice(asked).find((request) => request.path === LIVE);
      expect(live?.headers['if-none-match']).toBeDefined();
      const served = readSnapshot(keptDir);
      expect(JSON.stringify(served)).not.toMatch(/segredo/);
      expect(served?.live.matches.every((match) => match.url === `${upstream.url}/${match.id}.html`)).toBe(true);
    } finally {
      fs.rmSync(keptDir, { recursive: true, force: true });
    }
  }, 60_000);
});
