/**
 * The demo upstream's competition pages (issue 34): one per competition of the listings, in both
 * layouts, read back by the real parser; cups without a table; and consistent with the simulated
 * results — a match that ends is counted in its teams' table, so Placar's tables move.
 */
import { describe, expect, it } from 'vitest';
import { simulateSite } from '../../../src/demo/simulate-pages.ts';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { LISTING_PATHS } from '../../../src/lib/model/model.ts';
import { parseCompetitionPage } from '../../../src/upstream/competition-page/parse-competition-page.ts';
import { parseListingPage } from '../../../src/upstream/listing/parse-listing.ts';
import { readMatchPage } from '../../../src/upstream/match-page/parse-match-page.ts';

const fixturePages = readFixturePages();
const BASE = 'http://127.0.0.1:9';
const START = new Date('2027-03-10T14:00:00-03:00');
const MINUTE = 60_000;

const siteAt = (minutes: number) =>
  simulateSite({ fixturePages, seed: 3, startedAt: START, now: new Date(START.getTime() + minutes * MINUTE) });

function tablesOf(site: ReturnType<typeof siteAt>) {
  return new Map(
    Object.entries(site.competitionPages).map(([pagePath, html]) => [
      pagePath.slice(1),
      parseCompetitionPage(html, `${BASE}${pagePath}`),
    ]),
  );
}

describe('the demo competition pages', () => {
  it('has one page per competition the listings name, read back in both layouts; cups list matches only', () => {
    const site = siteAt(0);
    const slugs = new Set(
      Object.values(LISTING_PATHS).flatMap((listingPath) =>
        parseListingPage(site.listings[listingPath] ?? '', `${BASE}${listingPath}`).map((m) => m.competition.slug),
      ),
    );
    const tables = tablesOf(site);
    expect(new Set(tables.keys())).toEqual(slugs);
    const layouts = new Set([...tables.values()].map((read) => read.diagnostics.layout));
    expect(layouts).toEqual(new Set(['older', 'newer', 'none']));
    for (const [slug, read] of tables) {
      if (slug.startsWith('copa')) expect(read.groups, slug).toEqual([]);
      else expect(read.groups, slug).toHaveLength(1);
      for (const row of read.groups[0]?.rows ?? [])
        expect(row.won + row.drawn + row.lost, `${slug} ${row.team.name}`).toBe(row.played);
    }
  });

  it('counts a match once it ends: its teams have played one more, and nothing else moved', () => {
    const before = tablesOf(siteAt(0));
    // Long enough for every simulated match of the day to end.
    const after = tablesOf(siteAt(12 * 60));
    let grown = 0;
    for (const [slug, read] of after) {
      const earlier = new Map((before.get(slug)?.groups[0]?.rows ?? []).map((row) => [row.team.name, row]));
      for (const row of read.groups[0]?.rows ?? []) {
        const was = earlier.get(row.team.name);
        if (!was) continue;
        expect(row.played - was.played, `${slug} ${row.team.name}`).toBeGreaterThanOrEqual(0);
        expect(row.played - was.played, `${slug} ${row.team.name}`).toBeLessThanOrEqual(1);
        if (row.played > was.played) grown += 1;
      }
    }
    expect(grown).toBeGreaterThan(0);
  });

  it('tells one season: a league table has its size (the Brasileirão 20 teams) and its teams have played the rounds before the one their listed match is in', () => {
    for (const minutes of [0, 12 * 60]) {
      const site = siteAt(minutes);
      const tables = tablesOf(site);
      expect(tables.get('brasileirao-serie-a')?.groups[0]?.rows).toHaveLength(20);
      const roundsBySlug = new Map<string, number[]>();
      for (const [pagePath, html] of Object.entries(site.matchPages)) {
        const slug = pagePath.split('/')[1] ?? '';
        const rows = tables.get(slug)?.groups[0]?.rows;
        if (!rows) continue;
        const read = readMatchPage(html, `${BASE}${pagePath}`);
        const round = Number(/^Rodada (\d+)$/.exec(read.detail?.round ?? '')?.[1]);
        expect(round, pagePath).toBeGreaterThan(0);
        expect(round, pagePath).toBeLessThanOrEqual(2 * (rows.length - 1));
        roundsBySlug.set(slug, [...(roundsBySlug.get(slug) ?? []), round]);
        for (const team of [read.diagnostics.teams?.home, read.diagnostics.teams?.away]) {
          const played = rows.find((row) => row.team.name === team)?.played;
          // Before its match of round N a team has played N − 1; once it ends, N.
          expect(played, `${pagePath} ${team}`).toBeGreaterThanOrEqual(round - 1);
          expect(played, `${pagePath} ${team}`).toBeLessThanOrEqual(round);
        }
      }
      for (const [slug, rounds] of roundsBySlug) {
        expect(Math.max(...rounds) - Math.min(...rounds), slug).toBeLessThanOrEqual(1);
        expect(tables.get(slug)?.groups[0]?.rows.length, slug).toBeGreaterThanOrEqual(16);
      }
    }
  });
});
