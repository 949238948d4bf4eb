/**
 * The demo upstream's match pages: one per match its listings show, at the match's own path
 * (`/<slug>/<DD-MM-YYYY>-<home>-x-<away>.html`, the listing row's href), telling the story
 * match-story.ts draws — in the state the listing shows (same status, same score). Matches
 * being simulated follow their timeline; matches the recorded listings show already over carry
 * their whole story, a suspended one its story until it stopped; matches not started carry no
 * events (lineups an hour before kick-off), postponed and cancelled ones only venue and referee.
 * Pure and deterministic: listings, seed and instant in, pages out.
 */
import * as cheerio from 'cheerio';
import type { CheerioAPI } from 'cheerio';
import { parseStatus } from '../upstream/parse-status.ts';
import { MATCH_ANCHOR } from './build-live-page.ts';
import { demoCrestPath, slugOf } from './demo-crests.ts';
import { parseFixtureStatus } from './demo-status-label.ts';
import { matchRounds } from './demo-season.ts';
import { buildMatchStory } from './match-story.ts';
import { planMatch, planPlayedMatch, type MatchPlan } from './match-timeline.ts';
import { parseMatchPathDate } from './rewrite-fixture-dates.ts';
import { playedKickoffClock, type PlayedKickoffBound } from './played-kickoff.ts';
import { seededInt } from './seeded-random.ts';
import { writeMatchPage } from './write-match-page.ts';
import type { MatchPageLayout } from './write-match-events.ts';

/** The layout of the demo's match pages: one for all, or `mixed` (about one match in three in the older layout). */
export type MatchPagesLayout = MatchPageLayout | 'mixed';

/** A match as a listing row shows it. */
export interface ListedMatchRow {
  /** The row's href: the match page's path. */
  href: string;
  competition: string;
  home: string;
  away: string;
  statusLabel: string;
  statusClass: string;
  score: { home: number; away: number } | null;
}

function rowOf($: CheerioAPI, anchor: ReturnType<CheerioAPI>, competition: string): ListedMatchRow {
  const teams = anchor.find('.team-name');
  const badge = anchor.find('.status-name').first();
  const goals = anchor
    .find('.match-score')
    .toArray()
    .map((cell) => {
      const text = $(cell).find('.badge').not('.badge-penalties').first().text().trim();
      return /^\d+$/.test(text) ? Number(text) : null;
    });
  const [home, away] = goals;
  return {
    href: anchor.attr('href') ?? '',
    competition,
    home: teams.eq(0).text().replace(/\s+/g, ' ').trim(),
    away: teams.eq(1).text().replace(/\s+/g, ' ').trim(),
    statusLabel: badge.text().replace(/\s+/g, ' ').trim(),
    statusClass: badge.attr('class') ?? 'badge status-name',
    score: home != null && away != null ? { home, away } : null,
  };
}

/** The matches of a listing page in the row markup, each once, with its competition. */
export function readListedRows($: CheerioAPI): ListedMatchRow[] {
  const rows = new Map<string, ListedMatchRow>();
  const featured: ListedMatchRow[] = [];
  let league = '';
  $('#livescore')
    .children()
    .each((_, element) => {
      const node = $(element);
      const header = node.is('.match-list_league-name') ? node : node.find('.match-list_league-name');
      if (header.length > 0) league = header.first().text().replace(/\s+/g, ' ').trim();
      node.find(MATCH_ANCHOR).each((_, anchorElement) => {
        const anchor = $(anchorElement);
        if (node.is('.trending-box')) {
          featured.push(rowOf($, anchor, anchor.find('.match-card-league-name').first().text().trim()));
        } else if (!rows.has(anchor.attr('href') ?? '')) rows.set(anchor.attr('href') ?? '', rowOf($, anchor, league));
      });
    });
  for (const row of featured) if (!rows.has(row.href)) rows.set(row.href, row);
  return [...rows.values()];
}

export function layoutOfMatch(href: string, layout: MatchPagesLayout): MatchPageLayout {
  if (layout !== 'mixed') return layout;
  return seededInt(0, href, 0, 2) === 0 ? 'older' : 'newer';
}

