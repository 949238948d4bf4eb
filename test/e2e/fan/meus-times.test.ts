/**
 * Issue 23's fan features in Chromium, against the real server and the fake upstream whose scores
 * change (each change refreshed at once): follow a team from a row's star (mouse and keyboard), "Meus times"
 * on the three views after a reload, drawn without moving the rows below; alerts with notification
 * permission granted: a goal and a cancelled goal of the followed team raise one notification
 * each, a goal in another match none, two tabs one; the page's own announcement, highlight and
 * title badge; a hidden tab keeps polling only with alerts on; axe in both themes; and
 * docs/meus-times.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext } from '../../support/browser/test-page.ts';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { findSeriousViolations } from '../../support/browser/axe.ts';
import { saveScreenshot, watchPage } from '../../../harness/browser.ts';
import { startDashboardHarness, type DashboardHarness } from '../../support/browser/dashboard-harness.ts';
import { readRows } from '../../support/browser/dashboard-page.ts';
import {
  followBeforeLoad,
  pollOnce,
  readNotifications,
  recordNotifications,
  setVisibility,
  turnAlertsOn,
} from '../../support/browser/fan-page.ts';
import { PROJECT_ROOT, RARE_REFRESH_CRON } from '../../../harness/placar-process.ts';
import { withScore } from '../../../harness/upstream-pages.ts';

const LIVE_PATH = '/jogos-em-andamento';
const FLAMENGO = '/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html';
const FLAMENGO_ID = 'brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras';
const SAO_PAULO = '/brasileirao-serie-a/21-11-2026-sao-paulo-x-gremio.html';
const pages = readFixturePages();
const LIVE_PAGE = pages[LIVE_PATH] ?? '';
let harness: DashboardHarness;

beforeAll(async () => {
  harness = await startDashboardHarness({ pages, env: { REFRESH_CRON: RARE_REFRESH_CRON } });
});

afterAll(async () => {
  await harness?.close();
});

interface FanOptions extends BrowserContextOptions {
  teams?: readonly string[];
  alerts?: boolean;
}

/**
 * A new browser (context) of a fan: notifications recorded, permission granted with `alerts`
 * (then its clock is installed too, for the pages to poll on demand: pollOnce, and its service worker runs:
 * a notification is raised through its registration).
 */
async function openFanContext({ teams, alerts = false, ...options }: FanOptions = {}): Promise<BrowserContext> {
  const context = await openTestContext(harness.browser, { serviceWorkers: alerts ? 'allow' : 'block', ...options });
  // These tests drive the 60-s poll with a fake clock: a build notice's fetch (build-notices.test.ts covers
  // those) would interleave with it at a moment the test does not choose.
  await context.route('**/api/eventos/stream*', (route) => route.abort('connectionrefused'));
  if (alerts) {
    await context.grantPermissions(['notifications'], { origin: harness.placar.url });
    await context.clock.install();
  }
  if (teams) await followBeforeLoad(context, teams);
  await recordNotifications(context);
  return context;
}

