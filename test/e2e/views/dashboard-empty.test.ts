/**
 * The views with nothing to show, in Chromium against the real server: empty upstream
 * listings (a legitimate "no match now"), and an upstream that never answered.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSeriousViolations } from '../../support/browser/axe.ts';
import { saveScreenshot } from '../../../harness/browser.ts';
import { startDashboardHarness, type DashboardHarness } from '../../support/browser/dashboard-harness.ts';
import {
  formatExpectedClock,
  readLastUpdateWithListing,
  readRows,
  readTabs,
  readVisibleText,
} from '../../support/browser/dashboard-page.ts';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';

const EMPTY_PAGE = fs.readFileSync(
  path.join(PROJECT_ROOT, 'test/fixtures/upstream/jogos-em-andamento-vazio.html'),
  'utf8',
);
const ZERO_TABS = (current: number): { label: string; count: string; current: string | null }[] =>
  ['Ao Vivo', 'Hoje', 'Busca'].map((label, i) => ({ label, count: '0', current: i === current ? 'page' : null }));

describe('empty listings (the upstream lists no match)', () => {
  let harness: DashboardHarness;

  beforeAll(async () => {
    harness = await startDashboardHarness({
      pages: { '/jogos-em-andamento': EMPTY_PAGE, '/jogos-de-hoje': EMPTY_PAGE, '/jogos-de-amanha': EMPTY_PAGE },
    });
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('Ao Vivo says "Nenhum jogo ao vivo no momento", with every counter at 0 and the last update', async () => {
    const page = await harness.newPage();
    const shown = await readLastUpdateWithListing(page, `${harness.placar.url}/`, () => harness.readListing('live'));
    expect(shown.listing).toMatchObject({ count: 0, stale: false });
    expect(await readTabs(page)).toEqual(ZERO_TABS(0));
    expect(await readVisibleText(page, '[data-empty-state]')).toBe('Nenhum jogo ao vivo no momento');
    expect(shown.line).toBe(
      `Última atualização ${formatExpectedClock(shown.listing.generatedAt ?? '')} Auto-refresh em 60s`,
    );
    expect(await readRows(page)).toEqual([]);
    expect(await page.locator('[data-stale-notice]').isVisible()).toBe(false);
  });

  it('Hoje says "Nenhum jogo encontrado", with the last update line', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.placar.url}/hoje`);
    expect(await readTabs(page)).toEqual(ZERO_TABS(1));
    expect(await readVisibleText(page, '[data-empty-state]')).toBe('Nenhum jogo encontrado');
    expect(await readVisibleText(page, '.last-update')).toMatch(/^Última atualização \d{2}:\d{2}:\d{2}/);
  });

  it('Busca starts with the prompt and finds nothing', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.placar.url}/busca`);
    expect(await readTabs(page)).toEqual(ZERO_TABS(2));
    expect(await readVisibleText(page, '[data-empty-state]')).toBe('Digite um time ou liga para buscar');
    await page.getByLabel('Time ou liga').fill('flamengo');
    await page.getByLabel('Time ou liga').press('Enter');
    await page.locator('[data-empty-state]', { hasText: 'Nenhum jogo encontrado' }).waitFor();
    expect(await page.locator('[data-counter="busca"]').textContent()).toBe('0');
  });

  it('passes axe-core and is screenshotted at 360 px and 1280 px', async () => {
    for (const width of [360, 1280]) {
      const page = await harness.newPage({ viewport: { width, height: 800 } });
      for (const [name, view] of [
        ['ao-vivo-vazio', '/'],
        ['hoje-vazio', '/hoje'],
      ] as const) {
        await page.goto(`${harness.placar.url}${view}`);
        expect(await findSeriousViolations(page), view).toEqual([]);
        await saveScreenshot(page, `${name}-${width}`);
      }
    }
  });
});

describe('an upstream that never answered', () => {
  let harness: DashboardHarness;

  beforeAll(async () => {
    // No page at all: every listing is a 404, so there has never been any data.
    harness = await startDashboardHarness({ pages: {} });
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('says the upstream could not be reached (after the first failed refresh) instead of claiming there is no match', async () => {
    const live = await harness.readListing('live');
    expect(live).toMatchObject({ generatedAt: null, stale: true, count: 0 });
    const page = await harness.newPage();
    for (const view of ['/', '/hoje']) {
      await page.goto(`${harness.placar.url}${view}`);
      expect(await readVisibleText(page, '[data-stale-notice]')).toBe(
        'Não foi possível acessar o site de origem — nova tentativa a cada minuto.',
      );
      expect(await page.locator('[data-empty-state]').isVisible()).toBe(false);
      expect(await readVisibleText(page, '.last-update')).toMatch(/^Última atualização — /);
      expect((await readTabs(page)).map((t) => t.count)).toEqual(['0', '0', '0']);
    }
    await saveScreenshot(page, 'hoje-sem-dados-1280');
  });

  it('Busca says the same, on load and after a search (server or in-browser), never "still fetching" and "no match" at once (issue 28)', async () => {
    const unreachable = 'Não foi possível acessar o site de origem — nova tentativa a cada minuto.';
    const page = await harness.newPage();
    await page.goto(`${harness.placar.url}/busca`);
    expect(await readVisibleText(page, '[data-stale-notice]')).toBe(unreachable);
    for (const where of ['/api/busca', 'no navegador'] as const) {
      // The in-browser search runs when /api/busca cannot be reached.
      if (where === 'no navegador') await page.route('**/api/busca?*', (route) => route.abort('failed'));
      await page.getByLabel('Time ou liga').fill(where === '/api/busca' ? 'flamengo' : 'palmeiras');
      const answered = page.waitForResponse((response) => /\/api\/(busca\?|live$)/.test(response.url()));
      await page.getByLabel('Time ou liga').press('Enter');
      await answered;
      await page.waitForFunction(() => !document.querySelector('[data-match-list]')?.hasAttribute('aria-busy'));
      expect(await readVisibleText(page, '[data-stale-notice]'), where).toBe(unreachable);
      expect(await page.locator('[data-empty-state]').isVisible(), where).toBe(false);
      expect(await page.locator('[data-search-error]').isVisible(), where).toBe(false);
      expect(await readVisibleText(page, 'main'), where).not.toMatch(/Ainda buscando|Nenhum jogo encontrado/);
    }
    await saveScreenshot(page, 'busca-sem-dados-1280');
  });
});
