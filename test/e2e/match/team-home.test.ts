/**
 * A team's home (issue 50 §2) in Chromium against the real server (a refresh every 3 s) and the stand-in
 * upstream's listings and match pages, with the Brasileirão's table kept: /time/{slug} at 360 and 1280 px,
 * light and dark, whole, axe clean, no sideways scroll; the match in play, the next matches with day, kick-off,
 * competition and where to watch, the last results with the team's V/E/D, the table places linking to
 * /tabela/{slug}, the calendar as a webcal:// subscription with the file as fallback; a page the refresh kept while
 * only the clock moved opening on the newest minute; a goal on the upstream shown on the open page without a reload;
 * the team's names on a match page and a table leading to it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext } from '../../support/browser/test-page.ts';
import { readFixtureSite } from '../../../src/demo/upstream-server.ts';
import { buildMatchWhenText, buildTeamResult } from '../../../src/lib/display/team-home-display.ts';
import { LISTING_PATHS, MatchDetailEnvelopeSchema, StandingsEnvelopeSchema } from '../../../src/lib/model/model.ts';
import { TeamHomeEnvelopeSchema, type TeamHomeEnvelope } from '../../../src/lib/model/team-home.ts';
import { openBrowser, saveScreenshot } from '../../../harness/browser.ts';
import { withScore, withStatus, withStatusLabel } from '../../../harness/upstream-pages.ts';
import { findSeriousViolations } from '../../support/browser/axe.ts';
import { expectNoInlineScriptOrStyle, expectQuietReload } from '../../support/browser/self-contained-page.ts';
import { keepTableRead } from '../../support/samples/kept-table.ts';
import { servePlacarForFile } from '../../support/processes/served-placar.ts';

const TABLE = 'brasileirao-serie-a';
const FLAMENGO_ID = 'brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras';
const FLAMENGO_PATH = `/${FLAMENGO_ID}.html`;
/** At half-time in the live listing. */
const SAO_PAULO_ID = 'brasileirao-serie-a/21-11-2026-sao-paulo-x-gremio';
/** Plays tomorrow (Bahia x Sport) and yesterday's winner of its match (Benfica x Porto). */
const NEXT_TEAM = 'bahia';
const LAST_TEAM = 'benfica';
const pages = readFixtureSite();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-time-'));
let browser: Browser;

// Before the start and after the stop (hooks run in order, after-hooks in reverse).
beforeAll(() => keepTableRead(dataDir, TABLE));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
// Every listed match's page read in the first refresh: the next matches' channels are known.
const served = servePlacarForFile({
  pages: () => pages,
  dataDir,
  env: { REFRESH_CRON: '*/3 * * * * *', DETAIL_REQUESTS_PER_MINUTE: '200' },
});
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function readTeam(slug: string): Promise<TeamHomeEnvelope> {
  const response = await fetch(`${served.placar.url}/api/time/${slug}`);
  expect(response.status).toBe(200);
  return TeamHomeEnvelopeSchema.parse(await response.json());
}

async function open(slug: string, width = 360, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await openTestContext(browser, { viewport: { width, height: 900 }, colorScheme });
  const page = await context.newPage();
  await page.goto(`${served.placar.url}/time/${slug}`);
  return page;
}

function rowText(page: Page, id: string, part: string): Promise<string | null> {
  return page.locator(`li.match[data-id="${id}"] ${part}`).first().textContent();
}

