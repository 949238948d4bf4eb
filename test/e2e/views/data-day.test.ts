/**
 * The date of the data on every view (issue 28), in Chromium against a real server whose clock is
 * moved (test/support/processes/shifted-clock.mjs): on a Thursday evening in São Paulo every view says
 * "quinta-feira, 26 de novembro" (/ontem the day before, /amanha the day after); then the server
 * passes midnight, the pages — never reloaded — poll, and each says the new day of its data.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import type { ListingName } from '../../../src/lib/model/model.ts';
import { findSeriousViolations } from '../../support/browser/axe.ts';
import { startDashboardHarness, type DashboardHarness } from '../../support/browser/dashboard-harness.ts';
import { readVisibleText } from '../../support/browser/dashboard-page.ts';
import { pollRefreshed } from '../../support/processes/poll-refreshed.ts';

const clockFile = path.join(os.tmpdir(), `placar-relogio-${process.pid}`);
const THURSDAY_EVENING = Date.parse('2026-11-26T23:00:00-03:00');
const FRIDAY_JUST_AFTER_MIDNIGHT = Date.parse('2026-11-27T00:00:02-03:00');
let harness: DashboardHarness;

/** Moves the server's clock so that it reads `at` now (and runs on from there). */
function setServerClock(at: number): void {
  fs.writeFileSync(clockFile, String(at - Date.now()));
}

function serverNow(): number {
  return Date.now() + Number(fs.readFileSync(clockFile, 'utf8'));
}

beforeAll(async () => {
  setServerClock(THURSDAY_EVENING);
  const preload = `--import=${pathToFileURL(path.resolve(import.meta.dirname, '../../support/processes/shifted-clock.mjs')).href}`;
  harness = await startDashboardHarness({
    pages: readFixturePages(),
    env: {
      // Hourly, as ontem's own slot (its slot is the longer of the two): the test refreshes when it needs to.
      REFRESH_CRON: '0 * * * *',
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${preload}`.trim(),
      PLACAR_TEST_CLOCK_FILE: clockFile,
    },
  });
});

afterAll(async () => {
  await harness?.close();
  fs.rmSync(clockFile, { force: true });
});

/** Each view, the listing its date follows, and the date it must say on Thursday and after midnight. */
const VIEWS: ReadonlyArray<{ path: string; listing: ListingName; thursday: string; friday: string }> = [
  { path: '/', listing: 'live', thursday: 'quinta-feira, 26 de novembro', friday: 'sexta-feira, 27 de novembro' },
  { path: '/hoje', listing: 'hoje', thursday: 'quinta-feira, 26 de novembro', friday: 'sexta-feira, 27 de novembro' },
  { path: '/busca', listing: 'hoje', thursday: 'quinta-feira, 26 de novembro', friday: 'sexta-feira, 27 de novembro' },
  {
    path: '/ontem',
    listing: 'ontem',
    thursday: 'quarta-feira, 25 de novembro',
    friday: 'quinta-feira, 26 de novembro',
  },
  { path: '/amanha', listing: 'amanha', thursday: 'sexta-feira, 27 de novembro', friday: 'sábado, 28 de novembro' },
];

/** A page whose clock reads the server's time, opened at `viewPath`. */
async function openView(viewPath: string): Promise<Page> {
  const page = await harness.newPage({ viewport: { width: 360, height: 800 } });
  await page.clock.install({ time: serverNow() });
  await page.goto(`${harness.placar.url}${viewPath}`);
  return page;
}

async function waitForDataDay(listing: ListingName, day: string): Promise<void> {
  await expect
    .poll(async () => (await harness.readListing(listing)).generatedAt?.slice(0, 10), { timeout: 30_000 })
    .toBe(day);
}

describe('the date of the data', () => {
  it('is on every view in pt-BR, the São Paulo day of its data: /ontem the day before, /amanha the day after', async () => {
    for (const listing of ['live', 'hoje', 'ontem', 'amanha'] as const) await waitForDataDay(listing, '2026-11-26');
    for (const view of VIEWS) {
      const page = await openView(view.path);
      expect(await readVisibleText(page, '[data-data-day]'), view.path).toBe(view.thursday);
      // Right under the heading, a <time> machines can read too.
      expect(await page.locator('h1 + .data-day time').getAttribute('datetime'), view.path).toMatch(/^2026-11-2[567]$/);
      expect(await findSeriousViolations(page), view.path).toEqual([]);
      await page.context().close();
    }
  });

  it('stays true when the open pages poll across midnight (page clock and data both past it)', async () => {
    const pages = await Promise.all(VIEWS.map(async (view) => ({ view, page: await openView(view.path) })));
    for (const { view, page } of pages) expect(await readVisibleText(page, '[data-data-day]')).toBe(view.thursday);

    setServerClock(FRIDAY_JUST_AFTER_MIDNIGHT);
    // The first refresh after midnight fetches every listing anew, yesterday's too (a new slot). The server reads
    // its moved clock within a moment: refreshed until it has.
    const listings = ['live', 'hoje', 'ontem', 'amanha'] as const;
    await pollRefreshed(harness.placar, () =>
      Promise.all(listings.map(async (listing) => (await harness.readListing(listing)).generatedAt?.slice(0, 10))),
    ).toEqual(listings.map(() => '2026-11-27'));
    for (const { view, page } of pages) {
      const endpoint = `/api/${view.listing}`;
      const polled = page.waitForResponse((response) => response.url().endsWith(endpoint) && response.ok());
      // The page's clock passes midnight too, and its 60-second poll comes.
      await page.clock.setSystemTime(serverNow() - 60_000);
      await page.clock.runFor(60_000);
      await polled;
      await expect.poll(() => readVisibleText(page, '[data-data-day]'), { timeout: 5_000 }).toBe(view.friday);
      await page.context().close();
    }
  });
});
