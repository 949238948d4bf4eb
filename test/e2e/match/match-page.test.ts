/**
 * The match page /jogo/{id} in Chromium against the real server, the fake upstream serving the
 * sample match page: reached by a tap on a row, whole at 360 and 1280 px in light and dark (axe
 * clean, nothing cut, no sideways scroll) with everything /api/jogo/{id} says of the match, "Onde
 * assistir" too; kept fresh while live (a goal and a changed channel upstream appear within a poll,
 * from a conditional GET, and the goal is said);
 * quiet once the match is over; honest before kick-off. The service worker keeps match pages and
 * their JSON network first, the last copy offline, and only the 30 last visited.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext } from '../../support/browser/test-page.ts';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { LISTING_PATHS, type MatchDetailEnvelope } from '../../../src/lib/model/model.ts';
import { findSeriousViolations } from '../../support/browser/axe.ts';
import { saveScreenshot, watchPage } from '../../../harness/browser.ts';
import { startDashboardHarness, type DashboardHarness } from '../../support/browser/dashboard-harness.ts';
import { readVisibleText } from '../../support/browser/dashboard-page.ts';
import { followBeforeLoad } from '../../support/browser/fan-page.ts';
import {
  buildManyMatchesPage,
  withMatchPageGoal,
  withScore,
  withStatus,
  withStatusLabel,
} from '../../../harness/upstream-pages.ts';
import { withoutBuildNotices } from '../../support/browser/without-build-notices.ts';
import { advanceClockToNextPoll } from '../../support/browser/next-poll.ts';
import { pollRefreshed } from '../../support/processes/poll-refreshed.ts';
import { RARE_REFRESH_CRON } from '../../../harness/placar-process.ts';

const FLAMENGO = 'brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras';
const FLAMENGO_PATH = `/${FLAMENGO}.html`;
const SCHEDULED = 'brasileirao-serie-a/21-11-2026-atletico-mg-x-red-bull-bragantino';
const MATCH_PAGE = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../fixtures/upstream/match-pages/jogo-flamengo-x-palmeiras.html'),
  'utf8',
);
const pages: Record<string, string> = { ...readFixturePages(), [FLAMENGO_PATH]: MATCH_PAGE };
let harness: DashboardHarness;

beforeAll(async () => {
  // Refreshed when a test asks (pollRefreshed): a changed row has its match page read again.
  harness = await startDashboardHarness({ pages, env: { REFRESH_CRON: RARE_REFRESH_CRON } });
});

afterAll(async () => {
  await harness?.close();
});

async function readEnvelope(id: string): Promise<MatchDetailEnvelope> {
  const response = await fetch(`${harness.placar.url}/api/jogo/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as MatchDetailEnvelope;
}

/** Text of every element of `selector`, whitespace collapsed. */
function readTexts(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(selector)
    .evaluateAll((elements) => elements.map((element) => element.textContent?.replace(/\s+/g, ' ').trim() ?? ''));
}

