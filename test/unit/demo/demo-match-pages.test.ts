/**
 * The demo's and the test upstream's match pages (issue 26): one per listed match, deterministic
 * from the seed and the simulated time, agreeing with the listing's score at every instant,
 * gaining scorers, cards, substitutions and lineups as a match advances, in both layouts — and
 * read by the real parser without a skipped row.
 */
import { describe, expect, it } from 'vitest';
import { fixtureMatchPages, layoutOfMatch } from '../../../src/demo/demo-match-pages.ts';
import { buildMatchStory } from '../../../src/demo/match-story.ts';
import { planMatch, planPlayedMatch, type MatchPlan } from '../../../src/demo/match-timeline.ts';
import { simulateSite } from '../../../src/demo/simulate-pages.ts';
import { readFixturePages, readFixtureSite } from '../../../src/demo/upstream-server.ts';
import { writeMatchPage } from '../../../src/demo/write-match-page.ts';
import { LISTING_PATHS, type Match, type MatchDetail } from '../../../src/lib/model/model.ts';
import { parseListingPage } from '../../../src/upstream/listing/parse-listing.ts';
import { readMatchPage, type MatchPageRead } from '../../../src/upstream/match-page/parse-match-page.ts';
import { countedGoals, findScoreContradiction } from '../../../src/upstream/match-page/score-contradiction.ts';

const fixturePages = readFixturePages();
const BASE = 'http://127.0.0.1:9';
/** 14:00 in São Paulo. */
const START = new Date('2027-03-10T14:00:00-03:00');
const MINUTE = 60_000;

function siteAt(minutes: number, seed = 1, matchPages: 'newer' | 'older' | 'mixed' = 'mixed') {
  return simulateSite({
    fixturePages,
    seed,
    startedAt: START,
    now: new Date(START.getTime() + minutes * MINUTE),
    matchPages,
  });
}

/** Every listed match (each once) with its page, read by the real parsers. */
function readSite(pages: { listings: Record<string, string>; matchPages: Record<string, string> }) {
  const matches = new Map<string, Match>();
  for (const listing of Object.values(LISTING_PATHS)) {
    for (const match of parseListingPage(pages.listings[listing] ?? '', BASE + listing)) matches.set(match.id, match);
  }
  return [...matches.values()].map((match) => {
    const path = `/${match.id}.html`;
    const html = pages.matchPages[path];
    if (html === undefined) throw new Error(`no match page at ${path}`);
    return { match, path, read: readMatchPage(html, BASE + path) };
  });
}

const events = (detail: MatchDetail): number => detail.goals.length + detail.cards.length + detail.substitutions.length;

