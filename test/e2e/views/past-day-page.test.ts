/**
 * A past day's page and the 404 that explains the archive (issue 34 §5) in Chromium against the
 * real server: /dia/{day} for the day /ontem shows (kept as a past day too) lists its matches,
 * linked to their pages, whole at 360 and 1280 px, axe clean in light and dark; an unknown match's
 * /jogo/{id} is the 404 page saying how long Placar keeps matches, with the views' tabs and a link to the day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { addDays, formatDayText } from '../../../src/lib/display/match-display.ts';
import { findSeriousViolations } from '../../support/browser/axe.ts';
import { startDashboardHarness, type DashboardHarness } from '../../support/browser/dashboard-harness.ts';
import { readRows, readVisibleText } from '../../support/browser/dashboard-page.ts';

let harness: DashboardHarness;
let day = '';

beforeAll(async () => {
  harness = await startDashboardHarness({ pages: readFixturePages() });
  const ontem = await harness.readListing('ontem');
  day = addDays((ontem.generatedAt ?? '').slice(0, 10), -1);
});

afterAll(async () => {
  await harness?.close();
});

describe('a past day’s page', () => {
  it('lists the day’s matches, linked to their pages, whole at 360 and 1280 px and axe clean in both schemes', async () => {
    const ontem = await harness.readListing('ontem');
    for (const width of [360, 1280])
      for (const colorScheme of ['light', 'dark'] as const) {
        const page = await harness.newPage({ viewport: { width, height: 800 }, colorScheme });
        const response = await page.goto(`${harness.placar.url}/dia/${day}`);
        expect(response?.status()).toBe(200);
        expect(await page.locator('h1').textContent()).toBe(`Jogos de ${formatDayText(day)}`);
        expect(await readVisibleText(page, '.listing-count')).toBe(`Jogos: ${ontem.count}`);
        expect((await readRows(page)).map((row) => row.home)).toEqual(ontem.matches.map((m) => m.homeTeam.name));
        const links = await page.locator('a.match-link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
        expect(links).toContain('/jogo/campeonato-portugues/20-11-2026-benfica-x-porto');
        // As it reads: no space before a full stop ("outros dias guardados.").
        expect(await readVisibleText(page, '.last-update')).toMatch(/outros dias guardados\.$/);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(await findSeriousViolations(page), `${width} ${colorScheme}`).toEqual([]);
        await page.context().close();
      }
  });

  it('an unknown match is the 404 page that says how long Placar keeps matches and links to the days', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await harness.newPage({ viewport: { width: 360, height: 800 }, colorScheme });
      const response = await page.goto(`${harness.placar.url}/jogo/campeonato-portugues/01-10-2026-benfica-x-porto`);
      expect(response?.status()).toBe(404);
      expect(await page.locator('main').textContent()).toContain('por 30 dias depois que saem da lista de ontem');
      expect(await readVisibleText(page, '[data-table-window]')).toMatch(/no site de origem\.$/);
      // The way on: the views' tabs, as on every page of the dashboard.
      const tabs = page.getByRole('navigation', { name: 'Seções' });
      expect(await tabs.getByRole('link').allInnerTexts()).toEqual([
        expect.stringMatching(/^Ao Vivo/),
        expect.stringMatching(/^Hoje/),
        expect.stringMatching(/^Busca/),
      ]);
      const days = page.getByRole('navigation', { name: 'Dias guardados' });
      await days.getByRole('link', { name: formatDayText(day) }).click();
      await page.waitForURL(new RegExp(`/dia/${day}$`));
      expect(await findSeriousViolations(page), colorScheme).toEqual([]);
      await page.goBack();
      expect(await findSeriousViolations(page), `404 ${colorScheme}`).toEqual([]);
      await page.context().close();
    }
  });
});
