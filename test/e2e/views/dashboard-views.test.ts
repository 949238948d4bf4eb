/**
 * The three views with the sample upstream pages, in Chromium against the real server:
 * every specified text and counter, grouping, the footer and the demo marker.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { startDashboardHarness, type DashboardHarness } from '../../support/browser/dashboard-harness.ts';
import {
  DASHBOARD_VIEWS as VIEWS,
  formatExpectedClock,
  readLastUpdateWithListing,
  readRows,
  readTabs,
  readVisibleText,
} from '../../support/browser/dashboard-page.ts';

let harness: DashboardHarness;

beforeAll(async () => {
  harness = await startDashboardHarness({ pages: readFixturePages() });
});

afterAll(async () => {
  await harness?.close();
});

describe('Ao Vivo (/) with live matches', () => {
  it('shows the three tabs with their counters, Ao Vivo marked as current', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.placar.url}/`);
    expect(await readTabs(page)).toEqual([
      { label: 'Ao Vivo', count: '4', current: 'page' },
      { label: 'Hoje', count: '13', current: null },
      { label: 'Busca', count: '0', current: null },
    ]);
  });

  it('says "Última atualização HH:MM:SS" (São Paulo time of the data) and "Auto-refresh em 60s"', async () => {
    const page = await harness.newPage();
    const shown = await readLastUpdateWithListing(page, `${harness.placar.url}/`, () => harness.readListing('live'));
    const { line, listing: live } = shown;
    expect(line).toMatch(/^Última atualização \d{2}:\d{2}:\d{2} Auto-refresh em 60s$/);
    expect(line).toContain(`Última atualização ${formatExpectedClock(live.generatedAt ?? '')}`);
    expect(await page.locator('[data-stale-notice]').isVisible()).toBe(false);
    expect(await page.locator('[data-empty-state]').isVisible()).toBe(false);
  });

  it('lists the live matches grouped by competition in the upstream order, with pt-BR badges', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.placar.url}/`);
    const rows = await readRows(page);
    expect(rows.map((r) => [r.competition, r.badge, r.home, r.score, r.away])).toEqual([
      ['Brasileirão Série A', "67'", 'Flamengo', '2 x 1', 'Palmeiras'],
      ['Brasileirão Série A', 'Intervalo', 'São Paulo', '0 x 0', 'Grêmio'],
      ['Campeonato Espanhol', 'Ao vivo', 'Real Madrid', '1 x 0', 'Barcelona'],
      ['Brasileiro Feminino', "88'", 'Corinthians Feminino', '2 x 2', 'Ferroviária Feminino'],
    ]);
    expect(await page.locator('h2.competition-name').allTextContents()).toEqual([
      'Brasileirão Série A',
      'Campeonato Espanhol',
      'Brasileiro Feminino',
    ]);
    expect(rows[0]?.href).toBe('/jogo/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras');
  });
});

describe("Hoje (/hoje) with today's matches", () => {
  it('shows the tabs with Hoje current, the last update line and every match of the day', async () => {
    const page = await harness.newPage();
    const shown = await readLastUpdateWithListing(page, `${harness.placar.url}/hoje`, () =>
      harness.readListing('hoje'),
    );
    expect(await readTabs(page)).toEqual([
      { label: 'Ao Vivo', count: '4', current: null },
      { label: 'Hoje', count: '13', current: 'page' },
      { label: 'Busca', count: '0', current: null },
    ]);
    expect(shown.line).toContain(`Última atualização ${formatExpectedClock(shown.listing.generatedAt ?? '')}`);
    const rows = await readRows(page);
    expect(rows).toHaveLength(13);
    expect([...new Set(rows.map((r) => r.competition))]).toEqual([
      'Brasileirão Série A',
      'Campeonato Inglês',
      'Copa do Brasil',
      'Campeonato Espanhol',
      'Copa São Paulo de Futebol Júnior',
      'Brasileiro Feminino',
    ]);
    const byHome = new Map(rows.map((r) => [r.home, r]));
    expect(byHome.get('Fortaleza')).toMatchObject({
      badge: 'Encerrado',
      score: '1 x 1 (4 x 5 pên.)',
      away: 'Cruzeiro',
    });
    expect(byHome.get('Atlético-MG')).toMatchObject({ score: '21:30', away: 'Red Bull Bragantino' });
    expect(byHome.get('Corinthians Sub-20')).toMatchObject({ badge: 'Suspenso', score: '0 x 0' });
    expect(byHome.get('São Paulo')).toMatchObject({ badge: 'Intervalo' });
  });

  it('lists, in each competition, the matches that started (kick-off unknown here) above those still to start, by kick-off', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.placar.url}/hoje`);
    const rows = await readRows(page);
    expect(rows.map((r) => [r.competition, r.home, r.badge])).toEqual([
      ['Brasileirão Série A', 'Flamengo', "67'"],
      ['Brasileirão Série A', 'São Paulo', 'Intervalo'],
      ['Brasileirão Série A', 'Athletico-PR', 'Encerrado'],
      ['Brasileirão Série A', 'Ceará', '21/11'],
      ['Brasileirão Série A', 'Atlético-MG', '21/11'],
      ['Campeonato Inglês', 'Arsenal', 'Encerrado'],
      ['Campeonato Inglês', 'Manchester City', 'Encerrado'],
      ['Campeonato Inglês', 'Tottenham', 'Encerrado'],
      ['Copa do Brasil', 'Fortaleza', 'Encerrado'],
      ['Campeonato Espanhol', 'Real Madrid', 'Ao vivo'],
      ['Campeonato Espanhol', 'Atlético de Madrid', '21/11'],
      ['Copa São Paulo de Futebol Júnior', 'Corinthians Sub-20', 'Suspenso'],
      ['Brasileiro Feminino', 'Corinthians Feminino', "88'"],
    ]);
  });
});

describe('Busca (/busca) before a term', () => {
  it('shows a labelled input, a submit button, the prompt and a 0 counter', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.placar.url}/busca`);
    expect(await readTabs(page)).toEqual([
      { label: 'Ao Vivo', count: '4', current: null },
      { label: 'Hoje', count: '13', current: null },
      { label: 'Busca', count: '0', current: 'page' },
    ]);
    await page.getByLabel('Time ou liga').waitFor();
    expect(await page.getByRole('button', { name: 'Buscar' }).isVisible()).toBe(true);
    expect(await readVisibleText(page, '[data-empty-state]')).toBe('Digite um time ou liga para buscar');
    expect(await readRows(page)).toEqual([]);
  });
});

describe('every view', () => {
  it('credits the upstream with a link and lists the six API endpoints as working links', async () => {
    const page = await harness.newPage();
    for (const view of VIEWS) {
      await page.goto(`${harness.placar.url}${view.path}`);
      const credit = page.locator('footer a', { hasText: new URL(harness.upstream.url).host });
      expect(await credit.getAttribute('href')).toBe(harness.upstream.url);
      expect(await readVisibleText(page, 'footer p')).toBe(
        `Dados obtidos em tempo real de ${new URL(harness.upstream.url).host}.`,
      );
      expect(await readVisibleText(page, 'footer h2')).toBe('API Endpoints');
      const items = await page.locator('footer .api-list li').evaluateAll((lis) =>
        lis.map((li) => ({
          text: li.textContent?.replace(/\s+/g, ' ').trim(),
          href: li.querySelector('a')?.getAttribute('href'),
        })),
      );
      expect(items.map((i) => i.text)).toEqual([
        'GET /api/live — Jogos acontecendo agora',
        'GET /api/hoje — Todos os jogos de hoje',
        'GET /api/amanha — Jogos de amanhã',
        'GET /api/ontem — Resultados de ontem',
        'GET /api/busca?q= — Buscar por time ou liga',
        'GET /api/routes — Documentação da API',
      ]);
      for (const item of items) {
        const response = await fetch(new URL(item.href ?? '', harness.placar.url));
        expect(response.status, item.href ?? 'no href').toBe(200);
      }
    }
  });

  it('marks the demo (loopback upstream) with "Demonstração — dados fictícios"', async () => {
    const page = await harness.newPage();
    for (const view of VIEWS) {
      await page.goto(`${harness.placar.url}${view.path}`);
      expect(await readVisibleText(page, '.demo-banner')).toBe('Demonstração — dados fictícios');
    }
  });
});
