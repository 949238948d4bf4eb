/**
 * Fan-grade search over a realistic day (test/fixtures/search-day), in Chromium against the
 * real server: the labelled relevance set through /api/busca and through the in-browser
 * fallback (the page, with /api/busca answering 429), 60-second refresh in place, combobox
 * suggestions, fallback on any failure, and the engine loaded only when the browser searches.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchEnvelope } from '../../../src/lib/model/model.ts';
import { findSeriousViolations } from '../../support/browser/axe.ts';
import { startDashboardHarness, type DashboardHarness } from '../../support/browser/dashboard-harness.ts';
import { readRows } from '../../support/browser/dashboard-page.ts';
import { formatRelevance, scoreRelevance } from '../../support/samples/relevance.ts';
import { buildSearchDayPages, readRelevanceCases } from '../../support/samples/search-day.ts';
import { withScore } from '../../../harness/upstream-pages.ts';
import { RARE_REFRESH_CRON } from '../../../harness/placar-process.ts';
import { withoutBuildNotices } from '../../support/browser/without-build-notices.ts';

const pages = buildSearchDayPages();
const cases = readRelevanceCases();
const LIVE_PATH = '/jogos-em-andamento';
const TODAY_PATH = '/jogos-de-hoje';
const FLAMENGO = '/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html';
const FLAMENGO_ID = 'brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras';
const BUSY = JSON.stringify({
  type: 'about:blank',
  title: 'Muitas buscas',
  status: 429,
  detail: 'Limite de buscas atingido.',
  instance: '/api/busca',
});
let harness: DashboardHarness;

beforeAll(async () => {
  harness = await startDashboardHarness({ pages, env: { REFRESH_CRON: RARE_REFRESH_CRON } });
});

afterAll(async () => {
  await harness?.close();
});

const isSearchRequest = (url: URL | string): boolean => new URL(url).pathname === '/api/busca';

/** Makes /api/busca answer 429 in this page; returns how many times it was asked. */
async function refuseSearches(page: Page): Promise<() => number> {
  let refused = 0;
  await page.route(isSearchRequest, (route) => {
    refused++;
    return route.fulfill({
      status: 429,
      contentType: 'application/problem+json',
      headers: { 'Retry-After': '30' },
      body: BUSY,
    });
  });
  return () => refused;
}

async function openSearch(page: Page, q: string): Promise<void> {
  await page.goto(`${harness.placar.url}/busca?${new URLSearchParams({ q })}`);
  await page.locator('[data-empty-state]', { hasText: /encontrado/ }).waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-match-list]')?.hasAttribute('aria-busy'));
}

async function shownNames(page: Page): Promise<string[]> {
  return (await readRows(page)).map((row) => `${row.home} x ${row.away}`);
}

describe('relevance set (a realistic day)', () => {
  it('has at least 60 labelled queries', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
  });

  it('answers every labelled query right through /api/busca', async () => {
    const answers = new Map<string, string[]>();
    for (const { q } of cases) {
      const response = await fetch(`${harness.placar.url}/api/busca?${new URLSearchParams({ q })}`);
      expect(response.status, q).toBe(200);
      const envelope = (await response.json()) as SearchEnvelope;
      answers.set(
        q,
        envelope.matches.map((match) => `${match.homeTeam.name} x ${match.awayTeam.name}`),
      );
    }
    const report = scoreRelevance(cases, answers);
    console.log(formatRelevance('servidor, /api/busca', cases.length, report));
    expect(report.violations).toEqual([]);
  });

  // One page, one query after another through the form (as a user would), on a machine that may be loaded.
  it('answers every labelled query right in the browser when /api/busca refuses (429)', {
    timeout: 240_000,
  }, async () => {
    const page = await harness.newPage();
    const refused = await refuseSearches(page);
    await page.goto(`${harness.placar.url}/busca`);
    const input = page.getByLabel('Time ou liga');
    const answers = new Map<string, string[]>();
    for (const { q } of cases) {
      await input.fill(q);
      await input.press('Enter');
      // The URL changes and the list is marked busy synchronously on Enter; done when it is not busy any more.
      await page.waitForFunction(
        (expected) =>
          new URLSearchParams(location.search).get('q') === expected &&
          !document.querySelector('[data-match-list]')?.hasAttribute('aria-busy'),
        q,
      );
      answers.set(q, await shownNames(page));
      expect(await page.locator('[data-search-error]').isVisible(), q).toBe(false);
    }
    expect(refused()).toBeGreaterThanOrEqual(cases.length);
    const report = scoreRelevance(cases, answers);
    console.log(formatRelevance('navegador, busca local após 429', cases.length, report));
    expect(report.violations).toEqual([]);
  });
});