describe('the demo upstream match pages', () => {
  it('gives every listed match its page, at its path, and nothing else', () => {
    const site = siteAt(0);
    const read = readSite(site);
    expect(read.length).toBeGreaterThan(20);
    expect(Object.keys(site.matchPages).sort()).toEqual(read.map((r) => r.path).sort());
    for (const { path } of read) expect(path).toMatch(/^\/[^/]+\/(10|11|09)-03-2027-[^/]+-x-[^/]+\.html$/);
  });

  it('is deterministic: same seed and instant, same bytes; another seed, another story', () => {
    expect(siteAt(41.5, 7).matchPages).toEqual(siteAt(41.5, 7).matchPages);
    expect(siteAt(41.5, 8).matchPages).not.toEqual(siteAt(41.5, 7).matchPages);
  });

  it("agrees with the listing's score at every instant, on the page's scoreboard and in its goals", () => {
    let compared = 0;
    for (let minutes = 0; minutes <= 420; minutes += 11) {
      for (const { match, read } of readSite(siteAt(minutes))) {
        const listed = match.score;
        if (listed.home === null || listed.away === null) {
          expect(read.pageScore, match.id).toBeNull();
          expect(countedGoals(read.detail), match.id).toEqual({ home: 0, away: 0 });
          continue;
        }
        compared++;
        expect(read.pageScore, `${match.id} at +${minutes}`).toEqual({ home: listed.home, away: listed.away });
        expect(countedGoals(read.detail), `${match.id} at +${minutes}`).toEqual(read.pageScore);
        expect(findScoreContradiction(read.detail, listed, read.pageScore)).toBeNull();
      }
    }
    expect(compared).toBeGreaterThan(300);
  });

  it('is read by the parser without a skipped row, in both layouts, at every instant', () => {
    const layouts = new Set<string>();
    for (const matchPages of ['newer', 'older', 'mixed'] as const) {
      for (const minutes of [0, 13, 47, 95, 180, 600]) {
        for (const { path, read } of readSite(siteAt(minutes, 3, matchPages))) {
          expect(read.diagnostics.skippedRows, `${path} at +${minutes} (${matchPages})`).toEqual([]);
          layouts.add(`${matchPages}:${read.diagnostics.layout}`);
        }
      }
    }
    expect([...layouts].sort()).toEqual(['mixed:newer', 'mixed:older', 'newer:newer', 'older:older']);
  });

  it('names where to watch for some matches and for none of others, in both layouts (issue 50)', () => {
    for (const matchPages of ['newer', 'older'] as const) {
      const reads = readSite(siteAt(47, 3, matchPages)).map(({ read }) => read.detail.broadcasts);
      const named = reads.filter((broadcasts) => broadcasts.length > 0);
      expect(named.length, matchPages).toBeGreaterThan(0);
      expect(named.length, matchPages).toBeLessThan(reads.length);
      for (const broadcasts of named) {
        expect(new Set(broadcasts.map(({ channel }) => channel)).size).toBe(broadcasts.length);
      }
    }
  });

  it('shows no events, no statistics and no score for a match not started', () => {
    const notStarted = readSite(siteAt(0)).filter(({ match }) => match.status === 'SCHEDULED');
    expect(notStarted.length).toBeGreaterThan(5);
    for (const { match, read } of notStarted) {
      expect(events(read.detail), match.id).toBe(0);
      expect(read.detail.statistics).toEqual([]);
      expect(read.pageScore).toBeNull();
      expect(read.detail.venue).not.toBeNull();
      expect(read.detail.referee).not.toBeNull();
    }
    // Tomorrow's lineups are not out yet.
    expect(
      notStarted.filter(({ match }) => match.date === '2027-03-11').every(({ read }) => read.detail.lineups === null),
    ).toBe(true);
  });

  it("tells the whole story of yesterday's and today's finished matches, consistent with their final score", () => {
    const finished = readSite(siteAt(0)).filter(({ match }) => match.status === 'FINISHED');
    expect(finished.length).toBeGreaterThanOrEqual(10);
    for (const { match, read } of finished) {
      expect(countedGoals(read.detail), match.id).toEqual({ home: match.score.home, away: match.score.away });
      expect(read.detail.lineups?.home).toHaveLength(11);
      expect(read.detail.lineups?.away).toHaveLength(11);
      expect(read.detail.substitutions.length, match.id).toBeGreaterThanOrEqual(6);
      expect(read.detail.statistics.map((s) => s.label)).toContain('Posse de bola');
      for (const s of read.detail.substitutions) expect(s.minute, match.id).toBeGreaterThanOrEqual(46);
    }
    const postponed = readSite(siteAt(0)).filter(({ match }) => match.status === 'POSTPONED');
    for (const { read } of postponed) expect([events(read.detail), read.detail.lineups]).toEqual([0, null]);
  });

  it('gains scorers, cards, substitutions and lineups as a match advances, never losing one', () => {
    const first = readSite(siteAt(0)).find(({ match }) => match.status === 'SCHEDULED' && match.date === '2027-03-10');
    if (!first?.match.kickoff) throw new Error('no scheduled match today');
    const kickoff = (Date.parse(first.match.kickoff) - START.getTime()) / MINUTE;
    const at = (minutes: number): MatchPageRead => {
      const found = readSite(siteAt(minutes)).find(({ match }) => match.id === first.match.id);
      if (!found) throw new Error(`${first.match.id} not listed at +${minutes}`);
      return found.read;
    };
    expect(at(kickoff - 0.5).detail.lineups).not.toBeNull(); // out an hour before kick-off
    const timeline = Array.from({ length: 16 }, (_, i) => at(kickoff + 0.5 + i * 8).detail);
    for (const [i, detail] of timeline.slice(1).entries()) {
      const before = timeline[i] as MatchDetail;
      expect(detail.goals.slice(0, before.goals.length)).toEqual(before.goals);
      expect(detail.cards.slice(0, before.cards.length)).toEqual(before.cards);
      expect(detail.substitutions.slice(0, before.substitutions.length)).toEqual(before.substitutions);
    }
    const end = timeline.at(-1) as MatchDetail;
    expect(end.cards.length + end.goals.length).toBeGreaterThan(0);
    expect(end.substitutions.length).toBeGreaterThanOrEqual(6);
  });

  it('alternates the layout by match when mixed (about one in three older), the same match always the same', () => {
    const paths = Object.keys(siteAt(0).matchPages);
    const older = paths.filter((path) => layoutOfMatch(path, 'mixed') === 'older');
    expect(older.length).toBeGreaterThan(paths.length / 6);
    expect(older.length).toBeLessThan(paths.length / 2);
  });
});