async function openAt(context: BrowserContext, viewPath: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${harness.placar.url}${viewPath}`);
  return page;
}

const region = (page: Page) => page.getByRole('region', { name: 'Meus times' });

/** The words a sighted fan reads in `selector`: hidden elements and visually hidden ones left out. */
function readSeenText(page: Page, selector: string): Promise<string> {
  return page.locator(selector).evaluate((element) => {
    const copy = element.cloneNode(true) as Element;
    for (const hidden of copy.querySelectorAll('.visually-hidden, [hidden]')) hidden.remove();
    const words: string[] = [];
    const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) words.push(node.textContent ?? '');
    return words.join(' ').replace(/\s+/g, ' ').trim();
  });
}

/** The browser's shared sightings as stored (src/client/alerts/shared-sightings.ts), run in the page. */
function readSharedSightings(): Promise<string> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('placar');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const read = open.result.transaction('alertas').objectStore('alertas').get('vistos');
      read.onerror = () => reject(read.error);
      read.onsuccess = () => {
        open.result.close();
        resolve(String(read.result));
      };
    };
  });
}

function regionRows(page: Page): Promise<string[]> {
  return region(page)
    .locator('.match')
    .evaluateAll((rows) => rows.map((row) => row.querySelector('a')?.textContent?.replace(/\s+/g, ' ').trim() ?? ''));
}

/** The upstream's live page with these score changes, and the server's live listing showing them. */
async function setLiveScores(scores: ReadonlyArray<[path: string, home: number, away: number]>): Promise<void> {
  const html = scores.reduce((page, [matchPath, home, away]) => withScore(page, matchPath, home, away), LIVE_PAGE);
  // A listing's generatedAt counts whole seconds, and a page takes a change for news only in newer data: the
  // refresh starts in the second after the listing served now (refreshes a minute apart never share one).
  const served = Date.parse((await harness.readListing('live')).generatedAt ?? '');
  await expect.poll(() => Date.now() >= served + 1_000, { interval: 100 }).toBe(true);
  harness.upstream.setPage(LIVE_PATH, html);
  await harness.placar.refreshNow();
  const wanted = new Set(scores.map(([matchPath, home, away]) => `${matchPath.slice(1, -5)} ${home}-${away}`));
  await expect
    .poll(
      async () => {
        const live = await harness.readListing('live');
        return live.matches.filter((m) => wanted.has(`${m.id} ${m.score.home}-${m.score.away}`)).length;
      },
      { timeout: 45_000, interval: 250 },
    )
    .toBe(wanted.size);
}

describe('following teams', () => {
  it('follows from a row’s star (mouse, keyboard); after a reload "Meus times" is on the three views', async () => {
    const context = await openFanContext({ viewport: { width: 360, height: 800 } });
    const page = await openAt(context, '/hoje');
    const seen = watchPage(page, harness.placar.url);
    expect(await region(page).count()).toBe(0); // hidden: nothing followed

    const flamengo = page.locator('[data-match-list]').getByRole('button', { name: 'Seguir Flamengo', exact: true });
    expect(await flamengo.getAttribute('aria-pressed')).toBe('false');
    await flamengo.click();
    // The row moves up to "Meus times" (never twice on the page: issue 35), its star pressed there.
    expect(
      await region(page).getByRole('button', { name: 'Seguir Flamengo', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await flamengo.count()).toBe(0);

    // Keyboard: from the Manchester City x Liverpool link, Tab reaches its home star, then its away star.
    await page.locator('[data-match-list] .match-link', { hasText: 'Liverpool' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Seguir Liverpool');
    await page.keyboard.press('Space');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-pressed'))).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('placar:times'))).toBe('["Flamengo","Liverpool"]');

    await page.reload();
    await region(page).waitFor();
    expect(await regionRows(page)).toEqual([
      "67' Flamengo 2 x 1 Palmeiras",
      'Encerrado Manchester City 0 x 2 Liverpool',
    ]);
    expect(
      await region(page).getByRole('button', { name: 'Seguir Flamengo', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');
    // The view's list (its followed rows hidden, not removed) and counter stay whole.
    expect(await readRows(page)).toHaveLength(13);
    expect(await page.locator('[data-counter="hoje"]').textContent()).toBe('13');

    await page.goto(`${harness.placar.url}/`);
    await region(page).waitFor();
    // Ao Vivo keeps today's finished matches of followed teams too, with their result (issue 35).
    await expect
      .poll(() => regionRows(page))
      .toEqual(["67' Flamengo 2 x 1 Palmeiras", 'Encerrado Manchester City 0 x 2 Liverpool']);
    expect(await readRows(page)).toHaveLength(4);

    await page.goto(`${harness.placar.url}/busca`);
    const searches = region(page).getByRole('list', { name: 'Buscar meus times' });
    expect(await searches.getByRole('link').allTextContents()).toEqual(['Flamengo', 'Liverpool']);
    await searches.getByRole('link', { name: 'Liverpool' }).click();
    await page.locator('[data-empty-state]', { hasText: '1 jogo encontrado' }).waitFor();
    expect(page.url()).toBe(`${harness.placar.url}/busca?q=Liverpool`);
    expect(await regionRows(page)).toEqual(['Encerrado Manchester City 0 x 2 Liverpool']);
    expect(await page.locator('[data-counter="busca"]').textContent()).toBe('1');

    // Unfollowed from "Meus times" itself: gone there, and from the stored list.
    await region(page).getByRole('button', { name: 'Seguir Liverpool', exact: true }).click();
    expect(await regionRows(page)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('placar:times'))).toBe('["Flamengo"]');
    expect(seen.errors).toEqual([]);
    await context.close();
  });

  it('draws "Meus times" without moving the rows below, and takes no room while nothing is followed', async () => {
    const shifts = async (context: BrowserContext): Promise<unknown> =>
      context.addInitScript(() => {
        const found: number[] = [];
        Object.defineProperty(window, '__shifts', { value: found });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) found.push((entry as PerformanceEntry & { value: number }).value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
    const readShifts = (page: Page): Promise<number[]> =>
      page.evaluate(() => [...(window as unknown as { __shifts: number[] }).__shifts]);

    for (const viewPath of ['/', '/hoje', '/busca']) {
      const context = await openFanContext({
        teams: ['Flamengo', 'Real Madrid'],
        viewport: { width: 360, height: 800 },
      });
      await shifts(context);
      const page = await openAt(context, viewPath);
      await region(page).waitFor();
      await page.waitForLoadState('load');
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-meus-times-pendente'))).toBe(false);
      expect(await readShifts(page), viewPath).toEqual([]);
      await context.close();
    }

    const context = await openFanContext({ viewport: { width: 360, height: 800 } });
    const page = await openAt(context, '/hoje');
    await page.waitForLoadState('load');
    expect(await page.locator('[data-meus-times]').boundingBox()).toBeNull();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-meus-times-pendente'))).toBe(false);
    await context.close();
  });

  it('ignores foreign or broken content in placar:times, and shows no stars without JavaScript', async () => {
    for (const stored of ['{"times":["Flamengo"]}', '[1, 2', '"Flamengo"', '[null, {"nome":"Flamengo"}]']) {
      const context = await openFanContext({});
      await context.addInitScript((value) => localStorage.setItem('placar:times', value), stored);
      const page = await openAt(context, '/');
      const seen = watchPage(page, harness.placar.url);
      await page.getByRole('button', { name: 'Seguir Flamengo', exact: true }).waitFor();
      expect(
        await page.getByRole('button', { name: 'Seguir Flamengo', exact: true }).getAttribute('aria-pressed'),
      ).toBe('false');
      expect(await region(page).count(), stored).toBe(0);
      expect(await readRows(page)).toHaveLength(4);
      expect(seen.errors).toEqual([]);
      await context.close();
    }
    const page = await harness.newPage({ javaScriptEnabled: false });
    await page.goto(`${harness.placar.url}/hoje`);
    expect(await readRows(page)).toHaveLength(13);
    // The rows get their stars from the script (follow-buttons.ts): without it, none at all.
    expect(await page.locator('button.follow').count()).toBe(0);
    expect(await page.locator('button.follow:visible').count()).toBe(0);
    expect(await region(page).count()).toBe(0);
  });

  it('passes axe with "Meus times" shown, in light and dark, on the three views', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await openFanContext({
        teams: ['Flamengo', 'Barcelona'],
        colorScheme,
        viewport: { width: 360, height: 800 },
      });
      const page = await openAt(context, '/');
      for (const viewPath of ['/', '/hoje', '/busca?q=Flamengo']) {
        await page.goto(`${harness.placar.url}${viewPath}`);
        await region(page).getByRole('button', { name: 'Ativar alertas' }).waitFor();
        if (viewPath.startsWith('/busca')) await region(page).locator('.match').first().waitFor();
        expect(await findSeriousViolations(page), `${viewPath} (${colorScheme})`).toEqual([]);
      }
      await context.close();
    }
  });
});

describe('the alerts button (issue 28)', () => {
  it('says in words whether alerts are on, and offers turning them off, named as a screen reader expects', async () => {
    const context = await openFanContext({ teams: ['Flamengo'], alerts: true, viewport: { width: 360, height: 800 } });
    const page = await openAt(context, '/');
    const meus = region(page);
    const turnOn = meus.getByRole('button', { name: 'Ativar alertas', exact: true });
    const turnOff = meus.getByRole('button', { name: 'Desativar alertas', exact: true });
    const header = '[data-meus-times] .meus-times-header';
    await turnOn.waitFor();
    // A button whose name says what it does carries no aria-pressed ("Ativar alertas, pressed" says neither).
    expect(await turnOn.getAttribute('aria-pressed')).toBeNull();
    expect(await readSeenText(page, header)).toBe('Meus times Ativar alertas');

    await turnOn.click();
    await turnOff.waitFor();
    expect(await turnOff.getAttribute('aria-pressed')).toBeNull();
    expect(await readSeenText(page, header)).toBe('Meus times Alertas ativados Desativar');
    // Said to a screen reader as it changes: a status region.
    expect(await meus.getByRole('status').filter({ hasText: 'Alertas ativados' }).count()).toBe(1);
    // At 360 px on one line with the heading, nothing past the edge.
    const boxes = await Promise.all(
      [meus.locator('h2'), meus.locator('[data-alert-state]'), turnOff].map(async (part) => part.boundingBox()),
    );
    for (const box of boxes) {
      expect(box).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
      expect(
        Math.abs((box?.y ?? 0) + (box?.height ?? 0) / 2 - ((boxes[0]?.y ?? 0) + (boxes[0]?.height ?? 0) / 2)),
      ).toBeLessThan(4);
    }
    expect(await findSeriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'meus-times-alertas-ativados-360');

    // Remembered: another view, another tab of the same browser.
    const other = await openAt(context, '/hoje');
    await region(other).getByRole('button', { name: 'Desativar alertas', exact: true }).waitFor();
    expect(await readSeenText(other, header)).toBe('Meus times Alertas ativados Desativar');

    await turnOff.click();
    await turnOn.waitFor();
    expect(await readSeenText(page, header)).toBe('Meus times Ativar alertas');
    await region(other).getByRole('button', { name: 'Ativar alertas', exact: true }).waitFor();
    await context.close();
  });
});

describe('alerts from the first minute (issue 28)', () => {
  /** A fan who turned alerts on in an earlier visit: permission granted, placar:alertas set. */
  async function openWithAlertsOn(viewPath: string): Promise<{ context: BrowserContext; page: Page }> {
    const context = await openFanContext({ teams: ['Flamengo'], alerts: true, viewport: { width: 360, height: 800 } });
    await context.addInitScript(() => localStorage.setItem('placar:alertas', '1'));
    const page = await openAt(context, viewPath);
    await region(page).getByRole('button', { name: 'Desativar alertas', exact: true }).waitFor();
    return { context, page };
  }

  const goal = (home: number) => ({
    title: 'Gol! Flamengo',
    body: `Flamengo ${home} x 1 Palmeiras · 67'`,
    via: 'service-worker',
  });

  it('alerts a goal scored right after the page opened, at its first poll', async () => {
    const { context, page } = await openWithAlertsOn('/');
    try {
      // Before the page's first poll: compared with what the page showed (2 x 1), not taken as a first sighting.
      await setLiveScores([[FLAMENGO, 3, 1]]);
      await pollOnce(page);
      await expect.poll(() => readNotifications(page)).toHaveLength(1);
      expect(await readNotifications(page)).toEqual([goal(3)]);
      expect(await page.locator('[data-goal-announcer]').textContent()).toBe(
        "Gol! Flamengo — Flamengo 3 x 1 Palmeiras · 67'",
      );
    } finally {
      await setLiveScores([[FLAMENGO, 2, 1]]);
      await context.close();
    }
  });

  it('alerts a goal scored right after moving to another view, at that view’s first poll (Hoje, then Busca)', async () => {
    const { context, page } = await openWithAlertsOn('/');
    try {
      await page.getByRole('navigation', { name: 'Seções' }).getByRole('link', { name: /^Hoje/ }).click();
      await page.waitForURL(/\/hoje$/);
      await region(page).getByRole('button', { name: 'Desativar alertas', exact: true }).waitFor();
      await setLiveScores([[FLAMENGO, 3, 1]]);
      await pollOnce(page);
      await expect.poll(() => readNotifications(page)).toEqual([goal(3)]);

      // Busca shows no match of its own: what this tab saw on Hoje is what it compares with.
      await page
        .getByRole('navigation', { name: 'Seções' })
        .getByRole('link', { name: /^Busca/ })
        .click();
      await page.waitForURL(/\/busca$/);
      await region(page).getByRole('button', { name: 'Desativar alertas', exact: true }).waitFor();
      await setLiveScores([[FLAMENGO, 4, 1]]);
      await pollOnce(page);
      await expect.poll(() => readNotifications(page)).toEqual([goal(4)]);
      await page.waitForTimeout(300);
      expect(await readNotifications(page)).toHaveLength(1);
    } finally {
      await setLiveScores([[FLAMENGO, 2, 1]]);
      await context.close();
    }
  });
});

