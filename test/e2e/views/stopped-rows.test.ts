/**
 * Postponed, cancelled and suspended matches read cleanly at every width (issue 28): on a phone
 * the row said "Adiado" with a stray "x" under it (the score slot of a match with neither goals
 * nor a kick-off time, laid out where a kick-off time goes). What a sighted fan sees is read off
 * the layout in Chromium: text clipped away (the "x" kept for screen readers) does not count.
 * And where they sit (issue 48): below every match that started, by kick-off where Placar knows it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { startDashboardHarness, type DashboardHarness } from '../../support/browser/dashboard-harness.ts';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import { runScript } from '../../../harness/run-script.ts';
import type { Match } from '../../../src/lib/model/model.ts';

const STATUSES_PAGE = path.join(PROJECT_ROOT, 'test/fixtures/upstream/variants/statuses.html');
const WIDTHS = [360, 480, 640, 800, 1280];
let harness: DashboardHarness;

beforeAll(async () => {
  // Today's listing: the hand-written page with every status (ADIADO, CANCELADO, SUSPENSO…).
  const pages = { ...readFixturePages(), '/jogos-de-hoje': fs.readFileSync(STATUSES_PAGE, 'utf8') };
  harness = await startDashboardHarness({ pages, env: { REFRESH_CRON: '0 0 * * *' } });
});

afterAll(async () => {
  await harness?.close();
});

interface SeenWord {
  text: string;
  top: number;
  bottom: number;
  left: number;
}

/** The texts a sighted fan sees in the row with `team`, with their boxes: hidden or clipped text left out. */
function readSeenWords(page: Page, team: string): Promise<SeenWord[]> {
  return page.evaluate((name) => {
    const row = [...document.querySelectorAll('[data-match-list] .match')].find((match) =>
      [...match.querySelectorAll('.team-name')].some((cell) => cell.textContent === name),
    );
    if (!row) throw new Error(`no row of ${name}`);
    const seen: SeenWord[] = [];
    const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (text === '') continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      let [left, top, right, bottom] = [box.left, box.top, box.right, box.bottom];
      for (let element = node.parentElement; element; element = element.parentElement) {
        const style = getComputedStyle(element);
        if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') right = left;
        if (style.getPropertyValue('clip') === 'rect(0px, 0px, 0px, 0px)') right = left;
        if (style.overflow !== 'visible') {
          const clip = element.getBoundingClientRect();
          [left, top, right, bottom] = [
            Math.max(left, clip.left),
            Math.max(top, clip.top),
            Math.min(right, clip.right),
            Math.min(bottom, clip.bottom),
          ];
        }
      }
      if (right - left > 1 && bottom - top > 1) seen.push({ text, top, bottom, left });
    }
    return seen;
  }, team);
}

/** Each row's home team, top to bottom. */
function readRowHomes(page: Page): Promise<string[]> {
  return page
    .locator('[data-match-list] .match')
    .evaluateAll((rows) => rows.map((row) => row.querySelector('.team-name')?.textContent?.trim() ?? ''));
}

/** The row as read: words left to right on each line, lines top to bottom, " / " between lines. */
function asRead(words: readonly SeenWord[]): string {
  const lines: SeenWord[][] = [];
  for (const word of [...words].sort((a, b) => a.top - b.top)) {
    const line = lines.find((candidate) =>
      candidate.some((other) => word.top < other.bottom - 2 && other.top < word.bottom - 2),
    );
    if (line) line.push(word);
    else lines.push([word]);
  }
  return lines
    .map((line) =>
      line
        .sort((a, b) => a.left - b.left)
        .map((word) => word.text)
        .join(' '),
    )
    .join(' / ');
}

