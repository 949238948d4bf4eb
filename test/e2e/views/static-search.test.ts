/**
 * Static-only hosting: the folder PUBLISH_COMMAND received is served by a plain static file
 * server (no Node, no /api/busca), Placar stopped; search in Chromium still works — typing,
 * ?q= in the URL, the 2–100 characters rule — with the same results and messages as the server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { groupByCompetition } from '../../../src/lib/display/match-display.ts';
import type { ListEnvelope, SearchEnvelope } from '../../../src/lib/model/model.ts';
import { SEARCH_RESULTS_MAX } from '../../../src/lib/model/search-results.ts';
import { openBrowser, watchPage } from '../../../harness/browser.ts';
import { readRows } from '../../support/browser/dashboard-page.ts';
import { openTestPage } from '../../support/browser/test-page.ts';
import { startPlacar } from '../../../harness/placar-process.ts';
import { buildGeneratedMatches } from '../../support/samples/generated-matches.ts';
import { startStaticFileServer, type StaticFileServer } from '../../support/publish/static-file-server.ts';

let upstream: FakeUpstream;
let published: string;
let host: StaticFileServer;
let browser: Browser;
/** What Placar's own /api/busca answered, before it was stopped. */
const server: Record<string, SearchEnvelope> = {};
let tooLongDetail = '';
const TOO_LONG = 'a'.repeat(101);

beforeAll(async () => {
  upstream = await startFakeUpstream({ pages: readFixturePages() });
  published = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-static-'));
  const placar = await startPlacar({
    upstreamUrl: upstream.url,
    env: {
      REFRESH_CRON: '0 0 * * *',
      SEARCH_RATE_LIMIT: '0',
      PUBLISH_COMMAND: 'cp -r "$PLACAR_BUILD_DIR/." "$DEST"',
      DEST: published,
    },
  });
  try {
    await placar.waitForOutput(/publicação concluída/, 30_000);
    for (const q of ['flamengo', 'brasileirao serie', 'sao paulo']) {
      server[q] = (await (
        await fetch(`${placar.url}/api/busca?${new URLSearchParams({ q })}`)
      ).json()) as SearchEnvelope;
    }
    tooLongDetail = ((await (await fetch(`${placar.url}/api/busca?q=${TOO_LONG}`)).json()) as { detail: string })
      .detail;
  } finally {
    await placar.stop();
  }
  host = await startStaticFileServer(published);
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await upstream?.close();
  fs.rmSync(published, { recursive: true, force: true });
});

function newPage(): Promise<Page> {
  return openTestPage(browser);
}

async function waitForStatus(page: Page, text: string): Promise<void> {
  await page.locator('[data-empty-state]', { hasText: text }).waitFor();
}