describe('a match story written and read back', () => {
  const plans: [string, MatchPlan, number | undefined][] = [];
  const playing = planMatch({
    key: '/liga/21-11-2026-casa-x-fora.html',
    seed: 5,
    status: { kind: 'playing', minute: 30, injuryTime: 0, style: 'min' },
    initialScore: { home: 1, away: 2 },
  });
  if (playing) plans.push(['live', playing, undefined]);
  const suspended = planPlayedMatch('/liga/21-11-2026-a-x-b.html', 5, { home: 1, away: 0 }, true);
  plans.push(['suspended', suspended.plan, suspended.stoppedAt]);

  it.each(plans)(
    '%s: the parser reads back exactly the story, in both layouts, at every minute',
    (_, plan, stoppedAt) => {
      for (let elapsed = -90; elapsed <= 150; elapsed += 3) {
        const story = buildMatchStory({
          plan,
          seed: 5,
          t: elapsed - plan.kickoffOffset,
          homeKey: 'casa',
          awayKey: 'fora',
          stoppedAt,
        });
        for (const layout of ['newer', 'older'] as const) {
          const view = {
            competition: 'Liga',
            group: '',
            home: { name: 'Casa', crest: '/escudos/casa.png' },
            away: { name: 'Fora', crest: '/escudos/fora.png' },
            statusLabel: 'ENCERRADO',
            statusClass: 'badge status-name',
            score: countedGoals(story.detail),
            when: '21/11/2026',
            story,
          };
          const read = readMatchPage(writeMatchPage(view, layout), `${BASE}/liga/x.html`);
          expect(read.detail, `${layout} at ${elapsed}`).toEqual(story.detail);
          expect(read.diagnostics.skipped).toBe(0);
          expect(read.diagnostics.benchPlayers).toBe(story.bench ? 18 : 0);
        }
      }
    },
  );

  it('a suspended match tells nothing after it stopped', () => {
    const story = buildMatchStory({
      plan: suspended.plan,
      seed: 5,
      t: 10_000,
      homeKey: 'a',
      awayKey: 'b',
      stoppedAt: suspended.stoppedAt,
    });
    const last = [...story.detail.goals, ...story.detail.cards, ...story.detail.substitutions].map((e) => e.minute);
    expect(Math.max(0, ...last)).toBeLessThanOrEqual(suspended.stoppedAt ?? 0);
    expect(countedGoals(story.detail)).toEqual({ home: 1, away: 0 });
  });
});

describe('the test upstream (readFixtureSite)', () => {
  it('serves the recorded listings, the reference sample at its match, and a page for every other listed match', () => {
    const site = readFixtureSite();
    for (const [path, html] of Object.entries(fixturePages)) expect(site[path]).toBe(html);
    const matchPaths = Object.keys(site).filter((path) => path.endsWith('.html'));
    const read = readSite({
      listings: site,
      matchPages: Object.fromEntries(matchPaths.map((p) => [p, site[p] ?? ''])),
    });
    expect(read).toHaveLength(matchPaths.length);
    expect(site['/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html']).toContain('Wilton Pereira Sampaio');
    for (const { match, read: page } of read) {
      expect(page.diagnostics.skipped, match.id).toBe(0);
      if (match.score.home !== null) expect(countedGoals(page.detail), match.id).toEqual(page.pageScore);
    }
  });

  it('builds match pages for edited listings (a changed score stays consistent), in the older layout on request', () => {
    const hoje = fixturePages[LISTING_PATHS.hoje] ?? '';
    const edited = hoje.replaceAll(
      '<span class="badge badge-default">3</span>',
      '<span class="badge badge-default">4</span>',
    );
    const pages = fixtureMatchPages({ [LISTING_PATHS.hoje]: edited }, { layout: 'older' });
    const page = pages['/brasileirao-serie-a/21-11-2026-athletico-pr-x-vasco-da-gama.html'] ?? '';
    const read = readMatchPage(page, BASE);
    expect(read.diagnostics.layout).toBe('older');
    expect(countedGoals(read.detail)).toEqual({ home: 4, away: 2 });
  });
});