describe('postponed, cancelled and suspended rows', () => {
  it('read cleanly from 360 px to 1280 px: no "x" of their own, unless between the two names on one line', async () => {
    const page = await harness.newPage();
    const rows = [
      { path: '/hoje', home: 'Remo', away: 'Paysandu', badge: 'Adiado', goals: null },
      { path: '/hoje', home: 'Sport', away: 'Náutico', badge: 'Cancelado', goals: null },
      { path: '/hoje', home: 'Cuiabá', away: 'Juventude', badge: 'Suspenso', goals: ['1', '0'] },
      { path: '/ontem', home: 'Sporting', away: 'Braga', badge: 'Adiado', goals: null },
    ];
    const read: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const row of rows) {
        if (!page.url().endsWith(row.path)) await page.goto(`${harness.placar.url}${row.path}`);
        const words = await readSeenWords(page, row.home);
        const text = asRead(words);
        read.push(`${width} ${text}`);
        if (width >= 640) {
          // One line: status, home, score (or just the "x"), away.
          const score = row.goals === null ? 'x' : `${row.goals[0]} x ${row.goals[1]}`;
          expect(text, `${width} px`).toBe(`${row.badge} ${row.home} ${score} ${row.away}`);
        } else {
          // Phones: the status at the left of home over away, each side's goals at the right; no "x" at all.
          const seen = words.map((word) => word.text).sort();
          expect(seen, `${width} px: ${text}`).toEqual([row.badge, row.home, row.away, ...(row.goals ?? [])].sort());
        }
      }
    }
    console.log(read.join('\n'));
    await page.context().close();
  });

  it('sit below every match that started, in Hoje as drawn by the server and redrawn from /api/hoje', async () => {
    const page = await harness.newPage();
    await page.clock.install();
    await page.goto(`${harness.placar.url}/hoje`);
    // Started (finished, suspended, an unknown status word with goals) in the upstream's order; then those to
    // start: postponed, cancelled, an unknown word without goals where the upstream put them, kick-offs in order.
    const expected = ['Goiás', 'Coritiba', 'Cuiabá', 'ABC', 'Remo', 'Sport', 'CSA', 'Vasco da Gama', 'Botafogo'];
    expect((await readRowHomes(page)).join(' · ')).toBe(expected.join(' · '));
    await page.evaluate(() => {
      for (const row of document.querySelectorAll('[data-match-list] .match')) row.setAttribute('data-servidor', '');
    });
    await page.clock.runFor(60_000);
    await page.waitForFunction(() => !document.querySelector('[data-match-list] [data-servidor]'));
    expect((await readRowHomes(page)).join(' · ')).toBe(expected.join(' · '));
    await page.context().close();
  });

  it('read the same once the browser redraws the list from /api/hoje (the same markup, cloned)', async () => {
    const page = await harness.newPage({ viewport: { width: 360, height: 900 } });
    await page.clock.install();
    await page.goto(`${harness.placar.url}/hoje`);
    const before = (await readSeenWords(page, 'Remo')).map((word) => word.text).sort();
    // The server's rows marked: the redraw replaces them with rows cloned from the template.
    await page.evaluate(() => {
      for (const row of document.querySelectorAll('[data-match-list] .match')) row.setAttribute('data-servidor', '');
    });
    await page.clock.runFor(60_000);
    await page.waitForFunction(() => !document.querySelector('[data-match-list] [data-servidor]'));
    expect((await readSeenWords(page, 'Remo')).map((word) => word.text).sort()).toEqual(before);
    expect(before).toEqual(['Adiado', 'Paysandu', 'Remo']);
    await page.context().close();
  });

  it('a match postponed after Placar saw its kick-off goes by that kick-off among those to start (last: refreshes again)', async () => {
    // Vasco x Flamengo, seen at 16:00, is postponed; Botafogo x Fluminense (21:30) stays above it upstream.
    const statuses = fs.readFileSync(STATUSES_PAGE, 'utf8');
    const postponed = statuses.replace('status-name">AMANHÃ 16:00<', 'status-name">ADIADO<');
    expect(postponed).not.toBe(statuses);
    harness.upstream.setPage('/jogos-de-hoje', postponed);
    const refresh = await runScript('scripts/refresh.ts', {
      ...process.env,
      DATA_DIR: harness.placar.dataDir,
      UPSTREAM_URL: harness.upstream.url,
    });
    expect(refresh.code, refresh.output).toBe(0);
    const vasco = async (): Promise<Match | undefined> =>
      (await harness.readListing('hoje')).matches.find((match) => match.homeTeam.name === 'Vasco da Gama');
    await expect.poll(async () => (await vasco())?.status, { timeout: 30_000, interval: 200 }).toBe('POSTPONED');
    expect((await vasco())?.kickoff).toBe('2026-11-22T16:00:00-03:00');

    const page = await harness.newPage();
    await page.goto(`${harness.placar.url}/hoje`);
    const expected = ['Goiás', 'Coritiba', 'Cuiabá', 'ABC', 'Remo', 'Sport', 'CSA', 'Vasco da Gama', 'Botafogo'];
    expect((await readRowHomes(page)).join(' · ')).toBe(expected.join(' · '));
    expect(await readSeenWords(page, 'Vasco da Gama').then((words) => words.map((word) => word.text))).toContain(
      'Adiado',
    );
    await page.context().close();
  });
});