export interface MatchPagesInput {
  /** Every match the listings show (today's in their simulated state), by fixture href. */
  rows: readonly ListedMatchRow[];
  /** The plans of the matches being simulated, by fixture href. */
  plans: ReadonlyMap<string, MatchPlan>;
  seed: number;
  elapsedMinutes: number;
  layout: MatchPagesLayout;
  /** The path a match page is served at (the href with the demo's date). */
  pathOf: (href: string) => string;
  /** "16:30": the kick-off clock of a simulated match, when known. */
  kickoffClock: (plan: MatchPlan) => string | null;
  /** The demo's start: matches shown played that day kicked off before it (played-kickoff.ts); null: no bound. */
  playedBound?: PlayedKickoffBound | null;
}

/** The match pages of the listings' matches, keyed by their path. */
export function writeMatchPages(input: MatchPagesInput): Record<string, string> {
  const pages: Record<string, string> = {};
  const rounds = matchRounds(input.rows, input.seed);
  for (const row of input.rows) {
    const path = input.pathOf(row.href);
    const status = parseStatus(row.statusLabel);
    let plan = input.plans.get(row.href) ?? null;
    let stoppedAt: number | undefined;
    const played = status.status === 'FINISHED' || status.status === 'SUSPENDED';
    if (!plan && played && row.score) {
      ({ plan, stoppedAt } = planPlayedMatch(row.href, input.seed, row.score, status.status === 'SUSPENDED'));
    }
    // Matches not played (scheduled, postponed, cancelled): venue and referee only.
    const storyPlan = plan ?? planPlayedMatch(row.href, input.seed, { home: 0, away: 0 }).plan;
    const t = plan ? input.elapsedMinutes - plan.kickoffOffset : Number.NEGATIVE_INFINITY;
    const story = buildMatchStory({
      plan: storyPlan,
      seed: input.seed,
      t,
      homeKey: slugOf(row.home),
      awayKey: slugOf(row.away),
      stoppedAt,
      round: rounds.get(row.href),
    });
    const day = parseMatchPathDate(path);
    const date = day ? day.split('-').reverse().join('/') : '';
    const simulatedClock = plan && input.plans.has(row.href) ? input.kickoffClock(plan) : null;
    // A match shown played keeps its kick-off on its page, as the upstream's does.
    const playedClock = played && day ? playedKickoffClock(input.seed, row.href, day, input.playedBound ?? null) : null;
    const time = status.kickoffTime ?? simulatedClock ?? playedClock;
    const view = {
      competition: row.competition,
      group: story.detail.round ?? '',
      home: { name: row.home, crest: demoCrestPath(row.home), key: slugOf(row.home) },
      away: { name: row.away, crest: demoCrestPath(row.away), key: slugOf(row.away) },
      statusLabel: row.statusLabel,
      statusClass: row.statusClass,
      score: row.score,
      when: time ? `${date} às ${time}` : date,
      story,
    };
    pages[path] = writeMatchPage(view, layoutOfMatch(row.href, input.layout));
  }
  return pages;
}

/**
 * Match pages for recorded listing pages as they are (no simulated time): the test upstream's.
 * Each match in the state its row shows — live at its minute with its score, finished with its
 * whole story, not started without events.
 */
export function fixtureMatchPages(
  listingPages: Readonly<Record<string, string>>,
  options: { seed?: number; layout?: MatchPagesLayout } = {},
): Record<string, string> {
  const seed = options.seed ?? 1;
  const rows = new Map<string, ListedMatchRow>();
  for (const html of Object.values(listingPages)) {
    for (const row of readListedRows(cheerio.load(html))) if (!rows.has(row.href)) rows.set(row.href, row);
  }
  const plans = new Map<string, MatchPlan>();
  for (const row of rows.values()) {
    const status = parseFixtureStatus(row.statusLabel);
    if (status.kind === 'scheduled' || status.kind === 'other') continue;
    const plan = planMatch({ key: row.href, seed, status, initialScore: row.score ?? { home: 0, away: 0 } });
    if (plan) plans.set(row.href, plan);
  }
  return writeMatchPages({
    rows: [...rows.values()],
    plans,
    seed,
    elapsedMinutes: 0,
    layout: options.layout ?? 'newer',
    pathOf: (href) => href,
    kickoffClock: () => null,
  });
}
