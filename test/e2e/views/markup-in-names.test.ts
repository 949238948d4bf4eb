/**
 * Team names are text, always: an upstream name carrying markup shows as those characters
 * and runs nothing — in the server-built HTML, after a live refresh, and in search results.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { watchPage } from '../../../harness/browser.ts';
import { startDashboardHarness, type DashboardHarness } from '../../support/browser/dashboard-harness.ts';
import { withScore, withTeamName } from '../../../harness/upstream-pages.ts';
import { RARE_REFRESH_CRON } from '../../../harness/placar-process.ts';

const LIVE_PATH = '/jogos-em-andamento';
const FLAMENGO = '/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html';
const IMG_NAME = '<img src=x onerror=alert(1)>';
const SCRIPT_NAME = '<script>alert(2)</script>';
const pages = readFixturePages();
const hostilePage = withTeamName(
  withTeamName(pages[LIVE_PATH] ?? '', FLAMENGO, 'home', IMG_NAME),
  FLAMENGO,
  'away',
  SCRIPT_NAME,
);
let harness: DashboardHarness;

beforeAll(async () => {
  harness = await startDashboardHarness({
    pages: { ...pages, [LIVE_PATH]: hostilePage },
    env: { REFRESH_CRON: RARE_REFRESH_CRON },
  });
});

afterAll(async () => {
  await harness?.close();
});

async function expectNamesAsText(page: Page): Promise<void> {
  const names = await page.locator('[data-match-list] .team-name').allTextContents();
  expect(names).toContain(IMG_NAME);
  expect(names).toContain(SCRIPT_NAME);
  expect(await page.locator('[data-match-list] img[src="x"]').count()).toBe(0);
  expect(await page.locator('[data-match-list] script').count()).toBe(0);
  expect(await page.locator('img[onerror]').count()).toBe(0);
}

describe('markup in upstream team names', () => {
  it('is shown as text and runs nothing in the built page', async () => {
    const page = await harness.newPage();
    const seen = watchPage(page, harness.placar.url);
    await page.goto(`${harness.placar.url}/`, { waitUntil: 'networkidle' });
    await expectNamesAsText(page);
    expect(seen.dialogs).toEqual([]);
    expect(seen.errors).toEqual([]);
  });

  it('is shown as text and runs nothing after a live refresh renders it in the browser', async () => {
    const page = await harness.newPage();
    const seen = watchPage(page, harness.placar.url);
    await page.clock.install();
    await page.goto(`${harness.placar.url}/`);
    harness.upstream.setPage(LIVE_PATH, withScore(hostilePage, FLAMENGO, 5, 5));
    await harness.placar.refreshNow();
    await expect
      .poll(async () => (await harness.readListing('live')).matches.some((m) => m.score.home === 5), {
        timeout: 45_000,
      })
      .toBe(true);
    await page.clock.runFor(60_000);
    await page.locator('.score', { hasText: '5 x 5' }).waitFor();
    await expectNamesAsText(page);
    await page.waitForTimeout(200);
    expect(seen.dialogs).toEqual([]);
    expect(seen.errors).toEqual([]);
  });

  it('is shown as text and runs nothing in search results', async () => {
    const page = await harness.newPage();
    const seen = watchPage(page, harness.placar.url);
    await page.goto(`${harness.placar.url}/busca?q=onerror`);
    await page.locator('[data-match-list] .match').first().waitFor();
    await expectNamesAsText(page);
    expect(seen.dialogs).toEqual([]);
    expect(seen.errors).toEqual([]);
  });
});
