import { describe, expect, it } from 'vitest';
import { pagesInLayout, toCardLayout } from '../../../src/demo/card-layout.ts';
import { simulatePages } from '../../../src/demo/simulate-pages.ts';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { LISTING_PATHS } from '../../../src/lib/model/model.ts';
import { readListingPage } from '../../../src/upstream/listing/parse-listing.ts';

const fixturePages = readFixturePages();
const BASE = 'http://127.0.0.1:9';
const START = new Date('2027-03-10T14:00:00-03:00');

describe('the demo upstream switched to cards', () => {
  it.each([0, 30, 95, 240])(
    'serves, %s simulated minutes in, card pages that read as the same matches as its row pages',
    (minutes) => {
      const rows = simulatePages({
        fixturePages,
        seed: 7,
        startedAt: START,
        now: new Date(START.getTime() + minutes * 60_000),
      });
      const cards = pagesInLayout(rows, 'cards');
      for (const upstreamPath of Object.values(LISTING_PATHS)) {
        const fromRows = readListingPage(rows[upstreamPath] ?? '', BASE + upstreamPath);
        const fromCards = readListingPage(cards[upstreamPath] ?? '', BASE + upstreamPath);
        expect(fromCards.matches, upstreamPath).toStrictEqual(fromRows.matches);
        expect(fromRows.diagnostics.markup).toBe('rows');
        if (fromCards.diagnostics.candidates > 0) expect(fromCards.diagnostics.markup, upstreamPath).toBe('cards');
        expect(fromCards.diagnostics.skipped).toBe(0);
        expect(cards[upstreamPath]).not.toMatch(/status-name/);
      }
    },
  );

  it('keeps row pages untouched in the row layout, and escapes names it writes into cards', () => {
    expect(pagesInLayout(fixturePages, 'rows')).toEqual(fixturePages);
    const html = toCardLayout(
      '<html><body><div id="livescore"><h3 class="match-list_league-name">A &amp; B</h3><a href="/a/21-11-2026-x-x-y.html"><span class="status-name">ENCERRADO</span>' +
        '<div class="team-name">&lt;b&gt;X</div><div class="match-score"></div><div class="match-score"></div><div class="team-name">Y</div></a></div></body></html>',
    );
    expect(html).toContain('<div class="match__md_card--ht-name text">&lt;b&gt;X</div>');
    expect(html).toContain('<div class="match__md_card--league">A &amp; B</div>');
  });
});
