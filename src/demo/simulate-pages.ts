/**
 * The demo upstream's pages at an instant: the recorded listing pages (test/fixtures/upstream)
 * moved to today and tomorrow in America/Sao_Paulo, with today's matches played in simulated
 * time, and each listed match's own page telling its story so far (demo-match-pages.ts).
 * Pure and deterministic: the same fixtures, seed and instants give the same bytes.
 * The output keeps the upstream's markup (see build-live-page.ts) so the real parser reads it.
 */
import { writeCompetitionPages } from './demo-competition-pages.ts';
import { writeTeamPages } from './demo-team-pages.ts';
import * as cheerio from 'cheerio';
import type { CheerioAPI } from 'cheerio';
import { LISTING_PATHS } from '../lib/model/model.ts';
import { formatSaoPauloClock, saoPauloDate } from '../lib/model/time.ts';
import { MATCH_ANCHOR, fillLivePage } from './build-live-page.ts';
import { readListedRows, writeMatchPages, type MatchPagesLayout } from './demo-match-pages.ts';
import { formatPlayingLabel, parseFixtureStatus } from './demo-status-label.ts';
import { buildMatchState, planMatch, type MatchPlan, type MatchState } from './match-timeline.ts';
import { daysBetween, findFixtureDay, planTodayKickoffs, shiftMatchPathDate } from './rewrite-fixture-dates.ts';

export interface SimulationInput {
  /** The recorded listing pages, keyed by upstream path ('/jogos-de-hoje', …). */
  fixturePages: Readonly<Record<string, string>>;
  seed: number;
  startedAt: Date;
  now: Date;
  /** Simulated minutes per real minute; 1 (the default) is real time. */
  speed?: number;
}

interface PlannedMatch extends MatchPlan {
  /** "HOJE 18:15": the re-planned kickoff, shown until the match starts ('' if it started before the demo). */
  scheduledLabel: string;
}

interface SimulatedMatch {
  plan: PlannedMatch;
  state: MatchState;
}

const BADGE_CLASS: Readonly<Record<MatchState['phase'], string>> = {
  scheduled: 'badge badge-warning status-name',
  firstHalf: 'badge badge-success status-name blink',
  halfTime: 'badge badge-success status-name blink',
  secondHalf: 'badge badge-success status-name blink',
  finished: 'badge badge-danger status-name',
};

/** Minutes after midnight, São Paulo time. */
function minutesOfDay(instant: Date): number {
  const [hours = 0, minutes = 0] = formatSaoPauloClock(instant).split(':').map(Number);
  return hours * 60 + minutes;
}

function pageOf(pages: SimulationInput['fixturePages'], path: string): string {
  const html = pages[path];
  if (html === undefined) throw new Error(`missing fixture page ${path}`);
  return html;
}

function scoreCell(today: CheerioAPI, anchor: ReturnType<CheerioAPI>, side: 'home' | 'away'): ReturnType<CheerioAPI> {
  const cells = today(anchor).find('.match-score');
  const aligned = cells.filter(side === 'home' ? '.justify-content-end' : '.justify-content-start');
  return aligned.length > 0 ? aligned.first() : cells.eq(side === 'home' ? 0 : 1);
}

function readGoals(cell: ReturnType<CheerioAPI>): number {
  const goals = Number(cell.find('.badge-default').first().text().trim());
  return Number.isInteger(goals) && goals >= 0 ? goals : 0;
}

/** One plan per match of today's page, by match path; scheduled kickoffs re-planned in time order. */
function planTodayMatches(today: CheerioAPI, seed: number, startedAt: Date): Map<string, PlannedMatch> {
  const plans = new Map<string, PlannedMatch>();
  const scheduled: { key: string; prefix: string; time: string; initialScore: MatchPlan['initialScore'] }[] = [];
  today(MATCH_ANCHOR).each((_, element) => {
    const anchor = today(element);
    const key = anchor.attr('href') ?? '';
    if (plans.has(key) || scheduled.some((s) => s.key === key)) return;
    const status = parseFixtureStatus(anchor.find('.status-name').first().text());
    const initialScore = {
      home: readGoals(scoreCell(today, anchor, 'home')),
      away: readGoals(scoreCell(today, anchor, 'away')),
    };
    if (status.kind === 'scheduled') {
      scheduled.push({ key, prefix: status.prefix, time: status.time, initialScore });
      return;
    }
    const plan = planMatch({ key, seed, status, initialScore });
    if (plan) plans.set(key, { ...plan, scheduledLabel: '' });
  });
  const byTime = [...scheduled].sort((a, b) => a.time.localeCompare(b.time));
  const kickoffs = planTodayKickoffs(byTime.length, startedAt);
  byTime.forEach((match, i) => {
    const kickoff = kickoffs[i];
    if (!kickoff) return;
    const status = { kind: 'scheduled', prefix: match.prefix, time: kickoff.time } as const;
    const plan = planMatch({
      key: match.key,
      seed,
      status,
      initialScore: match.initialScore,
      kickoffOffset: kickoff.offsetMinutes,
    });
    if (plan) plans.set(match.key, { ...plan, scheduledLabel: `${match.prefix}${kickoff.time}` });
  });
  return plans;
}

