/**
 * Search in Chromium against the real server: as you type, on Enter, from the URL,
 * back/forward, nothing found, and API errors shown in pt-BR.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { startDashboardHarness, type DashboardHarness } from '../../support/browser/dashboard-harness.ts';
import { readRows, readVisibleText } from '../../support/browser/dashboard-page.ts';

let harness: DashboardHarness;

beforeAll(async () => {
  harness = await startDashboardHarness({ pages: readFixturePages() });
});

afterAll(async () => {
  await harness?.close();
});

async function waitForStatus(page: Page, text: string): Promise<void> {
  await page.locator('[data-empty-state]', { hasText: text }).waitFor();
}

function searchCounter(page: Page): Promise<string | null> {
  return page.locator('[data-counter="busca"]').textContent();
}

async function homeTeams(page: Page): Promise<string[]> {
  return (await readRows(page)).map((row) => row.home);
}

describe('search', () => {
  it('shows results as the user types, without Enter, and puts the term in the URL', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.placar.url}/busca`);
    await page.getByLabel('Time ou liga').pressSequentially('flamen', { delay: 40 });
    await page.waitForURL(/\/busca\?q=flamen$/);
    await waitForStatus(page, '1 jogo encontrado');
    expect(await homeTeams(page)).toEqual(['Flamengo']);
    expect(await searchCounter(page)).toBe('1');
  });

  it('searches on Enter, accent- and case-insensitively, across live, today and tomorrow', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.placar.url}/busca`);
    const input = page.getByLabel('Time ou liga');
    await input.fill('BRASILEIRAO SERIE');
    await input.press('Enter');
    await page.waitForURL(/\/busca\?q=BRASILEIRAO\+SERIE$/);
    await waitForStatus(page, 'jogos encontrados');
    const rows = await readRows(page);
    expect(new Set(rows.map((r) => r.competition))).toEqual(new Set(['Brasileirão Série A', 'Brasileirão Série B']));
    expect(await searchCounter(page)).toBe(String(rows.length));
    expect(await readVisibleText(page, '[data-empty-state]')).toBe(`${rows.length} jogos encontrados`);
    const homes = rows.map((r) => r.home);
    expect(homes.slice(0, 2)).toEqual(['Flamengo', 'São Paulo']); // live first
    expect(homes).toContain('Ceará'); // today
    expect(homes).toContain('Goiás'); // tomorrow
    expect(new Set(homes).size).toBe(homes.length); // each match once
  });

  it('opens /busca?q=flamengo with the results', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.placar.url}/busca?q=flamengo`);
    await waitForStatus(page, '1 jogo encontrado');
    expect(await page.getByLabel('Time ou liga').inputValue()).toBe('flamengo');
    expect(await readRows(page)).toMatchObject([{ home: 'Flamengo', score: '2 x 1', away: 'Palmeiras', badge: "67'" }]);
  });

  it('goes back and forward between searched terms', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.placar.url}/busca`);
    const input = page.getByLabel('Time ou liga');
    await input.fill('flamengo');
    await input.press('Enter');
    await waitForStatus(page, '1 jogo encontrado');
    await input.fill('barcelona');
    await input.press('Enter');
    await page.waitForURL(/q=barcelona$/);
    await page.locator('.team-name', { hasText: 'Barcelona' }).waitFor();

    await page.goBack();
    await page.waitForURL(/q=flamengo$/);
    await page.locator('.team-name', { hasText: 'Flamengo' }).waitFor();
    expect(await input.inputValue()).toBe('flamengo');
    expect(await homeTeams(page)).toEqual(['Flamengo']);

    await page.goBack();
    await page.waitForURL(/\/busca$/);
    await waitForStatus(page, 'Digite um time ou liga para buscar');
    expect(await readRows(page)).toEqual([]);
    expect(await searchCounter(page)).toBe('0');

    await page.goForward();
    await page.goForward();
    await page.waitForURL(/q=barcelona$/);
    await page.locator('.team-name', { hasText: 'Barcelona' }).waitFor();
    expect(await homeTeams(page)).toEqual(['Real Madrid']);
  });

  it('says "Nenhum jogo encontrado" when nothing matches', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.placar.url}/busca?q=time+que+nao+existe`);
    await waitForStatus(page, 'Nenhum jogo encontrado');
    expect(await readRows(page)).toEqual([]);
    expect(await searchCounter(page)).toBe('0');
  });

  it('shows the API error detail in pt-BR', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.placar.url}/busca?q=${'a'.repeat(101)}`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const detail = (
      (await (await fetch(`${harness.placar.url}/api/busca?q=${'a'.repeat(101)}`)).json()) as { detail: string }
    ).detail;
    expect(detail).toContain('101');
    expect(await alert.textContent()).toBe(detail);
    expect(await readRows(page)).toEqual([]);
  });

  it('asks for two characters before searching', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.placar.url}/busca`);
    await page.getByLabel('Time ou liga').fill('f');
    await waitForStatus(page, 'Digite pelo menos 2 caracteres');
    expect(await readVisibleText(page, '[data-search-error]')).toBe('');
  });
});
