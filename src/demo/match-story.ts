/**
 * The whole story of one simulated match, as its own page tells it at an instant: scorers,
 * cards, substitutions, lineups, statistics, venue and referee. Pure and deterministic: the
 * story of the whole match is drawn from the seed once (minute by minute: substitutions, cards,
 * goals, who is on the pitch), and the page at match time `t` shows the minutes already over —
 * so a page never contradicts an earlier one. The goals are the timeline's own (the listing's
 * score): the initial score's goals placed before the demo started, then simulatedGoals.
 */
import type { Card, Goal, LineupPlayer, MatchDetail, Statistic, Substitution, TeamSide } from '../lib/model/model.ts';
import { isInPlay, matchDuration, phaseAt, simulatedGoals, type MatchPlan } from './match-timeline.ts';
import { seededInt, seededUnit } from './seeded-random.ts';
import { demoBroadcasts } from './demo-broadcasts.ts';
import { refereeName, squadOf, venueName, type Position, type SquadPlayer } from './squads.ts';

export interface StoryInput {
  plan: MatchPlan;
  seed: number;
  /** Match time shown: minutes since kick-off (negative before it). */
  t: number;
  /** Keys of the teams (their slugs): a team has the same squad and ground in every match. */
  homeKey: string;
  awayKey: string;
  /** Match time at which play stopped for good (a suspended match). */
  stoppedAt?: number;
  /** The page's round line ("Rodada 12"); none when absent. */
  round?: string | null;
}

export interface MatchStory {
  detail: MatchDetail;
  /** The benches, as the page lists them under "Reservas" (not part of the detail); null with no lineups. */
  bench: { home: LineupPlayer[]; away: LineupPlayer[] } | null;
}

/** Lineups are out this long before kick-off. */
export const LINEUP_NOTICE_MINUTES = 60;
/** About 4.5 cards, 0.1 straight reds and 0.5 goals taken back per match. */
const CARD_PER_MINUTE = 0.048;
const STRAIGHT_RED_PER_MINUTE = 0.0012;
const CANCELLED_GOAL_PER_MINUTE = 0.005;
/** Of the cards shown once somebody is booked: about 0.15 second yellows per match. */
const SECOND_YELLOW_SHARE = 0.06;
const OWN_GOAL_SHARE = 0.05;
const PENALTY_SHARE = 0.1;

type Side = 'home' | 'away';
const TEAM: Readonly<Record<Side, TeamSide>> = { home: 'HOME', away: 'AWAY' };
const other = (side: Side): Side => (side === 'home' ? 'away' : 'home');

const SCORING_WEIGHT: Readonly<Record<Position, number>> = { GK: 0, DF: 1, MF: 3, FW: 6 };
const OWN_GOAL_WEIGHT: Readonly<Record<Position, number>> = { GK: 1, DF: 6, MF: 2, FW: 1 };
const CARD_WEIGHT: Readonly<Record<Position, number>> = { GK: 0.3, DF: 4, MF: 4, FW: 2 };

/** An event of the whole match, before it is shown: `at` is its minute of match time. */
interface Timed<T> {
  at: number;
  value: Omit<T, 'minute' | 'injuryTime'>;
}

interface Timeline {
  goals: Timed<Goal>[];
  cards: Timed<Card>[];
  substitutions: Timed<Substitution>[];
}

/** A seeded weighted choice (null when nothing has a weight). */
function weightedPick<T>(items: readonly T[], weight: (item: T) => number, unit: number): T | null {
  const total = items.reduce((sum, item) => sum + weight(item), 0);
  if (total <= 0) return null;
  let left = unit * total;
  for (const item of items) {
    left -= weight(item);
    if (left < 0) return item;
  }
  return items.at(-1) ?? null;
}

