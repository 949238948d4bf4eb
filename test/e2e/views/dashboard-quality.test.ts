/**
 * How the dashboard is delivered, in Chromium against the real server: no inline script or
 * style, no third-party request, axe-core clean in both themes, keyboard use, screenshots at
 * 360 px and 1280 px, the not-found page, and the views without JavaScript.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { findSeriousViolations } from '../../support/browser/axe.ts';
import { saveScreenshot, watchPage } from '../../../harness/browser.ts';
import { startDashboardHarness, type DashboardHarness } from '../../support/browser/dashboard-harness.ts';
import { DASHBOARD_VIEWS as VIEWS, readRows, readVisibleText } from '../../support/browser/dashboard-page.ts';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';

let harness: DashboardHarness;

beforeAll(async () => {
  harness = await startDashboardHarness({ pages: readFixturePages() });
});

afterAll(async () => {
  await harness?.close();
});

describe('every view', () => {
  it('has no inline script and no style attribute, and requests nothing from another origin', async () => {
    for (const view of VIEWS) {
      const html = await (await fetch(`${harness.placar.url}${view.path}`)).text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toMatch(/\bsrc="\/_astro\/[^"]+\.js"|type="application\/json"/);
      expect(html).not.toMatch(/\sstyle=/);
      expect(html).not.toMatch(/<style\b/);
    }
    const page = await harness.newPage();
    const seen = watchPage(page, harness.placar.url);
    for (const view of VIEWS) await page.goto(`${harness.placar.url}${view.path}`, { waitUntil: 'networkidle' });
    expect(seen.foreignRequests).toEqual([]);
    expect(seen.errors).toEqual([]);
  });

  it('passes an axe-core scan with no serious or critical violation, in light and dark themes', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await harness.newPage({ colorScheme });
      for (const view of [...VIEWS, { name: 'busca-resultados', path: '/busca?q=brasileirao' }]) {
        await page.goto(`${harness.placar.url}${view.path}`);
        if (view.path.includes('?q=')) await page.locator('[data-match-list] .match').first().waitFor();
        expect(await findSeriousViolations(page), `${view.path} (${colorScheme})`).toEqual([]);
      }
    }
  });

  it('saves screenshots at 360 px and 1280 px, and the README screenshot', async () => {
    for (const width of [360, 1280]) {
      const page = await harness.newPage({ viewport: { width, height: 800 }, colorScheme: 'light' });
      for (const view of VIEWS) {
        await page.goto(`${harness.placar.url}${view.path === '/busca' ? '/busca?q=brasileirao' : view.path}`);
        if (view.name === 'busca') await page.locator('[data-match-list] .match').first().waitFor();
        const file = await saveScreenshot(page, `${view.name}-${width}`);
        expect(fs.statSync(file).size).toBeGreaterThan(5_000);
        // Nothing wider than the viewport: usable at 360 px without sideways scrolling.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        // The README's picture: written when missing (or asked for), so a test run does not
        // rewrite a committed file with a new time and port every time.
        const readmeShot = path.join(PROJECT_ROOT, 'docs', 'screenshot.png');
        if (
          width === 1280 &&
          view.name === 'ao-vivo' &&
          (!fs.existsSync(readmeShot) || process.env.UPDATE_DOCS_SCREENSHOT === '1')
        ) {
          fs.mkdirSync(path.dirname(readmeShot), { recursive: true });
          await page.screenshot({ path: readmeShot, fullPage: true });
        }
      }
    }
  });
});

describe('keyboard only', () => {
  it('reaches the skip link, the search form and the results with visible focus', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.placar.url}/busca`);
    const focused = (): Promise<{ text: string; tag: string; outline: string }> =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        return {
          text: element.textContent?.trim() ?? '',
          tag: element.tagName,
          outline: getComputedStyle(element).outlineStyle,
        };
      });
    await page.keyboard.press('Tab');
    expect(await focused()).toEqual({ text: 'Pular para o conteúdo', tag: 'A', outline: 'solid' });
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect((await focused()).tag).toBe('INPUT');
    await page.keyboard.type('flamengo');
    await page.keyboard.press('Enter');
    await page.locator('[data-empty-state]', { hasText: '1 jogo encontrado' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ text: 'Buscar', tag: 'BUTTON', outline: 'solid' });
    // The result's competition heading links to its table (issue 34), then the match itself.
    await page.keyboard.press('Tab');
    expect(await focused()).toEqual({ text: 'Brasileirão Série A', tag: 'A', outline: 'solid' });
    await page.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ tag: 'A', outline: 'solid' });
    expect((await focused()).text.replace(/\s+/g, ' ')).toBe("67' Flamengo 2 x 1 Palmeiras");
  });
});

describe('an unknown address', () => {
  it('gets the plain pt-BR not-found page', async () => {
    const page = await harness.newPage();
    const response = await page.goto(`${harness.placar.url}/pagina-que-nao-existe`);
    expect(response?.status()).toBe(404);
    expect(await readVisibleText(page, 'h1')).toBe('Página não encontrada');
    expect(await page.getByRole('link', { name: 'jogos ao vivo' }).getAttribute('href')).toBe('/');
  });

  it('says why a table is gone: a competition’s table stays while the listings name it (a kept match page links it)', async () => {
    const page = await harness.newPage();
    const response = await page.goto(`${harness.placar.url}/tabela/campeonato-que-saiu-das-listas`);
    expect(response?.status()).toBe(404);
    expect(await readVisibleText(page, '[data-table-window]')).toBe(
      'A tabela de uma competição fica aqui enquanto ela tem jogos nas listas de ontem, hoje ou amanhã; depois ' +
        'disso, veja a classificação no site de origem.',
    );
    expect(await page.getByRole('link', { name: 'site de origem' }).last().getAttribute('href')).toBe(
      harness.upstream.url,
    );
  });
});

describe('without JavaScript', () => {
  it('live and today views show the data from the HTML; search submits and says JavaScript is needed', async () => {
    const page = await harness.newPage({ javaScriptEnabled: false });
    await page.goto(`${harness.placar.url}/`);
    expect(await readRows(page)).toHaveLength(4);
    await page.goto(`${harness.placar.url}/hoje`);
    expect(await readRows(page)).toHaveLength(13);
    await page.goto(`${harness.placar.url}/busca`);
    await page.getByLabel('Time ou liga').fill('flamengo');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.waitForURL(/\/busca\?q=flamengo$/);
    expect(await readVisibleText(page, 'main')).toContain('A busca precisa de JavaScript');
  });
});
