/**
 * Whole names on a realistic day (test/fixtures/search-day: 31 matches today, 54 in all, names up
 * to 23 characters) plus a 24-character name and a 37-character one, in Chromium against the real
 * server: at 360 and 1280 px no team name is cut (its scrollWidth over its clientWidth), and at
 * 360 px every name of up to 24 characters takes one line; longer ones may wrap, whole; at 1280 px
 * a name takes one line while its row has room.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_PATHS } from '../../../src/lib/model/model.ts';
import { saveScreenshot } from '../../../harness/browser.ts';
import { startDashboardHarness, type DashboardHarness } from '../../support/browser/dashboard-harness.ts';
import { buildSearchDayPages } from '../../support/samples/search-day.ts';
import { withScore, withTeamName } from '../../../harness/upstream-pages.ts';

const REMO = '/brasileirao-serie-b/21-11-2026-remo-x-paysandu.html';
// A fan saw "Paris Saint- / Germain" (bold, the winner's, with its crest) broken while its row had room:
// a longer name beside a short one, the winner's, is that row without waiting for crests.
const PSG = '/liga-dos-campeoes/21-11-2026-paris-saint-germain-x-bayern-de-munique.html';
const PSG_LONGER = 'Paris Saint-Germain Sub-20';
const LONGEST_SHORT = 'Borussia Mönchengladbach';
const LONG = 'Clube de Regatas Vasco da Gama Sub-20';

function renamed(html: string): string {
  return withTeamName(withTeamName(html, REMO, 'home', LONGEST_SHORT), REMO, 'away', LONG);
}

function withPsgWinning(html: string): string {
  const psg = withTeamName(withTeamName(html, PSG, 'home', PSG_LONGER), PSG, 'away', 'Lyon');
  return withScore(psg, PSG, 3, 2);
}

const day = buildSearchDayPages();
const pages = {
  ...day,
  [LISTING_PATHS.live]: renamed(day[LISTING_PATHS.live] ?? ''),
  [LISTING_PATHS.hoje]: withPsgWinning(renamed(day[LISTING_PATHS.hoje] ?? '')),
};
let harness: DashboardHarness;

beforeAll(async () => {
  harness = await startDashboardHarness({ pages, env: { REFRESH_CRON: '0 0 * * *' } });
});

afterAll(async () => {
  await harness?.close();
});

interface ShownName {
  text: string;
  cut: boolean;
  lines: number;
}

async function readNames(path: string, width: number): Promise<ShownName[]> {
  const page = await harness.newPage({ viewport: { width, height: 800 } });
  await page.goto(`${harness.placar.url}${path}`);
  if (path.startsWith('/busca')) await page.locator('[data-match-list] .match').first().waitFor();
  const names = await page.locator('[data-match-list] .team-name').evaluateAll((elements) =>
    elements.map((name) => ({
      text: name.textContent ?? '',
      cut: name.scrollWidth > name.clientWidth,
      lines: Math.round(name.getBoundingClientRect().height / parseFloat(getComputedStyle(name).lineHeight)),
    })),
  );
  if (path === '/hoje') await saveScreenshot(page, `nomes-inteiros-hoje-${width}`);
  await page.context().close();
  return names;
}

describe('whole names on a realistic day', () => {
  for (const width of [360, 1280]) {
    it(`cuts no team name at ${width} px, in every view`, async () => {
      const hoje = await harness.readListing('hoje');
      expect(hoje.count).toBeGreaterThan(25);
      for (const path of ['/', '/hoje', '/amanha', '/busca?q=brasileirao']) {
        const names = await readNames(path, width);
        expect(names.length, path).toBeGreaterThan(0);
        expect(
          names.filter((name) => name.cut).map((name) => name.text),
          `${path} at ${width} px`,
        ).toEqual([]);
        if (path === '/hoje')
          expect(names.map((name) => name.text)).toEqual(expect.arrayContaining([LONGEST_SHORT, LONG]));
      }
    });
  }

  it('keeps every name of up to 24 characters on one line at 360 px; a longer one wraps, whole', async () => {
    const names = await readNames('/hoje', 360);
    const short = names.filter((name) => [...name.text].length <= 24);
    expect(short.length).toBeGreaterThan(50);
    expect(short.filter((name) => name.lines !== 1).map((name) => name.text)).toEqual([]);
    expect(names.find((name) => name.text === LONG)).toMatchObject({ cut: false, lines: 2 });
  });

  it('keeps a name on one line at 1280 px while its row has room (a bold "Paris Saint-Germain Sub-20" beside "Lyon", not broken at its hyphen)', async () => {
    const names = await readNames('/hoje', 1280);
    expect(names.map((name) => name.text)).toContain(PSG_LONGER);
    // The one row of a 24- and a 37-character name may wrap (whole: the test above).
    const others = names.filter((name) => name.text !== LONGEST_SHORT && name.text !== LONG);
    expect(others.filter((name) => name.lines !== 1).map((name) => name.text)).toEqual([]);
  });
});