function writeState(today: CheerioAPI, anchor: ReturnType<CheerioAPI>, match: SimulatedMatch): void {
  const { state, plan } = match;
  const label =
    state.phase === 'scheduled'
      ? plan.scheduledLabel
      : state.phase === 'halfTime'
        ? 'INTERVALO'
        : state.phase === 'finished'
          ? 'ENCERRADO'
          : formatPlayingLabel(state.minute ?? 0, state.injuryTime, plan.style);
  anchor.find('.status-name').first().attr('class', BADGE_CLASS[state.phase]).text(label);
  if (state.phase === 'scheduled') return;
  for (const side of ['home', 'away'] as const) {
    const cell = scoreCell(today, anchor, side);
    const badge = cell.find('.badge-default').first();
    if (badge.length > 0) badge.text(String(state[side]));
    else cell.html(`<h4><span class="badge badge-default">${state[side]}</span></h4>`);
  }
}

function shiftDates($: CheerioAPI, dayDelta: number): string {
  $('a[href]').each((_, element) => {
    const href = $(element).attr('href') ?? '';
    $(element).attr('href', shiftMatchPathDate(href, dayDelta));
  });
  return $.html();
}

export interface DemoSite {
  /** The four listing pages, keyed by upstream path. */
  listings: Record<string, string>;
  /** One page per listed match, keyed by its path (the listing row's href). */
  matchPages: Record<string, string>;
  /** One page per competition of the listings ("/<slug>"), its table counting the finished matches. */
  competitionPages: Record<string, string>;
  /** Both team pages ("/time/<slug>/proximos-jogos", "/ultimos-jogos") of every team of the listings. */
  teamPages: Record<string, string>;
}

/** The four listing pages of the demo upstream at `now`, keyed by upstream path. */
export function simulatePages(input: SimulationInput): Record<string, string> {
  return simulate(input, null).listings;
}

/** The demo upstream's listings and match pages at `now` (match pages in `layout`, default mixed). */
export function simulateSite(input: SimulationInput & { matchPages?: MatchPagesLayout }): DemoSite {
  return simulate(input, input.matchPages ?? 'mixed');
}

function simulate(
  { fixturePages, seed, startedAt, now, speed = 1 }: SimulationInput,
  matchPagesLayout: MatchPagesLayout | null,
): DemoSite {
  const today = cheerio.load(pageOf(fixturePages, LISTING_PATHS.hoje));
  const live = cheerio.load(pageOf(fixturePages, LISTING_PATHS.live));
  const tomorrow = cheerio.load(pageOf(fixturePages, LISTING_PATHS.amanha));
  const yesterday = cheerio.load(pageOf(fixturePages, LISTING_PATHS.ontem));
  const matchPaths = today(MATCH_ANCHOR)
    .map((_, element) => today(element).attr('href') ?? '')
    .get();
  const dayDelta = daysBetween(findFixtureDay(matchPaths) ?? saoPauloDate(now), saoPauloDate(now));

  const elapsedMinutes = (Math.max(0, now.getTime() - startedAt.getTime()) / 60_000) * speed;
  const matches = new Map<string, SimulatedMatch>();
  for (const [key, plan] of planTodayMatches(today, seed, startedAt)) {
    matches.set(key, { plan, state: buildMatchState(plan, seed, elapsedMinutes) });
  }
  today(MATCH_ANCHOR).each((_, element) => {
    const match = matches.get(today(element).attr('href') ?? '');
    if (match) writeState(today, today(element), match);
  });
  const isPlaying = (matchPath: string): boolean => {
    const phase = matches.get(matchPath)?.state.phase;
    return phase === 'firstHalf' || phase === 'halfTime' || phase === 'secondHalf';
  };
  fillLivePage(live, today, isPlaying);

  // Before the dates move: the stories are keyed by the recorded hrefs, the same on any day.
  const matchPages = matchPagesLayout
    ? writeMatchPages({
        rows: [today, tomorrow, yesterday].flatMap((page) => readListedRows(page)),
        plans: new Map([...matches].map(([key, match]) => [key, match.plan])),
        seed,
        elapsedMinutes,
        layout: matchPagesLayout,
        pathOf: (href) => shiftMatchPathDate(href, dayDelta),
        kickoffClock: (plan) =>
          formatSaoPauloClock(new Date(startedAt.getTime() + (plan.kickoffOffset / speed) * 60_000)).slice(0, 5),
        playedBound: { day: saoPauloDate(startedAt), startMinute: minutesOfDay(startedAt) },
      })
    : {};
  const listings = {
    [LISTING_PATHS.live]: shiftDates(live, dayDelta),
    [LISTING_PATHS.hoje]: shiftDates(today, dayDelta),
    [LISTING_PATHS.amanha]: shiftDates(tomorrow, dayDelta),
    [LISTING_PATHS.ontem]: shiftDates(yesterday, dayDelta),
  };
  const competitionPages = matchPagesLayout
    ? writeCompetitionPages(
        [today, tomorrow, yesterday].flatMap((page) => readListedRows(page)),
        seed,
      )
    : {};
  const teamPages = matchPagesLayout
    ? writeTeamPages([live, today, tomorrow, yesterday].flatMap((page) => readListedRows(page)))
    : {};
  return { listings, matchPages, competitionPages, teamPages };
}