describe('the search page', () => {
  it('refreshes results every 60 s with a conditional request, keeping the field, focus and scroll, and highlights changed scores', {
    timeout: 180_000,
  }, async () => {
    // The poll alone (no build notices, as on a bucket): its 60-s rhythm is what is tested.
    const page = await withoutBuildNotices(await harness.newPage({ viewport: { width: 390, height: 400 } }));
    await page.clock.install();
    const searches: Request[] = [];
    page.on('request', (request) => {
      if (isSearchRequest(request.url())) searches.push(request);
    });
    await openSearch(page, 'brasileirao');
    const input = page.getByLabel('Time ou liga');
    await input.focus();
    await page.mouse.wheel(0, 250);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const scrollBefore = await page.evaluate(() => window.scrollY);
    const score = page.locator(`.match[data-id="${FLAMENGO_ID}"] .score`);
    expect(await score.textContent()).toBe('2 x 1');

    // The minute's refresh sends the last answer's ETag (a 304: no refresh happened since).
    await page.clock.runFor(60_000);
    await expect.poll(() => searches.length).toBe(2);
    expect(searches[1]?.headers()['if-none-match']).toBe((await searches[0]?.response())?.headers().etag);
    expect(await score.textContent()).toBe('2 x 1');

    harness.upstream.setPage(LIVE_PATH, withScore(pages[LIVE_PATH] ?? '', FLAMENGO, 3, 1));
    harness.upstream.setPage(TODAY_PATH, withScore(pages[TODAY_PATH] ?? '', FLAMENGO, 3, 1));
    await harness.placar.refreshNow();
    await expect
      .poll(
        async () => (await harness.readListing('live')).matches.some((m) => m.id === FLAMENGO_ID && m.score.home === 3),
        { timeout: 45_000, interval: 250 },
      )
      .toBe(true);
    await page.clock.runFor(30_000);
    expect(await score.textContent()).toBe('2 x 1'); // not before the minute is up
    await page.clock.runFor(30_000);
    await expect.poll(() => score.textContent(), { timeout: 10_000 }).toBe('3 x 1');
    expect(await score.getAttribute('class')).toContain('score--changed');
    expect(await input.inputValue()).toBe('brasileirao');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('q');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
    expect(new URL(page.url()).search).toBe('?q=brasileirao');
  });

  it('keeps keyboard focus on a competition’s table link when the minute’s refresh draws the results again', {
    timeout: 120_000,
  }, async () => {
    const page = await withoutBuildNotices(await harness.newPage());
    await page.clock.install();
    const answers: number[] = [];
    page.on('response', (response) => {
      if (isSearchRequest(response.url())) answers.push(response.status());
    });
    await openSearch(page, 'brasileirao');
    const opened = (await harness.readListing('hoje')).generatedAt;
    const tableLink = page.locator('[data-match-list] .competition-name a').first();
    const href = await tableLink.getAttribute('href');
    expect(href).toMatch(/^\/tabela\//);
    // Marks the element drawn now: after the redraw, focus must be on its replacement.
    await tableLink.evaluate((link) => link.setAttribute('data-drawn-before', ''));
    await tableLink.focus();
    // A newer build makes the minute's conditional request a 200: a redraw. generatedAt counts whole seconds: the
    // refresh must read in a later one than the build shown (on a quick machine both can fall in one second).
    await expect.poll(() => Date.now()).toBeGreaterThan(Date.parse(opened ?? '') + 1_000);
    await harness.placar.refreshNow();
    await expect
      .poll(async () => (await harness.readListing('hoje')).generatedAt, { timeout: 30_000, interval: 250 })
      .not.toBe(opened);
    await page.clock.runFor(60_000);
    await expect.poll(() => answers).toEqual([200, 200]);
    await page.waitForFunction(() => !document.querySelector('[data-drawn-before]'));
    expect(
      await page.evaluate(() => ({
        href: document.activeElement?.getAttribute('href'),
        inHeading: document.activeElement?.matches('.competition-name a'),
      })),
    ).toEqual({ href, inHeading: true });
  });

  it('suggests team and competition names as an accessible combobox (keyboard, ARIA, axe)', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.placar.url}/busca`);
    const input = page.getByRole('combobox', { name: 'Time ou liga' });
    await input.pressSequentially('fla', { delay: 40 });
    const listbox = page.getByRole('listbox', { name: 'Sugestões de times e ligas' });
    await listbox.waitFor();
    const options = await page.getByRole('option').allTextContents();
    expect(options.slice(0, 2)).toEqual(['Flamengo', 'Flamengo Sub-20']);
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    expect(await input.getAttribute('aria-controls')).toBe(await listbox.getAttribute('id'));
    expect(await findSeriousViolations(page)).toEqual([]);

    await input.press('ArrowDown');
    await input.press('ArrowDown');
    const active = await input.getAttribute('aria-activedescendant');
    expect(await page.locator(`#${active ?? 'none'}`).getAttribute('aria-selected')).toBe('true');
    expect(await page.locator(`#${active ?? 'none'}`).textContent()).toBe('Flamengo Sub-20');
    await input.press('Enter');
    await page.waitForURL(/\/busca\?q=Flamengo\+Sub-20$/);
    expect(await input.inputValue()).toBe('Flamengo Sub-20');
    expect(await listbox.isVisible()).toBe(false);
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    await page.locator('[data-empty-state]', { hasText: '1 jogo encontrado' }).waitFor();
    expect(await shownNames(page)).toEqual(['Flamengo Sub-20 x Vasco Sub-20']);

    await input.fill('');
    await input.pressSequentially('série', { delay: 40 });
    await listbox.waitFor();
    expect(await page.getByRole('option').allTextContents()).toEqual(
      expect.arrayContaining(['Brasileirão Série A', 'Brasileirão Série B']),
    );
    await input.press('Escape');
    expect(await listbox.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('q');
  });

  it('falls back to the in-browser search when /api/busca fails (network error, 500), with no error shown', async () => {
    for (const fail of ['abort', 500] as const) {
      const page = await harness.newPage();
      await page.route(isSearchRequest, (route) =>
        fail === 'abort' ? route.abort('failed') : route.fulfill({ status: 500, body: 'erro' }),
      );
      await openSearch(page, 'galo x raposa');
      expect(await shownNames(page), String(fail)).toEqual(['Atlético-MG x Cruzeiro']);
      expect(await page.locator('[data-search-error]').isVisible()).toBe(false);
    }
  });

  it('loads the search engine only when the browser has to search, never on pages that do not search', async () => {
    const scriptsOf = async (path: string, refuse: boolean): Promise<string[]> => {
      const page = await harness.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      if (refuse) await refuseSearches(page);
      if (path.startsWith('/busca')) await openSearch(page, 'flamengo');
      else await page.goto(`${harness.placar.url}${path}`, { waitUntil: 'networkidle' });
      return scripts;
    };
    const viaServer = await scriptsOf('/busca', false);
    const viaBrowser = await scriptsOf('/busca', true);
    const engineOnly = viaBrowser.filter((url) => !viaServer.includes(url));
    expect(engineOnly.length).toBeGreaterThan(0);
    const engineCode = (await Promise.all(engineOnly.map(async (url) => (await fetch(url)).text()))).join('\n');
    expect(engineCode).toContain('MiniSearch');
    for (const path of ['/', '/hoje']) {
      const scripts = await scriptsOf(path, false);
      expect(
        scripts.filter((url) => engineOnly.includes(url)),
        path,
      ).toEqual([]);
    }
  });
});
