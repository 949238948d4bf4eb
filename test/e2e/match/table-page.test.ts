/**
 * The table (issue 34, item 3) against the real server: a competition's last good read kept in
 * DATA_DIR/tabelas (the reference competition page, parsed) and the fake upstream's listings with
 * matches in play. /api/tabela/{slug} is pre-built with the listings (ETag/304, br/gzip, an
 * unknown slug a 404 problem, in the OpenAPI document); /tabela/{slug} in Chromium at 360 and
 * 1280 px, light and dark: whole, axe clean, no sideways scroll, the live position with ↑/↓ and
 * "ao vivo" on the teams playing, followed teams highlighted; delivered as the views are (no inline
 * script or style, nothing from another origin, readable without JavaScript, usable with the keyboard
 * alone: test/e2e/views/dashboard-quality.test.ts; its weight: test/e2e/views/page-weight.test.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext } from '../../support/browser/test-page.ts';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import {
  ListEnvelopeSchema,
  StandingsEnvelopeSchema,
  type Match,
  type StandingsEnvelope,
} from '../../../src/lib/model/model.ts';
import { findSeriousViolations } from '../../support/browser/axe.ts';
import { keepTableRead } from '../../support/samples/kept-table.ts';
import { openBrowser, saveScreenshot } from '../../../harness/browser.ts';
import { followBeforeLoad } from '../../support/browser/fan-page.ts';
import { expectNoInlineScriptOrStyle, expectQuietReload } from '../../support/browser/self-contained-page.ts';
import { rawRequest } from '../../support/http/raw-http.ts';
import { servePlacarForFile } from '../../support/processes/served-placar.ts';

const SLUG = 'brasileirao-serie-a';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-tabela-'));
let browser: Browser;

// Before the start and after the stop (hooks run in order, after-hooks in reverse).
beforeAll(() => keepTableRead(dataDir, SLUG));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const served = servePlacarForFile({ pages: () => readFixturePages(), dataDir, env: { REFRESH_CRON: '0 0 * * *' } });
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function liveMatches(): Promise<Match[]> {
  const live = ListEnvelopeSchema.parse(await (await fetch(`${served.placar.url}/api/live`)).json());
  return live.matches.filter((match) => match.competition.slug === SLUG);
}

async function readTable(): Promise<StandingsEnvelope> {
  const response = await fetch(`${served.placar.url}/api/tabela/${SLUG}`);
  expect(response.status).toBe(200);
  return StandingsEnvelopeSchema.parse(await response.json());
}

describe('/api/tabela/{slug}', () => {
  it('serves the kept table with every row of the touched group carrying its live numbers', async () => {
    const table = await readTable();
    expect(table.competition).toEqual({ name: 'Brasileirão Série A', slug: SLUG });
    expect(table.source).toBe(`${served.upstream.url}/${SLUG}`);
    expect(table.stale).toBe(false);
    const [group] = table.groups;
    expect(group?.rows).toHaveLength(20);
    const playing = await liveMatches();
    expect(playing.length).toBeGreaterThan(0);
    for (const row of group?.rows ?? []) expect(row.live).not.toBeNull();
    for (const match of playing) {
      for (const [team, scored, conceded] of [
        [match.homeTeam.name, match.score.home ?? 0, match.score.away ?? 0],
        [match.awayTeam.name, match.score.away ?? 0, match.score.home ?? 0],
      ] as const) {
        const row = group?.rows.find((r) => r.team.name === team);
        if (!row) continue;
        const won = scored > conceded ? 3 : scored === conceded ? 1 : 0;
        expect(row.live).toMatchObject({ points: row.points + won, played: row.played + 1, match: match.id });
      }
    }
    const livePositions = (group?.rows ?? []).map((row) => row.live?.position).sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(livePositions).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('answers 304 to its ETag, br and gzip when asked, and an unknown slug a 404 problem', async () => {
    const target = `/api/tabela/${SLUG}`;
    const first = await rawRequest(served.placar.url, target);
    expect(first.status).toBe(200);
    const again = await rawRequest(served.placar.url, target, {
      headers: { 'If-None-Match': String(first.headers.etag) },
    });
    expect(again.status).toBe(304);
    for (const coding of ['br', 'gzip']) {
      const compressed = await rawRequest(served.placar.url, target, { headers: { 'Accept-Encoding': coding } });
      expect(compressed.headers['content-encoding']).toBe(coding);
    }
    const unknown = await rawRequest(served.placar.url, '/api/tabela/copa-que-nao-existe');
    expect(unknown.status).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((JSON.parse(unknown.body.toString('utf8')) as { title: string }).title).toBe('Competição não encontrada');
  });

  it('is in the OpenAPI document', async () => {
    const document = (await (await fetch(`${served.placar.url}/api/routes`)).json()) as {
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    };
    expect(Object.keys(document.paths['/api/tabela/{slug}']?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '304', '404']),
    );
  });
});

async function open(width: number, colorScheme: 'light' | 'dark', follow: readonly string[] = []): Promise<Page> {
  const context = await openTestContext(browser, { viewport: { width, height: 900 }, colorScheme });
  await followBeforeLoad(context, follow);
  const page = await context.newPage();
  await page.goto(`${served.placar.url}/tabela/${SLUG}`);
  return page;
}

describe('/tabela/{slug} in Chromium', () => {
  for (const width of [360, 1280])
    for (const scheme of ['light', 'dark'] as const) {
      it(`is whole and axe clean at ${width} px, ${scheme}`, async () => {
        const page = await open(width, scheme, ['Flamengo']);
        expect(await page.locator('h1').textContent()).toBe('Brasileirão Série A');
        await expect.poll(() => page.locator('tbody tr').count()).toBe(20);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        // Whole names, never cut.
        for (const name of await page.locator('.standings-name').all()) {
          const box = await name.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
          expect(box.scroll).toBeLessThanOrEqual(box.client);
        }
        // The page shows no goals for/against: no GP/GC; % only where there is room.
        expect(await page.locator('thead th').allTextContents()).toEqual([
          '#',
          'Time',
          'P',
          'J',
          'V',
          'E',
          'D',
          'SG',
          '%',
        ]);
        expect(await page.locator('thead th:visible').count()).toBe(width === 360 ? 8 : 9);
        expect(await findSeriousViolations(page)).toEqual([]);
        await saveScreenshot(page, `tabela-${width}-${scheme}`);
        await page.context().close();
      });
    }

  it('has no inline script or style, asks nothing of another origin, and shows its table without JavaScript', async () => {
    const html = await (await fetch(`${served.placar.url}/tabela/${SLUG}`)).text();
    expectNoInlineScriptOrStyle(html);
    const page = await open(360, 'light');
    await expectQuietReload(page, served.placar.url);
    await page.context().close();
    const context = await openTestContext(browser, { javaScriptEnabled: false });
    const still = await context.newPage();
    await still.goto(`${served.placar.url}/tabela/${SLUG}`);
    expect(await still.locator('tbody tr').count()).toBe(20);
    expect(await still.locator('.standings-live-note').count()).toBe(1);
    await context.close();
  });

  it('is used with the keyboard alone: the skip link first, then every stop in page order with a visible focus', async () => {
    const page = await open(360, 'dark');
    const focused = (): Promise<{ text: string; tag: string; outline: string; index: number }> =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const stops = [...document.querySelectorAll('a[href], button, input, select, textarea, [tabindex="0"]')];
        return {
          text: element.textContent?.replace(/\s+/g, ' ').trim() ?? '',
          tag: element.tagName,
          outline: getComputedStyle(element).outlineStyle,
          index: stops.indexOf(element),
        };
      });
    await page.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ text: 'Pular para o conteúdo', tag: 'A', outline: 'solid' });
    await page.keyboard.press('Enter');
    const stops: { text: string; index: number }[] = [];
    for (let n = 0; n < 40; n += 1) {
      await page.keyboard.press('Tab');
      const stop = await focused();
      if (stop.tag === 'BODY' || stop.index <= (stops.at(-1)?.index ?? -1)) break;
      expect(stop.outline, stop.text).toBe('solid');
      stops.push(stop);
    }
    // From the content on, in page order: the table's source, then the footer.
    expect(stops.map((stop) => stop.text)).toContain('tabela e classificação no site de origem');
    await page.context().close();
  });

  it('shows the live order with ↑/↓ against the official position, "ao vivo" on the teams playing, the followed team marked', async () => {
    const table = await readTable();
    const page = await open(360, 'light', ['Flamengo']);
    await expect.poll(() => page.locator('tr.is-followed').count()).toBe(1);
    expect(await page.locator('tr.is-followed').getAttribute('data-team')).toBe('Flamengo');
    expect(await page.locator('.standings-live-note').textContent()).toMatch(
      /Ao vivo\s+Classificação como se os jogos/,
    );
    const rows = (table.groups[0]?.rows ?? [])
      .slice()
      .sort((a, b) => (a.live?.position ?? 0) - (b.live?.position ?? 0));
    expect(await page.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-team')))).toEqual(
      rows.map((row) => row.team.name),
    );
    for (const row of rows) {
      const tr = page.locator(`tbody tr[data-team="${row.team.name}"]`);
      const move = row.position - (row.live?.position ?? row.position);
      const arrow = await tr.locator('.standings-up, .standings-down').count();
      expect(arrow, row.team.name).toBe(move === 0 ? 0 : 1);
      if (move !== 0)
        expect(await tr.locator('[aria-hidden="true"]').first().textContent()).toBe(
          move > 0 ? `↑${move}` : `↓${-move}`,
        );
      expect(await tr.locator('.standings-playing').count(), row.team.name).toBe(row.live?.match ? 1 : 0);
    }
    await page.context().close();
  });

  it('is linked from every competition heading of the views and of search results (drawn in the browser) and from the match page, which shows both teams’ places', async () => {
    const context = await openTestContext(browser);
    const page = await context.newPage();
    for (const view of ['/', '/hoje', '/ontem', '/amanha']) {
      await page.goto(`${served.placar.url}${view}`);
      const headings = page.locator('h2.competition-name');
      const count = await headings.count();
      expect(count, view).toBeGreaterThan(0);
      expect(await page.locator('h2.competition-name a[href^="/tabela/"]').count(), view).toBe(count);
    }
    await page.goto(`${served.placar.url}/busca?q=flamengo`);
    await expect.poll(() => page.locator(`h2.competition-name a[href="/tabela/${SLUG}"]`).count()).toBeGreaterThan(0);
    await page.goto(`${served.placar.url}/hoje`);
    await page.locator(`h2.competition-name a[href="/tabela/${SLUG}"]`).first().click();
    await page.waitForURL(`${served.placar.url}/tabela/${SLUG}`);
    expect(await page.locator('h1').textContent()).toBe('Brasileirão Série A');
    const [match] = await liveMatches();
    await page.goto(`${served.placar.url}/jogo/${match?.id}`);
    expect(await page.locator(`.match-facts dd > a[href="/tabela/${SLUG}"]`).first().textContent()).toBe(
      'Brasileirão Série A',
    );
    // Both teams' places: as printed, and live while the group has matches in play.
    const rows = (await readTable()).groups[0]?.rows ?? [];
    const place = (team: string | undefined): string => {
      const row = rows.find((r) => r.team.name === team);
      const live = row?.live && row.live.position !== row.position ? ` (${row.live.position}º ao vivo)` : '';
      return `${team} ${row?.position}º colocado${live}`;
    };
    expect(await page.locator('[data-fact="positions"] dd').textContent()).toBe(
      `${place(match?.homeTeam.name)} · ${place(match?.awayTeam.name)}`,
    );
    await context.close();
  });
});