/** The first `count` of `items` in a seeded order (Fisher–Yates, one seeded draw per swap). */
function seededSample<T>(items: readonly T[], count: number, seed: number, key: string): T[] {
  const copy = [...items];
  for (let i = 0; i < Math.min(count, copy.length); i++) {
    const j = seededInt(seed, `${key}:${i}`, i, copy.length - 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, count);
}

/** Minutes of match time in [from, to) when the ball is in play. */
function playedMinutes(plan: MatchPlan, from: number, to: number): number[] {
  const minutes: number[] = [];
  for (let i = Math.max(0, Math.ceil(from)); i < to; i++) if (isInPlay(plan, i)) minutes.push(i);
  return minutes;
}

/** Every goal that counts, with its minute: the initial score's placed before the simulation's start. */
function countedGoals(plan: MatchPlan, seed: number, end: number): { at: number; side: Side }[] {
  const { home, away } = plan.initialScore;
  const before = playedMinutes(plan, 0, Math.min(plan.simulatedFrom, end));
  const times = seededSample(before, home + away, seed, `${plan.key}:initial-goal`);
  while (times.length < home + away) times.push(before.at(-1) ?? 0);
  const sides = seededSample<Side>(
    [...Array<Side>(home).fill('home'), ...Array<Side>(away).fill('away')],
    home + away,
    seed,
    `${plan.key}:initial-side`,
  );
  const initial = times.sort((a, b) => a - b).map((at, i) => ({ at, side: sides[i] ?? 'home' }));
  return [...initial, ...simulatedGoals(plan, seed, end)];
}

/** Substitution minutes of one side: 3 to 5, after the hour (one at half-time now and then). */
function substitutionMinutes(plan: MatchPlan, seed: number, side: Side): number[] {
  const key = `${plan.key}:${side}:subs`;
  const secondHalf = playedMinutes(plan, 0, matchDuration(plan)).filter((i) => phaseAt(plan, i).phase === 'secondHalf');
  const afterHour = secondHalf.filter((i) => {
    const minute = phaseAt(plan, i).minute ?? 0;
    return minute >= 60 && minute <= 88;
  });
  const minutes = seededSample(afterHour, seededInt(seed, `${key}:count`, 3, 5), seed, key);
  const atBreak = secondHalf[0];
  if (atBreak !== undefined && seededUnit(seed, `${key}:break`) < 0.25) minutes[0] = atBreak;
  return minutes.sort((a, b) => a - b);
}

/** The whole match drawn minute by minute, who is on the pitch deciding who can score, be booked or go off. */
function drawTimeline(input: StoryInput): Timeline {
  const { plan, seed } = input;
  const key = plan.key;
  const end = Math.min(matchDuration(plan), input.stoppedAt ?? Number.POSITIVE_INFINITY);
  const squads = { home: squadOf(seed, input.homeKey), away: squadOf(seed, input.awayKey) };
  const onPitch = { home: [...squads.home.starters], away: [...squads.away.starters] };
  const bench = { home: [...squads.home.bench], away: [...squads.away.bench] };
  const booked = { home: new Set<SquadPlayer>(), away: new Set<SquadPlayer>() };
  const subsAt = { home: substitutionMinutes(plan, seed, 'home'), away: substitutionMinutes(plan, seed, 'away') };
  const goals = countedGoals(plan, seed, end);
  const timeline: Timeline = { goals: [], cards: [], substitutions: [] };
  const leave = (side: Side, player: SquadPlayer): void => {
    onPitch[side] = onPitch[side].filter((p) => p !== player);
  };

  for (const i of playedMinutes(plan, 0, end)) {
    for (const side of ['home', 'away'] as const) {
      if (!subsAt[side].includes(i)) continue;
      // An outfield starter goes off (a substitute is not taken off again), an outfield substitute comes on.
      const out = weightedPick(
        onPitch[side],
        (p) => (p.position === 'GK' || !squads[side].starters.includes(p) ? 0 : 1),
        seededUnit(seed, `${key}:${side}:out:${i}`),
      );
      const into = weightedPick(
        bench[side],
        (p) => (p.position === 'GK' ? 0 : 1),
        seededUnit(seed, `${key}:${side}:in:${i}`),
      );
      if (!out || !into) continue;
      leave(side, out);
      bench[side] = bench[side].filter((p) => p !== into);
      onPitch[side].push(into);
      timeline.substitutions.push({ at: i, value: { team: TEAM[side], playerIn: into.name, playerOut: out.name } });
    }
    if (seededUnit(seed, `${key}:card:${i}`) < CARD_PER_MINUTE) {
      const side: Side = seededUnit(seed, `${key}:card-side:${i}`) < 0.5 ? 'home' : 'away';
      const again = [...booked[side]].filter((p) => onPitch[side].includes(p));
      // A booked player plays carefully: a second yellow is a draw of its own, now and then.
      const pickAgain = again.length > 0 && seededUnit(seed, `${key}:card-again:${i}`) < SECOND_YELLOW_SHARE;
      const player = pickAgain
        ? again[seededInt(seed, `${key}:card-again-who:${i}`, 0, again.length - 1)]
        : weightedPick(
            onPitch[side],
            (p) => (booked[side].has(p) ? 0 : CARD_WEIGHT[p.position]),
            seededUnit(seed, `${key}:card-who:${i}`),
          );
      if (player) {
        const secondYellow = booked[side].has(player);
        if (secondYellow) leave(side, player);
        else booked[side].add(player);
        const color = secondYellow ? 'RED' : 'YELLOW';
        timeline.cards.push({ at: i, value: { team: TEAM[side], player: player.name, color, secondYellow } });
      }
    }
    if (seededUnit(seed, `${key}:red:${i}`) < STRAIGHT_RED_PER_MINUTE) {
      const side: Side = seededUnit(seed, `${key}:red-side:${i}`) < 0.5 ? 'home' : 'away';
      const player = weightedPick(
        onPitch[side],
        (p) => CARD_WEIGHT[p.position],
        seededUnit(seed, `${key}:red-who:${i}`),
      );
      if (player) {
        leave(side, player);
        timeline.cards.push({
          at: i,
          value: { team: TEAM[side], player: player.name, color: 'RED', secondYellow: false },
        });
      }
    }
    const scored = goals.filter((goal) => goal.at === i).map((goal) => ({ ...goal, cancelled: false }));
    if (seededUnit(seed, `${key}:void:${i}`) < CANCELLED_GOAL_PER_MINUTE) {
      scored.push({ at: i, side: seededUnit(seed, `${key}:void-side:${i}`) < 0.5 ? 'home' : 'away', cancelled: true });
    }
    scored.forEach((goal, n) => {
      const own = !goal.cancelled && seededUnit(seed, `${key}:own:${i}:${n}`) < OWN_GOAL_SHARE;
      const from = own ? other(goal.side) : goal.side;
      const weights = own ? OWN_GOAL_WEIGHT : SCORING_WEIGHT;
      const scorer =
        weightedPick(onPitch[from], (p) => weights[p.position], seededUnit(seed, `${key}:scorer:${i}:${n}`)) ??
        squads[from].starters[10];
      if (!scorer) return;
      const penalty = !own && seededUnit(seed, `${key}:penalty:${i}:${n}`) < PENALTY_SHARE;
      const value = { team: TEAM[goal.side], player: scorer.name, ownGoal: own, penalty, cancelled: goal.cancelled };
      timeline.goals.push({ at: i, value });
    });
  }
  return timeline;
}

/** Counts per side of what happened in the minutes already played, drawn per minute. */
function statistics(plan: MatchPlan, seed: number, shownUntil: number, shown: Timeline): Statistic[] {
  const key = plan.key;
  const count = { home: 0, away: 0 };
  const tally = (name: string, perMinute: number): { home: number; away: number } => {
    const totals = { ...count };
    for (const i of playedMinutes(plan, 0, shownUntil)) {
      if (seededUnit(seed, `${key}:${name}:${i}`) >= perMinute) continue;
      totals[seededUnit(seed, `${key}:${name}-side:${i}`) < 0.5 ? 'home' : 'away']++;
    }
    return totals;
  };
  const bySide = (events: readonly { value: { team: TeamSide } }[]): { home: number; away: number } => ({
    home: events.filter((event) => event.value.team === 'HOME').length,
    away: events.filter((event) => event.value.team === 'AWAY').length,
  });
  const possession = seededInt(seed, `${key}:possession`, 38, 62);
  const attempts = bySide(shown.goals.filter((goal) => !goal.value.ownGoal));
  const saves = tally('saved', 0.035);
  const wide = tally('wide', 0.1);
  const onTarget = { home: attempts.home + saves.home, away: attempts.away + saves.away };
  const row = (label: string, values: { home: number; away: number }, suffix = ''): Statistic => ({
    label,
    home: `${values.home}${suffix}`,
    away: `${values.away}${suffix}`,
  });
  return [
    row('Posse de bola', { home: possession, away: 100 - possession }, '%'),
    row('Finalizações', { home: onTarget.home + wide.home, away: onTarget.away + wide.away }),
    row('Chutes no gol', onTarget),
    row('Escanteios', tally('corner', 0.055)),
    row('Faltas', tally('foul', 0.14)),
    row('Impedimentos', tally('offside', 0.02)),
    row('Cartões amarelos', bySide(shown.cards.filter((card) => card.value.color === 'YELLOW'))),
    row('Cartões vermelhos', bySide(shown.cards.filter((card) => card.value.color === 'RED'))),
  ];
}

/** Shown events with their clock ("45+2'"), in match order (their minutes of match time are in clock order). */
function withClock<T>(plan: MatchPlan, events: readonly Timed<T>[]): T[] {
  return events.map(({ at, value }) => {
    const clock = phaseAt(plan, at);
    return { ...value, minute: clock.minute ?? 0, injuryTime: clock.injuryTime } as T;
  });
}

export function buildMatchStory(input: StoryInput): MatchStory {
  const { plan, seed, t } = input;
  const venue = venueName(seed, input.homeKey);
  const referee = refereeName(seed, plan.key);
  const round = input.round ?? null;
  const broadcasts = demoBroadcasts(seed, plan.key);
  const lineupsOut = t >= -LINEUP_NOTICE_MINUTES;
  const squads = lineupsOut ? { home: squadOf(seed, input.homeKey), away: squadOf(seed, input.awayKey) } : null;
  const asLineup = (players: readonly SquadPlayer[]): LineupPlayer[] =>
    players.map(({ name, number }) => ({ name, number }));
  const lineups = squads ? { home: asLineup(squads.home.starters), away: asLineup(squads.away.starters) } : null;
  const bench = squads ? { home: asLineup(squads.home.bench), away: asLineup(squads.away.bench) } : null;
  // The minutes already over (the one being played is not): what the page can tell.
  const shownUntil = Math.min(Math.floor(t), input.stoppedAt ?? Number.POSITIVE_INFINITY);
  if (shownUntil < 1) {
    return {
      detail: { venue, referee, round, goals: [], cards: [], substitutions: [], lineups, statistics: [], broadcasts },
      bench,
    };
  }
  const whole = drawTimeline(input);
  const isShown = (event: { at: number }): boolean => event.at + 1 <= shownUntil;
  const shown: Timeline = {
    goals: whole.goals.filter(isShown),
    cards: whole.cards.filter(isShown),
    substitutions: whole.substitutions.filter(isShown),
  };
  return {
    detail: {
      venue,
      referee,
      round,
      goals: withClock<Goal>(plan, shown.goals),
      cards: withClock<Card>(plan, shown.cards),
      substitutions: withClock<Substitution>(plan, shown.substitutions),
      lineups,
      statistics: statistics(plan, seed, shownUntil, shown),
      broadcasts,
    },
    bench,
  };
}