describe('search on a plain static host', () => {
  it('has no /api/busca there', async () => {
    expect((await fetch(`${host.url}/api/busca?q=flamengo`)).status).toBe(404);
    expect((await fetch(`${host.url}/api/hoje`)).headers.get('content-type')).toBe('application/octet-stream');
  });

  it('finds matches as the user types, from the pre-built listings', async () => {
    const page = await newPage();
    const seen = watchPage(page, host.url);
    await page.goto(`${host.url}/busca`);
    await page.getByLabel('Time ou liga').pressSequentially('flamen', { delay: 40 });
    await page.waitForURL(/\/busca\?q=flamen$/);
    await waitForStatus(page, '1 jogo encontrado');
    expect((await readRows(page)).map((row) => row.home)).toEqual(['Flamengo']);
    expect(await page.locator('[data-counter="busca"]').textContent()).toBe('1');
    expect(host.requests.some((url) => url.startsWith('/api/busca?'))).toBe(true);
    for (const listing of ['/api/live', '/api/hoje', '/api/amanha', '/api/ontem'])
      expect(host.requests).toContain(listing);
    expect(seen.errors).toEqual([]);
    expect(await page.getByRole('alert').filter({ visible: true }).count()).toBe(0);
  });

  it('finds yesterday’s matches in the browser too (issue 23)', async () => {
    const page = await newPage();
    await page.goto(`${host.url}/busca?q=benfica`);
    await waitForStatus(page, '1 jogo encontrado');
    expect((await readRows(page)).map((row) => `${row.home} ${row.score} ${row.away}`)).toEqual([
      'Benfica 2 x 0 Porto',
    ]);
  });

  it.each(['brasileirao serie', 'sao paulo'])(
    'opens /busca?q=%s with the same matches, in the same order, as the server',
    async (q) => {
      const page = await newPage();
      await page.goto(`${host.url}/busca?${new URLSearchParams({ q })}`);
      const expected = server[q];
      expect(expected?.count).toBeGreaterThan(0);
      await waitForStatus(page, expected?.count === 1 ? '1 jogo encontrado' : `${expected?.count} jogos encontrados`);
      const rows = await readRows(page);
      // The page shows the ranked matches under their competition headings.
      const shown = groupByCompetition(expected?.matches ?? []).flatMap((group) => group.matches);
      expect(rows.map((row) => row.home)).toEqual(shown.map((match) => match.homeTeam.name));
      expect(rows.map((row) => row.away)).toEqual(shown.map((match) => match.awayTeam.name));
    },
  );

  it('asks for /api/busca only once per page: the static host is remembered', async () => {
    const page = await newPage();
    await page.goto(`${host.url}/busca?q=flamengo`);
    await waitForStatus(page, '1 jogo encontrado');
    const before = host.requests.filter((url) => url.startsWith('/api/busca?')).length;
    const input = page.getByLabel('Time ou liga');
    await input.fill('palmeiras');
    await input.press('Enter');
    await page.waitForURL(/q=palmeiras$/);
    await page.locator('.team-name', { hasText: 'Palmeiras' }).first().waitFor();
    expect(host.requests.filter((url) => url.startsWith('/api/busca?')).length).toBe(before);
  });

  it('applies the server rules to the term: 2 to 100 characters, with the same messages', async () => {
    const page = await newPage();
    await page.goto(`${host.url}/busca?q=${TOO_LONG}`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(tooLongDetail).toContain('101');
    expect(await alert.textContent()).toBe(tooLongDetail);
    expect(await readRows(page)).toEqual([]);
    await page.getByLabel('Time ou liga').fill('f');
    await waitForStatus(page, 'Digite pelo menos 2 caracteres');
  });
});

describe('a broad search on a static host with a big day', () => {
  let bigDay: string;
  let bigHost: StaticFileServer;

  beforeAll(async () => {
    // The published folder, with today's listing grown far past the cap.
    bigDay = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-static-big-'));
    fs.cpSync(published, bigDay, { recursive: true });
    const file = path.join(bigDay, 'api', 'hoje');
    const hoje = JSON.parse(fs.readFileSync(file, 'utf8')) as ListEnvelope;
    const origin = new URL(hoje.source).origin;
    const matches = [...hoje.matches, ...buildGeneratedMatches(3 * SEARCH_RESULTS_MAX, 'Mandante', origin)];
    fs.writeFileSync(file, JSON.stringify({ ...hoje, count: matches.length, matches }));
    bigHost = await startStaticFileServer(bigDay);
  });

  afterAll(async () => {
    await bigHost?.close();
    fs.rmSync(bigDay, { recursive: true, force: true });
  });

  it(`shows the ${SEARCH_RESULTS_MAX} best and says the search was cut`, async () => {
    const page = await newPage();
    await page.goto(`${bigHost.url}/busca?q=futebol+clube`);
    const cut = `Mostrando os ${SEARCH_RESULTS_MAX} jogos mais relevantes. Refine a busca para ver outros.`;
    await waitForStatus(page, cut);
    expect(await readRows(page)).toHaveLength(SEARCH_RESULTS_MAX);
    expect(await page.locator('[data-counter="busca"]').textContent()).toBe(String(SEARCH_RESULTS_MAX));
  });
});