/** Elements of the page whose content is wider than their box, or that stick out of the window. */
function readCutElements(page: Page): Promise<string[]> {
  return page.locator('main *').evaluateAll((elements) =>
    elements
      .filter((element) => element.getClientRects().length > 0 && !element.closest('.visually-hidden, svg'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const clipped = element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1;
        return clipped || box.left < -1 || box.right > window.innerWidth + 1;
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent?.trim()}`),
  );
}

const VIEWS = [
  { width: 360, colorScheme: 'light' },
  { width: 360, colorScheme: 'dark' },
  { width: 1280, colorScheme: 'light' },
  { width: 1280, colorScheme: 'dark' },
] as const;

describe('the match page, reached from a row', () => {
  it.each(VIEWS)(
    'is whole at $width px, $colorScheme: axe clean, nothing cut, no sideways scroll',
    async ({ width, colorScheme }) => {
      const page = await harness.newPage({ viewport: { width, height: 800 }, colorScheme });
      const { errors } = watchPage(page, harness.placar.url);
      await page.goto(`${harness.placar.url}/`);
      await page.locator(`.match[data-id="${FLAMENGO}"] .match-link`).click();
      await page.waitForURL(`${harness.placar.url}/jogo/${FLAMENGO}`);
      const envelope = await readEnvelope(FLAMENGO);
      expect(envelope.detail?.goals.length).toBeGreaterThan(0);

      expect(await page.title()).toBe('Flamengo 2 x 1 Palmeiras · Placar');
      expect(await readVisibleText(page, 'h1')).toBe('Flamengo x Palmeiras');
      expect(await readVisibleText(page, '.scoreboard')).toBe(
        "Flamengo Seguir Flamengo 67' 2 x 1 Palmeiras Seguir Palmeiras",
      );
      expect(await readTexts(page, '[data-list="timeline"] .event')).toEqual([
        "23' Gol Pedro 1 x 0",
        "35' Cartão amarelo Gerson",
        "40' Gol Raphael Veiga (pênalti) 1 x 1",
        "45+2' Gol Gustavo Gómez (contra) 2 x 1",
        "60' Gol Pedro (gol anulado)",
        "70' Cartão vermelho (segundo amarelo) Richard Ríos",
        "80' Cartão vermelho Murilo",
      ]);
      expect(await readTexts(page, '.period-name')).toEqual(['1º tempo', '2º tempo']);
      expect(await readTexts(page, '.event--home .event-player')).toEqual([
        'Pedro',
        'Gerson',
        'Gustavo Gómez',
        'Pedro',
      ]);
      expect(await readTexts(page, '.event-player del')).toEqual(['Pedro']);

      // Whatever else the match page had is there, as the API says it; nothing it lacks.
      const detail = envelope.detail;
      const lineups = page.locator('[data-section="lineups"]');
      expect(await lineups.isVisible()).toBe(detail?.lineups != null);
      for (const side of ['home', 'away'] as const) {
        expect(await readTexts(page, `[data-list="lineup-${side}"] li`)).toEqual(
          (detail?.lineups?.[side] ?? []).map((player) => `${player.number ?? ''} ${player.name}`.trim()),
        );
      }
      expect(await readTexts(page, '[data-list="statistics"] .stat')).toEqual(
        (detail?.statistics ?? []).map((stat) => `${stat.label} Flamengo: ${stat.home} Palmeiras: ${stat.away}`),
      );
      expect(await page.locator('[data-section="statistics"]').isVisible()).toBe((detail?.statistics.length ?? 0) > 0);
      expect(await readVisibleText(page, '[data-fact="venue"] dd')).toBe(detail?.venue ?? '');
      expect(await readVisibleText(page, '[data-fact="referee"] dd')).toBe(detail?.referee ?? '');
      expect(detail?.round).toBe('Rodada 12');
      expect(await readVisibleText(page, '[data-fact="round"] dd')).toBe(detail?.round ?? '');
      expect(await readVisibleText(page, '[data-section="broadcasts"] h2')).toBe('Onde assistir');
      expect(await readTexts(page, '[data-list="broadcasts"] li')).toEqual(['SporTV (7 dias grátis)', 'Premiere']);
      const source = page.getByRole('link', { name: /página do jogo em/ });
      expect(await source.getAttribute('href')).toBe(`${harness.upstream.url}${FLAMENGO_PATH}`);
      expect(await source.getAttribute('rel')).toBe('external');
      expect(await page.locator('[data-detail-notice]').isVisible()).toBe(false);

      expect(await findSeriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await readCutElements(page)).toEqual([]);
      await saveScreenshot(page, `jogo-${width}-${colorScheme}`);
      expect(errors).toEqual([]);
    },
  );

  it('is where every row leads: the views, search results and "Meus times", as rendered and as redrawn', async () => {
    const context = await openTestContext(harness.browser);
    await followBeforeLoad(context, ['Flamengo']);
    const page = await context.newPage();
    await page.clock.install();
    const readLinks = (selector: string): Promise<{ id: string; href: string; rel: string | null }[]> =>
      page.locator(`${selector} .match`).evaluateAll((rows) =>
        rows.map((row) => ({
          id: row.getAttribute('data-id') ?? '',
          href: row.querySelector('a')?.getAttribute('href') ?? '',
          rel: row.querySelector('a')?.getAttribute('rel') ?? null,
        })),
      );
    const expectMatchPages = async (selector: string, where: string): Promise<void> => {
      const links = await readLinks(selector);
      expect(links.length, where).toBeGreaterThan(0);
      expect(links, where).toEqual(links.map(({ id }) => ({ id, href: `/jogo/${id}`, rel: null })));
    };
    for (const view of ['/', '/hoje', '/ontem', '/amanha']) {
      await page.goto(`${harness.placar.url}${view}`);
      await expectMatchPages('[data-match-list]', view);
      for (const { href } of await readLinks('[data-match-list]'))
        expect((await fetch(`${harness.placar.url}${href}`)).status, href).toBe(200);
    }
    // Redrawn by the browser: the live list after a poll, "Meus times", search results.
    await page.goto(`${harness.placar.url}/`);
    const polled = page.waitForResponse((response) => response.url().endsWith('/api/live'));
    await page.clock.runFor(60_000);
    await (await polled).finished();
    await expectMatchPages('[data-match-list]', 'Ao Vivo after a poll');
    await expectMatchPages('[data-meus-times-list]', 'Meus times');
    await page.goto(`${harness.placar.url}/busca?q=brasileirao`);
    await page.locator('[data-match-list] .match').first().waitFor();
    await expectMatchPages('[data-match-list]', 'Busca');
    await context.close();
  });

  it('follows a team from its star, as the rows do', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.placar.url}/jogo/${FLAMENGO}`);
    const star = page.locator('.scoreboard').getByRole('button', { name: 'Seguir Palmeiras', exact: true });
    await star.click();
    expect(await star.getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('placar:times'))).toBe('["Palmeiras"]');
    await page.goto(`${harness.placar.url}/`);
    await page.getByRole('region', { name: 'Meus times' }).waitFor();
  });

  it('says before kick-off why there is no detail yet', async () => {
    const envelope = await readEnvelope(SCHEDULED);
    expect(envelope.match.status).toBe('SCHEDULED');
    const page = await harness.newPage();
    await page.goto(`${harness.placar.url}/jogo/${SCHEDULED}`);
    expect(await readVisibleText(page, '[data-detail-notice]')).toBe(
      'Detalhes ainda não disponíveis: o jogo ainda não começou. Gols, cartões e escalações aparecem aqui depois do início.',
    );
    expect(await page.locator('[data-detail]').isVisible()).toBe(false);
    expect(await findSeriousViolations(page)).toEqual([]);
  });
});

