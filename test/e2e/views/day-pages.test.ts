/**
 * Issue 23 in Chromium against the real server: the /ontem and /amanha pages (linked from Hoje,
 * not tabs), the stale notice decided on load from the page's own data, search over yesterday
 * with a no-result text that says what it covers and a term kept across tabs, and the crests'
 * plate in dark mode (axe clean in both schemes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { findSeriousViolations } from '../../support/browser/axe.ts';
import { saveScreenshot } from '../../../harness/browser.ts';
import { startDashboardHarness, type DashboardHarness } from '../../support/browser/dashboard-harness.ts';
import { readRows, readTabs, readVisibleText } from '../../support/browser/dashboard-page.ts';

const TABS = ['Ao Vivo', 'Hoje', 'Busca'];
const NO_RESULT = 'Nenhum jogo encontrado. A busca cobre os jogos de ontem, hoje e amanhã (e os ao vivo).';

let harness: DashboardHarness;

beforeAll(async () => {
  harness = await startDashboardHarness({ pages: readFixturePages() });
});

afterAll(async () => {
  await harness?.close();
});

async function openAt(path: string, at?: Date): Promise<Page> {
  const page = await harness.newPage();
  if (at) await page.clock.install({ time: at });
  await page.goto(`${harness.placar.url}${path}`);
  return page;
}

describe('the yesterday and tomorrow pages', () => {
  it('are linked from Hoje, while the three tabs stay as they are', async () => {
    const page = await openAt('/hoje');
    expect((await readTabs(page)).map((tab) => [tab.label, tab.current])).toEqual([
      ['Ao Vivo', null],
      ['Hoje', 'page'],
      ['Busca', null],
    ]);
    const days = page.getByRole('navigation', { name: 'Outros dias' });
    expect(await days.getByRole('link').allTextContents()).toEqual(['Resultados de ontem', 'Jogos de amanhã']);
    await days.getByRole('link', { name: 'Resultados de ontem' }).click();
    await page.waitForURL(/\/ontem$/);
    expect(await page.locator('h1').textContent()).toBe('Resultados de ontem');
  });

  it('/ontem shows yesterday’s results with its counter, last update and the tabs, none of them current', async () => {
    const ontem = await harness.readListing('ontem');
    expect(ontem.count).toBe(6);
    const page = await openAt('/ontem');
    expect(await page.title()).toBe('Ontem · Placar');
    expect((await readTabs(page)).map((tab) => [tab.label, tab.current])).toEqual(TABS.map((label) => [label, null]));
    expect(await readVisibleText(page, '.listing-count')).toBe('Jogos: 6');
    expect(await readVisibleText(page, '.last-update')).toMatch(/^Última atualização \d{2}:\d{2}:\d{2}/);
    const rows = await readRows(page);
    expect(rows.map((row) => `${row.home} ${row.score} ${row.away}`)).toEqual(
      ontem.matches.map((m) => {
        const score = m.score.home === null ? 'x' : `${m.score.home} x ${m.score.away}`;
        return `${m.homeTeam.name} ${score} ${m.awayTeam.name}`;
      }),
    );
    expect(rows.map((row) => row.badge)).toEqual([
      'Encerrado',
      'Encerrado',
      'Encerrado',
      'Adiado',
      'Encerrado',
      'Encerrado',
    ]);
    expect(await page.locator('[data-stale-notice]').isVisible()).toBe(false);
    expect(await page.locator('[data-empty-state]').isVisible()).toBe(false);
  });

  it('/amanha shows tomorrow’s matches with its counter, linked back to Hoje and to yesterday', async () => {
    const page = await openAt('/amanha');
    expect(await page.locator('h1').textContent()).toBe('Jogos de amanhã');
    expect(await readVisibleText(page, '.listing-count')).toBe('Jogos: 6');
    expect(await readRows(page)).toHaveLength(6);
    const days = page.getByRole('navigation', { name: 'Outros dias' });
    expect(await days.getByRole('link').allTextContents()).toEqual(['Resultados de ontem', 'Jogos de hoje']);
  });

  it('pass axe in light and dark, and give crests a plate only in dark mode', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const path of ['/ontem', '/amanha', '/hoje']) {
        const page = await harness.newPage({ colorScheme, viewport: { width: 360, height: 800 } });
        await page.goto(`${harness.placar.url}${path}`);
        expect(await findSeriousViolations(page), `${path} ${colorScheme}`).toEqual([]);
        if (path === '/ontem') await saveScreenshot(page, `ontem-360-${colorScheme}`);
        // The samples carry no crest: a crest element styled by the page's own stylesheet.
        const plate = await page.evaluate(() => {
          const crest = document.createElement('img');
          crest.className = 'crest';
          document.body.append(crest);
          const style = getComputedStyle(crest);
          return { background: style.backgroundColor, ring: style.boxShadow };
        });
        if (colorScheme === 'dark') {
          expect(plate.background).toBe('rgb(233, 235, 238)');
          expect(plate.ring).not.toBe('none');
        } else {
          expect(plate).toEqual({ background: 'rgba(0, 0, 0, 0)', ring: 'none' });
        }
      }
    }
  });
});

describe('the stale notice on load', () => {
  it('shows at once on a page whose data is older than 3 intervals, without waiting for a poll', async () => {
    const hoje = await harness.readListing('hoje');
    const generatedAt = Date.parse(hoje.generatedAt ?? '');
    // The same page, read 4 minutes after its data (a reader whose refresher stopped).
    const late = await openAt('/hoje', new Date(generatedAt + 4 * 60_000));
    await late.locator('[data-stale-notice]').waitFor({ state: 'visible', timeout: 5_000 });
    expect(await readVisibleText(late, '[data-stale-notice]')).toMatch(
      /^Dados desatualizados: sem atualização desde \d{2}\/\d{2} às \d{2}:\d{2}:\d{2}\./,
    );
    // Read on time, the same page says nothing.
    const onTime = await openAt('/hoje', new Date(generatedAt + 30_000));
    expect(await onTime.locator('[data-stale-notice]').isVisible()).toBe(false);
  });

  it('follows the yesterday listing’s own (hourly) rhythm', async () => {
    const ontem = await harness.readListing('ontem');
    const generatedAt = Date.parse(ontem.generatedAt ?? '');
    const tenMinutes = await openAt('/ontem', new Date(generatedAt + 10 * 60_000));
    expect(await tenMinutes.locator('[data-stale-notice]').isVisible()).toBe(false);
    const fourHours = await openAt('/ontem', new Date(generatedAt + 4 * 3600_000));
    await fourHours.locator('[data-stale-notice]').waitFor({ state: 'visible', timeout: 5_000 });
  });
});

describe('search over yesterday, today and tomorrow', () => {
  it('finds yesterday’s matches too', async () => {
    const page = await openAt('/busca?q=benfica');
    await page.locator('[data-empty-state]', { hasText: '1 jogo encontrado' }).waitFor();
    expect((await readRows(page)).map((row) => `${row.home} ${row.score} ${row.away}`)).toEqual([
      'Benfica 2 x 0 Porto',
    ]);
  });

  it('says what it covers when nothing is found', async () => {
    const page = await openAt('/busca?q=time+que+nao+existe');
    await page.locator('[data-empty-state]', { hasText: 'Nenhum jogo encontrado' }).waitFor();
    expect(await readVisibleText(page, '[data-empty-state]')).toBe(NO_RESULT);
  });

  it('keeps the last term when the fan goes to another tab and back', async () => {
    const page = await openAt('/busca');
    await page.getByLabel('Time ou liga').fill('lyon');
    await page.getByLabel('Time ou liga').press('Enter');
    await page.locator('[data-empty-state]', { hasText: '1 jogo encontrado' }).waitFor();
    await page.getByRole('navigation', { name: 'Seções' }).getByRole('link', { name: /Hoje/ }).click();
    await page.waitForURL(/\/hoje$/);
    await page.getByRole('navigation', { name: 'Seções' }).getByRole('link', { name: /Busca/ }).click();
    await page.waitForURL(/\/busca\?q=lyon$/);
    expect(await page.getByLabel('Time ou liga').inputValue()).toBe('lyon');
    await page.locator('[data-empty-state]', { hasText: '1 jogo encontrado' }).waitFor();
    expect((await readRows(page)).map((row) => row.away)).toEqual(['Lyon']);
  });
});

describe('the first minutes, with an upstream that does not deliver', () => {
  let offline: DashboardHarness;

  beforeAll(async () => {
    // No listing page at all: every first fetch fails (404), as with a host that is unreachable.
    // Every 30 s: the page's clock runs a minute ahead below, within the 90 s staleness.
    offline = await startDashboardHarness({ pages: {}, env: { REFRESH_CRON: '*/30 * * * * *' } });
  });

  afterAll(async () => {
    await offline?.close();
  });

  it('says the upstream could not be reached, keeps retrying, and shows the data once it comes', async () => {
    const page = await offline.newPage();
    await page.clock.install();
    await page.goto(`${offline.placar.url}/hoje`);
    expect(await readVisibleText(page, '[data-stale-notice]')).toBe(
      'Não foi possível acessar o site de origem — nova tentativa a cada minuto.',
    );
    expect(await page.locator('[data-empty-state]').isVisible()).toBe(false);
    expect(offline.placar.output()).toMatch(/aviso: hoje não foi atualizada: .*ainda não há dados desta lista/);

    for (const [path, html] of Object.entries(readFixturePages())) offline.upstream.setPage(path, html);
    await expect
      .poll(async () => (await offline.readListing('hoje')).count, { timeout: 45_000, interval: 250 })
      .toBe(13);
    await page.clock.runFor(60_000);
    await page.locator('[data-stale-notice]').waitFor({ state: 'hidden', timeout: 10_000 });
    expect(await readRows(page)).toHaveLength(13);
  }, 120_000);
});
