/**
 * The demo upstream's team pages (issue 50 §2): both pages for every team the listings name, at the slug
 * Placar reads from them, read back by the real parser and consistent with the listings — each listed
 * match on both its teams' pages with the same status and score, a match in play at the top of the
 * upcoming page, the recent page latest first.
 */
import { describe, expect, it } from 'vitest';
import { simulateSite } from '../../../src/demo/simulate-pages.ts';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { LISTING_PATHS, type Match } from '../../../src/lib/model/model.ts';
import { parseListingPage } from '../../../src/upstream/listing/parse-listing.ts';
import { parseTeamPage } from '../../../src/upstream/team-page/parse-team-page.ts';

const fixturePages = readFixturePages();
const BASE = 'http://127.0.0.1:9';
const START = new Date('2027-03-10T14:00:00-03:00');
const MINUTE = 60_000;

const siteAt = (minutes: number) =>
  simulateSite({ fixturePages, seed: 3, startedAt: START, now: new Date(START.getTime() + minutes * MINUTE) });

function listedMatches(site: ReturnType<typeof siteAt>): Map<string, Match> {
  const matches = new Map<string, Match>();
  for (const listingPath of Object.values(LISTING_PATHS))
    for (const match of parseListingPage(site.listings[listingPath] ?? '', `${BASE}${listingPath}`))
      if (!matches.has(match.id)) matches.set(match.id, match);
  return matches;
}

const teamPage = (site: ReturnType<typeof siteAt>, slug: string, page: 'proximos-jogos' | 'ultimos-jogos') => {
  const pagePath = `/time/${slug}/${page}`;
  const html = site.teamPages[pagePath];
  if (html === undefined) throw new Error(`no ${pagePath}`);
  return parseTeamPage(html, `${BASE}${pagePath}`);
};

describe('the demo team pages', () => {
  it('has both pages for exactly the teams the listings name, each listed match on its two teams’ pages alike', () => {
    // A few minutes in: some matches are in play, some finished, some to come.
    const site = siteAt(100);
    const listed = listedMatches(site);
    const slugs = new Set([...listed.values()].flatMap((m) => [m.homeTeam.slug, m.awayTeam.slug]));
    expect(new Set(Object.keys(site.teamPages))).toEqual(
      new Set([...slugs].flatMap((slug) => [`/time/${slug}/proximos-jogos`, `/time/${slug}/ultimos-jogos`])),
    );
    const statuses = new Set<string>();
    for (const slug of slugs) {
      if (slug === null) continue;
      const next = teamPage(site, slug, 'proximos-jogos');
      const last = teamPage(site, slug, 'ultimos-jogos');
      for (const match of [...next, ...last]) {
        const listing = listed.get(match.id);
        expect(listing, match.id).toBeDefined();
        expect([match.homeTeam.slug, match.awayTeam.slug]).toContain(slug);
        // The cards show the goals, not a shoot-out's score.
        const goals = (m: Match | undefined) => ({ home: m?.score.home, away: m?.score.away });
        expect({ status: match.status, goals: goals(match), competition: match.competition }).toStrictEqual({
          status: listing?.status,
          goals: goals(listing),
          competition: listing?.competition,
        });
        statuses.add(match.status);
      }
      // In play first, then to come soonest first; finished latest first.
      const live = next.findIndex((m) => m.status !== 'IN_PLAY' && m.status !== 'PAUSED');
      expect(
        next.slice(live < 0 ? next.length : live).every((m) => m.status === 'SCHEDULED'),
        slug,
      ).toBe(true);
      const dates = last.map((m) => m.date);
      expect(dates, slug).toStrictEqual([...dates].sort().reverse());
    }
    expect(statuses).toEqual(new Set(['IN_PLAY', 'PAUSED', 'SCHEDULED', 'FINISHED']));
  });

  it('moves a match from the upcoming page to the recent one when it ends', () => {
    const early = siteAt(0);
    const late = siteAt(5 * 60);
    const listed = listedMatches(late);
    const ended = [...listedMatches(early).values()].find(
      (m) => m.status === 'SCHEDULED' && listed.get(m.id)?.status === 'FINISHED' && m.homeTeam.slug !== null,
    );
    expect(ended).toBeDefined();
    const slug = ended?.homeTeam.slug ?? '';
    expect(teamPage(early, slug, 'proximos-jogos').map((m) => m.id)).toContain(ended?.id);
    expect(teamPage(late, slug, 'proximos-jogos').map((m) => m.id)).not.toContain(ended?.id);
    expect(teamPage(late, slug, 'ultimos-jogos').map((m) => m.id)).toContain(ended?.id);
  });
});