describe('alerts while the page is open', () => {
  it('raises one notification per goal and cancelled goal of the followed team, none for other matches', async () => {
    // The day's listing lags the live one (2 x 1 there): the first sighting must not read that as a goal.
    await setLiveScores([[FLAMENGO, 3, 1]]);
    const context = await openFanContext({ teams: ['Flamengo'], alerts: true, viewport: { width: 360, height: 800 } });
    const page = await openAt(context, '/');
    const seen = watchPage(page, harness.placar.url);
    await turnAlertsOn(page);
    try {
      await pollOnce(page); // the first sighting: nothing to say
      // A goal in a match of teams not followed: no notification (the page still updates).
      await setLiveScores([
        [FLAMENGO, 3, 1],
        [SAO_PAULO, 1, 0],
      ]);
      await pollOnce(page);
      await page
        .locator('[data-match-list] .match', { hasText: 'São Paulo' })
        .locator('.score', { hasText: '1 x 0' })
        .waitFor();

      await setLiveScores([
        [FLAMENGO, 4, 1],
        [SAO_PAULO, 1, 0],
      ]);
      await pollOnce(page);
      await expect.poll(() => readNotifications(page)).toHaveLength(1);
      expect(await readNotifications(page)).toEqual([
        // Through the service worker, active by now (Android Chrome allows no other way).
        { title: 'Gol! Flamengo', body: "Flamengo 4 x 1 Palmeiras · 67'", via: 'service-worker' },
      ]);
      // What the page itself shows and says, with or without permission.
      const sentence = "Gol! Flamengo — Flamengo 4 x 1 Palmeiras · 67'";
      expect(await page.locator('[data-goal-announcer]').textContent()).toBe(sentence);
      expect(await region(page).locator('[data-latest-alert]').textContent()).toMatch(
        new RegExp(`^\\d{2}:\\d{2} · ${sentence}$`),
      );
      for (const list of ['[data-meus-times-list]', '[data-match-list]']) {
        const score = page.locator(`${list} .match[data-id="${FLAMENGO_ID}"] .score`);
        expect(await score.textContent()).toBe('4 x 1');
        expect(await score.getAttribute('class')).toContain('score--changed');
      }
      const shot = await saveScreenshot(page, 'meus-times-alerta-360');
      expect(fs.statSync(shot).size).toBeGreaterThan(5_000);
      // The README's picture: written when missing (or asked for), as docs/screenshot.png is.
      const docsShot = path.join(PROJECT_ROOT, 'docs', 'meus-times.png');
      if (!fs.existsSync(docsShot) || process.env.UPDATE_DOCS_SCREENSHOT === '1')
        await page.screenshot({ path: docsShot });

      await setLiveScores([
        [FLAMENGO, 3, 1],
        [SAO_PAULO, 1, 0],
      ]);
      await pollOnce(page);
      await expect.poll(() => readNotifications(page)).toHaveLength(2);
      expect((await readNotifications(page))[1]).toMatchObject({
        title: 'Gol anulado: Flamengo',
        body: "Flamengo 3 x 1 Palmeiras · 67'",
      });

      // Nothing new, nothing said twice.
      await pollOnce(page);
      await page.waitForTimeout(300);
      expect(await readNotifications(page)).toHaveLength(2);
      expect(seen.errors).toEqual([]);
    } finally {
      await setLiveScores([
        [FLAMENGO, 2, 1],
        [SAO_PAULO, 0, 0],
      ]);
      await context.close();
    }
  });

  it('raises one notification per change with two open tabs (no service worker: the page’s own)', async () => {
    const context = await openFanContext({ teams: ['Flamengo'], alerts: true, serviceWorkers: 'block' });
    const tabs = [await openAt(context, '/'), await openAt(context, '/hoje')];
    await turnAlertsOn(tabs[0] as Page);
    // The other tab hears it (storage event) and says it too.
    for (const tab of tabs) await region(tab).getByRole('button', { name: 'Desativar alertas' }).waitFor();
    try {
      await pollOnce(...tabs);
      await setLiveScores([[FLAMENGO, 3, 1]]);
      await pollOnce(...tabs);
      for (const tab of tabs) {
        // Each tab says it in its page; the notification is the first tab's to raise.
        await expect.poll(() => tab.locator('[data-latest-alert]').textContent()).toContain('Gol! Flamengo');
        await tab.evaluate(() => navigator.locks.request('placar:alertas', () => undefined));
      }
      const all = async () => (await Promise.all(tabs.map(readNotifications))).flat();
      await expect.poll(async () => (await all()).length).toBe(1);
      await tabs[0]?.waitForTimeout(500);
      expect(await all()).toEqual([{ title: 'Gol! Flamengo', body: "Flamengo 3 x 1 Palmeiras · 67'", via: 'page' }]);
      // Claimed in IndexedDB, which every renderer process reads as last committed (localStorage
      // reaches another process's copy asynchronously: a second tab once read it stale and notified again).
      const claimed = await (tabs[1] as Page).evaluate(readSharedSightings);
      expect(JSON.parse(claimed)).toHaveProperty([FLAMENGO_ID], expect.objectContaining({ home: 3, away: 1 }));
    } finally {
      await setLiveScores([[FLAMENGO, 2, 1]]);
      await context.close();
    }
  });

  it('keeps polling while hidden with alerts on (title badge until seen), and pauses with them off', async () => {
    const context = await openFanContext({ teams: ['Flamengo'], alerts: true });
    const page = await openAt(context, '/');
    await turnAlertsOn(page);
    try {
      await pollOnce(page);
      await setVisibility(page, 'hidden');
      await setLiveScores([[FLAMENGO, 3, 1]]);
      await pollOnce(page); // hidden, and still asking
      await expect.poll(() => page.title()).toBe('(1) GOL Flamengo · Placar');
      await setVisibility(page, 'visible');
      expect(await page.title()).toBe('Ao Vivo · Placar');

      // Alerts off: a hidden tab asks nothing.
      await region(page).getByRole('button', { name: 'Desativar alertas' }).click();
      await region(page).getByRole('button', { name: 'Ativar alertas' }).waitFor();
      await pollOnce(page);
      const asked: string[] = [];
      // No listing asked for (the notices' stream, refused here, is retried with its back-off: not a poll).
      const polls = (url: string): boolean => url.includes('/api/') && !url.includes('/api/eventos/stream');
      page.on('request', (request) => void (polls(request.url()) && asked.push(request.url())));
      await setVisibility(page, 'hidden');
      await page.clock.runFor(5 * 60_000);
      await page.waitForTimeout(300);
      expect(asked).toEqual([]);
    } finally {
      await setLiveScores([[FLAMENGO, 2, 1]]);
      await context.close();
    }
  });
});