describe('while the match is live', () => {
  it('shows its minute from the JSON at once, though its page was made before the clock moved', async () => {
    const live = pages[LISTING_PATHS.live] ?? '';
    harness.upstream.setPage(LISTING_PATHS.live, withStatusLabel(live, FLAMENGO_PATH, '81 MIN'));
    await pollRefreshed(harness.placar, async () => (await readEnvelope(FLAMENGO)).match.minute).toBe(81);
    // The page itself was not made again for a minute that moved (match-files.ts): it still says the old one.
    const html = await (await fetch(`${harness.placar.url}/jogo/${FLAMENGO}`)).text();
    const badge = /data-status[^>]*>([^<]*)</.exec(html)?.[1] ?? '';
    expect(badge).not.toContain('81');
    const page = await harness.newPage();
    await page.goto(`${harness.placar.url}/jogo/${FLAMENGO}`);
    await expect.poll(() => readVisibleText(page, '[data-status]'), { timeout: 20_000 }).toContain('81');
    harness.upstream.setPage(LISTING_PATHS.live, live);
    await pollRefreshed(harness.placar, async () => (await readEnvelope(FLAMENGO)).match.minute).not.toBe(81);
  });

  it('shows a goal scored upstream within a poll, from a conditional GET, says it, then stops once it ends', async () => {
    // The poll alone (no build notices: build-notices.test.ts has those).
    const page = await withoutBuildNotices(await harness.newPage());
    await page.clock.install();
    await page.goto(`${harness.placar.url}/jogo/${FLAMENGO}`);
    let navigations = 0;
    page.on('framenavigated', () => navigations++);
    const endpoint = `/api/jogo/${FLAMENGO}`;
    const first = page.waitForResponse((response) => response.url().endsWith(endpoint));
    await page.clock.runFor(60_000);
    const etag = await (await first).headerValue('etag');
    expect(etag).toBeTruthy();

    harness.upstream.setPage(LISTING_PATHS.live, withScore(pages[LISTING_PATHS.live] ?? '', FLAMENGO_PATH, 3, 1));
    // The channel row changes too: the page redraws "Onde assistir" from the JSON.
    const channelsChanged = MATCH_PAGE.replace('SporTV (7 dias grátis), Premiere', 'Premiere, Globoplay (no app)');
    expect(channelsChanged).not.toBe(MATCH_PAGE);
    harness.upstream.setPage(FLAMENGO_PATH, withMatchPageGoal(channelsChanged, 'home', 'Bruno Henrique', 75));
    await pollRefreshed(harness.placar, async () => (await readEnvelope(FLAMENGO)).detail?.goals.length).toBe(5);

    const second = await advanceClockToNextPoll(page, endpoint);
    expect(second.headers()['if-none-match']).toBe(etag);
    const score = page.locator('[data-score]');
    await expect.poll(() => score.textContent(), { timeout: 10_000 }).toBe('3 x 1');
    expect(await score.getAttribute('class')).toContain('score--changed');
    expect((await readTexts(page, '[data-list="timeline"] .event')).slice(-3)).toEqual([
      "70' Cartão vermelho (segundo amarelo) Richard Ríos",
      "75' Gol Bruno Henrique 3 x 1",
      "80' Cartão vermelho Murilo",
    ]);
    expect(await readTexts(page, '[data-list="broadcasts"] li')).toEqual(['Premiere', 'Globoplay (no app)']);
    expect(await page.locator('[data-goal-announcer]').textContent()).toBe('Gol! Flamengo 3 x 1 Palmeiras');
    expect(await page.title()).toBe('Flamengo 3 x 1 Palmeiras · Placar');
    expect(navigations).toBe(0);

    // Full time: the page shows it once, then asks no more.
    const finished = withStatus(pages[LISTING_PATHS.live] ?? '', FLAMENGO_PATH, 'ENCERRADO');
    harness.upstream.setPage(LISTING_PATHS.live, withScore(finished, FLAMENGO_PATH, 3, 1));
    await pollRefreshed(harness.placar, async () => (await readEnvelope(FLAMENGO)).match.status).toBe('FINISHED');
    await page.clock.runFor(60_000);
    await expect.poll(() => readVisibleText(page, '[data-status]'), { timeout: 10_000 }).toBe('Encerrado');
    expect(await page.locator('.auto-refresh').isVisible()).toBe(false);
    const later: string[] = [];
    page.on('request', (request) => void (request.url().endsWith(endpoint) && later.push(request.url())));
    await page.clock.runFor(5 * 60_000);
    await page.waitForTimeout(300);
    expect(later).toEqual([]);
  });
});

