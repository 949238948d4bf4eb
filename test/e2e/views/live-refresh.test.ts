/**
 * The live view keeps itself fresh in Chromium (browser clock installed before the page
 * loads) by its 60-second poll alone, the fallback when there is no stream of build notices
 * (build-notices.test.ts has those): a score changed on the upstream appears after the
 * 60-second refresh with no navigation; hidden tabs pause; a failed refresh keeps the data;
 * stale data says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { startDashboardHarness, type DashboardHarness } from '../../support/browser/dashboard-harness.ts';
import { formatExpectedClock, readRows, readVisibleText } from '../../support/browser/dashboard-page.ts';
import { withoutMatch, withScore } from '../../../harness/upstream-pages.ts';
import { withoutBuildNotices } from '../../support/browser/without-build-notices.ts';
import { advanceClockToNextPoll } from '../../support/browser/next-poll.ts';

const LIVE_PATH = '/jogos-em-andamento';
const FLAMENGO = '/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html';
const FLAMENGO_ID = 'brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras';
const pages = readFixturePages();
let harness: DashboardHarness;

beforeAll(async () => {
  // Refresh every 3 s, so the server has new data within seconds and data is stale after ~9 s.
  harness = await startDashboardHarness({ pages, env: { REFRESH_CRON: '*/3 * * * * *' } });
});

afterAll(async () => {
  await harness?.close();
});

/** The live view with its poll alone (no build notices: the fallback these tests are about). */
async function openLivePage(): Promise<Page> {
  const page = await withoutBuildNotices(await harness.newPage());
  await page.clock.install();
  await page.goto(`${harness.placar.url}/`);
  return page;
}

function flamengoScore(page: Page): Promise<string | null> {
  return page.locator(`.match[data-id="${FLAMENGO_ID}"] .score`).textContent();
}

async function waitForServerLive(
  predicate: (live: Awaited<ReturnType<DashboardHarness['readListing']>>) => boolean,
): Promise<void> {
  await expect
    .poll(async () => predicate(await harness.readListing('live')), { timeout: 45_000, interval: 250 })
    .toBe(true);
}