describe('/time/{slug} in Chromium', () => {
  for (const width of [360, 1280])
    for (const scheme of ['light', 'dark'] as const) {
      it(`is whole and axe clean at ${width} px, ${scheme}: crest, star, the match in play, the table, the calendar`, async () => {
        const team = await readTeam('flamengo');
        const page = await open('flamengo', width, scheme);
        expect(await page.locator('h1').textContent()).toBe('Flamengo');
        expect(await page.locator('.team-crest').count()).toBe(team.team.crest === null ? 0 : 1);
        await expect.poll(() => page.locator('.team-identity button.follow').isVisible()).toBe(true);
        expect(await page.locator('.team-identity button.follow').textContent()).toBe('Seguir Flamengo');
        expect(await rowText(page, FLAMENGO_ID, '.score')).toBe('2 x 1');
        expect(await page.locator('[data-section="live"] li.match a.match-link').getAttribute('href')).toBe(
          `/jogo/${FLAMENGO_ID}`,
        );
        const standing = page.locator('[data-section="standings"] li').first();
        expect(await standing.locator('a').getAttribute('href')).toBe(`/tabela/${TABLE}`);
        const [held] = team.standings;
        expect(await standing.textContent()).toContain(`${held?.position}º colocado · ${held?.points} pontos`);
        const host = new URL(served.placar.url).host;
        expect(await page.locator('a[data-webcal]').getAttribute('href')).toBe(
          `webcal://${host}/api/time/flamengo.ics`,
        );
        expect(await page.locator('a[download]').getAttribute('href')).toBe('/api/time/flamengo.ics');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(await findSeriousViolations(page)).toEqual([]);
        await saveScreenshot(page, `time-${width}-${scheme}`);
        await page.context().close();
      });
    }

  it('lists the next matches with day, kick-off, competition and where to watch', async () => {
    const team = await readTeam(NEXT_TEAM);
    expect(team.next.length).toBeGreaterThan(0);
    const page = await open(NEXT_TEAM);
    for (const match of team.next) {
      expect(await rowText(page, match.id, 'time')).toBe(buildMatchWhenText(match));
      expect(await rowText(page, match.id, '[data-extra] a')).toBe(match.competition.name);
      const detail = await fetch(`${served.placar.url}/api/jogo/${match.id}`);
      const broadcasts = MatchDetailEnvelopeSchema.parse(await detail.json()).detail?.broadcasts ?? [];
      const channels = broadcasts.map((b) => (b.note === null ? b.channel : `${b.channel} (${b.note})`));
      expect(await rowText(page, match.id, '[data-broadcasts]')).toBe(
        `Onde assistir: ${channels.length === 0 ? 'não informado' : channels.join(', ')}`,
      );
    }
    expect(await page.locator('[data-section="last"] .empty-state').textContent()).toBe('Nenhum resultado recente.');
    await saveScreenshot(page, 'time-next-360');
    await page.context().close();
  });

  it("lists the last results with the team's V/E/D", async () => {
    const team = await readTeam(LAST_TEAM);
    expect(team.last.length).toBeGreaterThan(0);
    const page = await open(LAST_TEAM);
    for (const match of team.last) {
      const result = buildTeamResult(match, team.team);
      expect(result).not.toBeNull();
      const mark = page.locator(`li.match[data-id="${match.id}"] [data-result]`);
      expect(await mark.getAttribute('data-result')).toBe(result?.letter);
      expect(await mark.textContent()).toBe(`${result?.letter}${result?.word}`);
    }
    expect(await page.locator('[data-section="next"] .empty-state').textContent()).toBe(
      'Nenhum jogo marcado por enquanto.',
    );
    await saveScreenshot(page, 'time-last-360');
    await page.context().close();
  });

  it('has no inline script or style, asks nothing of another origin, and shows its matches without JavaScript', async () => {
    const html = await (await fetch(`${served.placar.url}/time/flamengo`)).text();
    expectNoInlineScriptOrStyle(html);
    const page = await open('flamengo');
    await expectQuietReload(page, served.placar.url);
    await page.context().close();
    const context = await openTestContext(browser, { javaScriptEnabled: false });
    const still = await context.newPage();
    await still.goto(`${served.placar.url}/time/flamengo`);
    expect(await still.locator(`li.match[data-id="${FLAMENGO_ID}"] .score`).textContent()).toBe('2 x 1');
    expect(await still.locator('a', { hasText: 'Adicionar à agenda' }).getAttribute('href')).toBe(
      '/api/time/flamengo.ics',
    );
    await context.close();
  });

  it("is reached from a match page's scoreboard and from a table's row", async () => {
    const context = await openTestContext(browser);
    const page = await context.newPage();
    await page.goto(`${served.placar.url}/jogo/${FLAMENGO_ID}`);
    expect(await page.locator('.scoreboard-team--away a').getAttribute('href')).toBe('/time/palmeiras');
    await page.locator('.scoreboard-team--home a', { hasText: 'Flamengo' }).click();
    await page.waitForURL(`${served.placar.url}/time/flamengo`);
    expect(await page.locator('h1').textContent()).toBe('Flamengo');
    await context.close();
    // The table is live (São Paulo x Grêmio in play) and a refresh runs every 3 s: with JavaScript the open page
    // reloads at each new build, and a row read mid-reload is missing. The links are the server's own markup.
    const still = await openTestContext(browser, { javaScriptEnabled: false });
    const tablePage = await still.newPage();
    await tablePage.goto(`${served.placar.url}/tabela/${TABLE}`);
    // A row's name links to its team's home exactly when the team has one (a table names teams no listing does).
    const table = StandingsEnvelopeSchema.parse(await (await fetch(`${served.placar.url}/api/tabela/${TABLE}`)).json());
    const rows = table.groups.flatMap((group) => group.rows);
    expect(rows).toHaveLength(20);
    let linked = 0;
    for (const row of rows) {
      const home = (await fetch(`${served.placar.url}/api/time/${row.team.slug}`)).status === 200;
      const links = tablePage.locator(`tr[data-team="${row.team.name}"] .standings-name a`);
      expect(await links.count(), row.team.name).toBe(home ? 1 : 0);
      if (home) expect(await links.getAttribute('href')).toBe(`/time/${row.team.slug}`);
      if (home) linked += 1;
    }
    expect(linked).toBeGreaterThan(1);
    await tablePage.locator('.standings-name a[href="/time/flamengo"]').click();
    await tablePage.waitForURL(`${served.placar.url}/time/flamengo`);
    expect(await tablePage.locator('h1').textContent()).toBe('Flamengo');
    await still.close();
  });

  it('opens on the minute of its JSON, though the refresh kept the page made at an earlier minute', async () => {
    const badge = (html: string): string | undefined =>
      html.match(new RegExp(`data-id="${FLAMENGO_ID}"[^>]*><a[^>]*><span class="badge[^"]*"[^>]*>([^<]*)<`))?.[1];
    const before = badge(await (await fetch(`${served.placar.url}/time/flamengo`)).text());
    expect(before).toBe('67&#39;');
    for (const listing of [LISTING_PATHS.live, LISTING_PATHS.hoje])
      served.upstream.setPage(listing, withStatusLabel(pages[listing] ?? '', FLAMENGO_PATH, '71 MIN'));
    const minute = async (): Promise<number | null | undefined> =>
      (await readTeam('flamengo')).live.find((match) => match.id === FLAMENGO_ID)?.minute;
    await expect.poll(minute, { timeout: 45_000 }).toBe(71);
    // Only the clock moved: the page is the one made at 67'.
    expect(badge(await (await fetch(`${served.placar.url}/time/flamengo`)).text())).toBe(before);
    const context = await openTestContext(browser, { viewport: { width: 360, height: 900 } });
    // No build notice: what the page shows comes from its own first request, not one a notice set off.
    await context.route('**/api/eventos/**', (route) => route.abort('connectionrefused'));
    // Each fetch the page makes, with the document's state then ("complete": after its load event).
    await context.addInitScript(() => {
      const calls: { path: string; readyState: string }[] = [];
      const original = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        calls.push({ path: new URL(url, window.location.href).pathname, readyState: document.readyState });
        return original(input, init);
      };
      Object.assign(window, { placarFetches: calls });
    });
    const page = await context.newPage();
    await page.goto(`${served.placar.url}/time/flamengo`, { waitUntil: 'load' });
    // Asked as it opened (before its load event), not at its first 60-s poll.
    const early = await page.evaluate(() =>
      (window as unknown as { placarFetches: { path: string; readyState: string }[] }).placarFetches
        .filter((call) => call.readyState !== 'complete')
        .map((call) => call.path),
    );
    expect(early).toContain('/api/time/flamengo');
    await expect.poll(() => rowText(page, FLAMENGO_ID, '.badge'), { timeout: 45_000 }).toBe("71'");
    await context.close();
  });

  // Last: the goal and the end stay on the upstream.
  it('shows a goal on the upstream on the open page, highlighted and said, without a reload', async () => {
    const page = await open('flamengo');
    let navigations = 0;
    page.on('framenavigated', () => navigations++);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    expect(await rowText(page, FLAMENGO_ID, '.score')).toBe('2 x 1');
    for (const listing of [LISTING_PATHS.live, LISTING_PATHS.hoje])
      served.upstream.setPage(listing, withScore(pages[listing] ?? '', FLAMENGO_PATH, 3, 1));
    await expect.poll(() => rowText(page, FLAMENGO_ID, '.score'), { timeout: 45_000 }).toBe('3 x 1');
    expect(await page.locator('[data-goal-announcer]').textContent()).toBe('Gol! Flamengo 3 x 1 Palmeiras');
    // The row keeps what the page put under it, and its stars.
    expect(await rowText(page, FLAMENGO_ID, '[data-extra] a')).toBe('Brasileirão Série A');
    expect(await page.locator(`li.match[data-id="${FLAMENGO_ID}"] button.follow`).count()).toBe(2);
    expect(navigations).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await page.context().close();
  });

  it('reloads once when a match of the team ends, and lists it under the last results with its V/E/D', async () => {
    const page = await open('sao-paulo');
    expect(await page.locator(`[data-section="live"] li.match[data-id="${SAO_PAULO_ID}"]`).count()).toBe(1);
    let navigations = 0;
    page.on('framenavigated', () => navigations++);
    for (const listing of [LISTING_PATHS.live, LISTING_PATHS.hoje])
      served.upstream.setPage(listing, withStatus(pages[listing] ?? '', `/${SAO_PAULO_ID}.html`, 'ENCERRADO'));
    const row = page.locator(`[data-section="last"] li.match[data-id="${SAO_PAULO_ID}"]`);
    await expect.poll(() => row.count(), { timeout: 45_000 }).toBe(1);
    const team = await readTeam('sao-paulo');
    const match = team.last.find((last) => last.id === SAO_PAULO_ID);
    expect(match).toBeDefined();
    expect(await row.locator('[data-result]').getAttribute('data-result')).toBe(
      match && buildTeamResult(match, team.team)?.letter,
    );
    expect(await page.locator('[data-section="live"]').count()).toBe(0);
    expect(navigations).toBeGreaterThan(0);
    await page.context().close();
  });
});