describe('the service worker and match pages', () => {
  let many: DashboardHarness;

  beforeAll(async () => {
    // 40 live matches, each with its /jogo and /api/jogo: more than the worker keeps.
    const live = buildManyMatchesPage(pages[LISTING_PATHS.live] ?? '', 40);
    many = await startDashboardHarness({
      pages: { ...pages, [LISTING_PATHS.live]: live },
      env: { REFRESH_CRON: '0 0 * * *' },
    });
  });

  afterAll(async () => {
    await many?.close();
  });

  /** Paths of what the worker's match caches hold, [pages, JSON]. */
  function readMatchCaches(page: Page): Promise<string[][]> {
    return page.evaluate(async () => {
      const names = await caches.keys();
      return Promise.all(
        ['placar-jogos-', 'placar-api-jogos-'].map(async (prefix) => {
          const name = names.find((candidate) => candidate.startsWith(prefix));
          if (name === undefined) return [];
          return (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
        }),
      );
    });
  }

  it('keeps the 30 last visited, network first, and opens the last one offline with "Sem conexão"', async () => {
    const context = await openTestContext(many.browser, { serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto(`${many.placar.url}/`);
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const live = await many.readListing('live');
    const ids = live.matches.map((match) => match.id).slice(0, 35);
    expect(ids).toHaveLength(35);
    await page.evaluate(async (visited) => {
      for (const id of visited) {
        await (await fetch(`/jogo/${id}`)).text();
        await (await fetch(`/api/jogo/${id}`)).text();
      }
    }, ids);
    const last30 = ids.slice(-30);
    await expect
      .poll(async () => (await readMatchCaches(page)).map((paths) => paths.length), { timeout: 10_000 })
      .toEqual([30, 30]);
    const [pagesKept, jsonKept] = await readMatchCaches(page);
    expect(new Set(pagesKept)).toEqual(new Set(last30.map((id) => `/jogo/${id}`)));
    expect(new Set(jsonKept)).toEqual(new Set(last30.map((id) => `/api/jogo/${id}`)));

    await context.setOffline(true);
    const last = live.matches[34];
    const offline = await context.newPage();
    const { errors } = watchPage(offline, many.placar.url);
    const response = await offline.goto(`${many.placar.url}/jogo/${last?.id}`);
    expect(response?.status()).toBe(200);
    expect(await readVisibleText(offline, 'h1')).toBe(`${last?.homeTeam.name} x ${last?.awayTeam.name}`);
    // Its match page was never read (the fake upstream has none): the match as last received, the
    // notice saying the time of that listing's read, the one "Última atualização" shows (issue 35).
    expect((await (await fetch(`${many.placar.url}/api/jogo/${last?.id}`)).json()).generatedAt).toBeNull();
    const shownAt = await readVisibleText(offline, '[data-last-update]');
    expect(shownAt).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    // The worker's network may go offline a moment after the page's: until the notice shows, the
    // page is told again (its 'offline' event asks anew).
    await expect
      .poll(
        async () => {
          const text = await readVisibleText(offline, '[data-offline-notice]');
          if (text === '') await offline.evaluate(() => window.dispatchEvent(new Event('offline')));
          return text;
        },
        { timeout: 10_000 },
      )
      .toBe(`Sem conexão — mostrando os dados de ${shownAt}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
