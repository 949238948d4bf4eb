/**
 * The first `npm start` on an empty DATA_DIR: it listens at once and answers 503 "Placar
 * iniciando" while the first refresh scrapes, then builds the site once, with data, and says
 * what it did and how long each step took.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import type { ListEnvelope } from '../../../src/lib/model/model.ts';
import type { Browser, Page } from 'playwright-core';
import { openBrowser } from '../../../harness/browser.ts';
import { startPlacar, type PlacarProcess } from '../../../harness/placar-process.ts';

const LIVE_PATH = '/jogos-em-andamento';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The first answer the server gives at `url` (retrying while nothing listens yet). */
async function firstAnswer(url: string, timeoutMs: number): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(url);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

let upstream: FakeUpstream;
let placar: PlacarProcess | undefined;
let starting: Response;
let browser: Browser | undefined;
/** A Chromium tab opened on the 503 page, left alone afterwards. */
let waitingTab: Page;
let waitingTabFirstHeading: string | null;

beforeAll(async () => {
  upstream = await startFakeUpstream({ pages: readFixturePages() });
  // The live listing answers only after REQUEST_TIMEOUT_MS: a first scrape that takes seconds.
  upstream.setFault(LIVE_PATH, { kind: 'timeout' });
  browser = await openBrowser();
  const port = await freePort();
  const started = startPlacar({
    upstreamUrl: upstream.url,
    // A first start builds the site bundle itself: this test watches that build.
    siteBundle: 'own',
    env: { PORT: String(port), REQUEST_TIMEOUT_MS: '3000', REFRESH_CRON: '0 0 * * *' },
  });
  starting = await firstAnswer(`http://127.0.0.1:${port}/`, 30_000);
  waitingTab = await browser.newPage();
  await waitingTab.goto(`http://127.0.0.1:${port}/hoje`);
  waitingTabFirstHeading = await waitingTab.locator('h1').textContent();
  placar = await started;
});

afterAll(async () => {
  await browser?.close();
  await placar?.stop();
  await upstream?.close();
});

describe('the first npm start', () => {
  it('answers 503 "Placar iniciando" with Retry-After while the first refresh runs', async () => {
    expect(starting.status).toBe(503);
    expect(starting.headers.get('retry-after')).toBe('2');
    expect(await starting.text()).toContain('Placar iniciando');
  });

  it('reloads itself (meta refresh, no script) until the site is ready', async () => {
    expect(waitingTabFirstHeading).toBe('Placar iniciando');
    // Nobody touches the tab: it must arrive at the built page by itself, on the same URL.
    await expect
      .poll(() => waitingTab.locator('h1').textContent(), { timeout: 20_000, interval: 250 })
      .toBe('Jogos de hoje');
    expect(new URL(waitingTab.url()).pathname).toBe('/hoje');
  });

  it('builds once, with the data, and logs each step with its duration', async () => {
    await placar?.waitForOutput(/^Placar pronto em/m, 10_000);
    const output = placar?.output() ?? '';
    expect(output.match(/^ {2}build \S+ em \d+ ms$/gm)).toHaveLength(1);
    // The site bundle is built on this first start only (later refreshes render from it).
    expect(output.match(/^ {2}pacote do site [0-9a-f]{16} construído em \d+ ms/gm)).toHaveLength(1);
    expect(output).toMatch(/^Placar ouvindo em http:\/\/\S+ \(em \d+ ms\)$/m);
    expect(output).toMatch(/^ {2}coleta hoje: 13 jogos em \d+ ms$/m);
    expect(output).toMatch(/^ {2}coleta live: falhou em \d+ ms — .*3000 ms/m);
    expect(output).toMatch(/^ {2}compressão de \d+ arquivos em \d+ ms$/m);
    expect(output).toMatch(/^atualização #1 concluída .*total_ms=\d+/m);
    expect(output).toMatch(/^Placar pronto em \d+ ms: abra http:\/\/\S+$/m);
    const hoje = (await (await fetch(`${placar?.url}/api/hoje`)).json()) as ListEnvelope;
    expect(hoje).toMatchObject({ stale: false, count: 13 });
  });
});