describe('live refresh every 60 seconds', () => {
  it('shows a score changed on the upstream after the refresh, highlighted, without navigating', async () => {
    const page = await openLivePage();
    let navigations = 0;
    page.on('framenavigated', () => navigations++);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    expect(await flamengoScore(page)).toBe('2 x 1');
    const lastUpdateBefore = await page.locator('[data-last-update]').textContent();

    harness.upstream.setPage(LIVE_PATH, withScore(pages[LIVE_PATH] ?? '', FLAMENGO, 3, 1));
    await waitForServerLive((live) => live.matches.some((m) => m.id === FLAMENGO_ID && m.score.home === 3));
    const live = await harness.readListing('live');

    await page.clock.runFor(30_000);
    expect(await flamengoScore(page)).toBe('2 x 1'); // not before the minute is up
    await page.clock.runFor(30_000);
    await expect.poll(() => flamengoScore(page), { timeout: 10_000 }).toBe('3 x 1');

    const score = page.locator(`.match[data-id="${FLAMENGO_ID}"] .score`);
    expect(await score.getAttribute('class')).toContain('score--changed');
    expect(await page.locator('[data-goal-announcer]').textContent()).toBe('Gol! Flamengo 3 x 1 Palmeiras');
    expect(await page.locator('[data-goal-announcer]').getAttribute('aria-live')).toBe('polite');
    expect(await page.locator('[data-counter="live"]').textContent()).toBe(String(live.count));
    const lastUpdateAfter = await page.locator('[data-last-update]').textContent();
    expect(lastUpdateAfter).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect(lastUpdateAfter).not.toBe(lastUpdateBefore);
    expect(navigations).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect((await readRows(page)).filter((r) => r.score !== '3 x 1').map((r) => r.score)).toEqual([
      '0 x 0',
      '1 x 0',
      '2 x 2',
    ]);

    await page.clock.runFor(6_000);
    expect(await score.getAttribute('class')).not.toContain('score--changed');
  });

  it('refreshes the today view from /api/hoje too, as a conditional request', async () => {
    const page = await withoutBuildNotices(await harness.newPage());
    await page.clock.install();
    await page.goto(`${harness.placar.url}/hoje`);
    const first = page.waitForResponse((r) => r.url().endsWith('/api/hoje'));
    await page.clock.runFor(60_000);
    const etag = await (await first).headerValue('etag');
    expect(etag).toBeTruthy();
    const second = await advanceClockToNextPoll(page, '/api/hoje');
    expect(second.headers()['if-none-match']).toBe(etag);
  });

  it('pauses while the tab is hidden and refreshes at once when it is shown again', async () => {
    const page = await openLivePage();
    const liveRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/live')) liveRequests.push(request.url());
    });
    const setVisibility = (state: 'hidden' | 'visible'): Promise<void> =>
      page.evaluate((value) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);

    await setVisibility('hidden');
    await page.clock.runFor(5 * 60_000);
    await page.waitForTimeout(300);
    expect(liveRequests).toEqual([]);

    const request = page.waitForRequest((r) => r.url().endsWith('/api/live'));
    await setVisibility('visible');
    await request;
    expect(liveRequests).toHaveLength(1);
  });

  it('keeps the matches and says so discreetly when a refresh fails', async () => {
    const page = await openLivePage();
    const rowsBefore = await readRows(page);
    await page.route('**/api/live', (route) => route.abort('connectionrefused'));
    await page.clock.runFor(60_000);
    const note = page.locator('[data-refresh-error]');
    await note.waitFor({ state: 'visible' });
    expect(await note.textContent()).toBe('Falha ao atualizar; mostrando os últimos dados.');
    expect(await readRows(page)).toEqual(rowsBefore);

    await page.unroute('**/api/live');
    await page.clock.runFor(60_000);
    await note.waitFor({ state: 'hidden' });
  });

  it('shows a notice saying since when the data is not updated once the upstream keeps failing', async () => {
    const page = await openLivePage();
    expect(await page.locator('[data-stale-notice]').isVisible()).toBe(false);
    harness.upstream.setFault(LIVE_PATH, { kind: 'status', status: 503 });
    try {
      await waitForServerLive((live) => live.stale);
      const live = await harness.readListing('live');
      const generatedAt = live.generatedAt ?? '';
      const since = `${generatedAt.slice(8, 10)}/${generatedAt.slice(5, 7)} às ${formatExpectedClock(generatedAt)}`;

      await page.clock.runFor(60_000);
      const notice = page.locator('[data-stale-notice]');
      await notice.waitFor({ state: 'visible' });
      expect(await notice.textContent()).toContain(`sem atualização desde ${since}`);
      expect(await readRows(page)).toHaveLength(live.count); // the old data stays, with the notice

      // A fresh load shows the notice from the HTML as well (the build after the data went stale).
      await expect
        .poll(
          async () => {
            await page.goto(`${harness.placar.url}/`);
            return readVisibleText(page, '[data-stale-notice]');
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toContain(`sem atualização desde ${since}`);
    } finally {
      harness.upstream.setFault(LIVE_PATH, null);
    }
  });

  it('keeps every tab counter of every view true after each refresh, with conditional requests', async () => {
    const pageFor = async (path: string): Promise<Page> => {
      const page = await harness.newPage();
      await page.clock.install();
      await page.goto(`${harness.placar.url}${path}`);
      return page;
    };
    const hoje = await pageFor('/hoje');
    const busca = await pageFor('/busca');
    const shownLive = async (page: Page): Promise<string | null> => page.locator('[data-counter="live"]').textContent();
    const before = await harness.readListing('live');
    expect(await shownLive(hoje)).toBe(String(before.count));

    // One live match fewer on the upstream: the other views' "Ao Vivo" counters must follow.
    const original = pages[LIVE_PATH] ?? '';
    const withoutFlamengo = withoutMatch(original, FLAMENGO);
    expect(withoutFlamengo).not.toBe(original);
    harness.upstream.setPage(LIVE_PATH, withoutFlamengo);
    try {
      await waitForServerLive((live) => live.count === before.count - 1);
      const liveResponses = [hoje, busca].map((page) => page.waitForResponse((r) => r.url().endsWith('/api/live')));
      for (const page of [hoje, busca]) await page.clock.runFor(60_000);
      const [hojeResponse] = await Promise.all(liveResponses);
      for (const page of [hoje, busca]) {
        await expect.poll(() => shownLive(page), { timeout: 10_000 }).toBe(String(before.count - 1));
        expect(await page.locator('[data-counter="hoje"]').textContent()).toBe(
          String((await harness.readListing('hoje')).count),
        );
      }
      // The next minute asks conditionally (the counters cost a 304 when nothing changed).
      const etag = await hojeResponse?.headerValue('etag');
      expect(etag).toBeTruthy();
      const next = await advanceClockToNextPoll(hoje, '/api/live');
      expect(next.headers()['if-none-match']).toBe(etag);
    } finally {
      harness.upstream.setPage(LIVE_PATH, original);
      await waitForServerLive((live) => live.count === before.count);
    }
  });
});
