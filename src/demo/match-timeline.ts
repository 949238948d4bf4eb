/**
 * The life of one simulated match, as a pure function of the seed and the simulated minutes
 * elapsed since the demo started. Match time T (minutes since kickoff) runs:
 *   [0, 45+s1)          first half (s1 = first-half stoppage)
 *   [45+s1, 60+s1)      half-time break
 *   [60+s1, 105+s1+s2)  second half (s2 = second-half stoppage)
 *   then finished.
 * Goals: every completed minute of play scores with a small seeded probability.
 */
import type { FixtureStatus, LabelStyle } from './demo-status-label.ts';
import { seededInt, seededUnit } from './seeded-random.ts';

export const HALF = 45;
export const BREAK = 15;
/** About 2.7 goals per 90 minutes, the usual rate in top leagues. */
const GOAL_PROBABILITY_PER_MINUTE = 0.03;
const HOME_GOAL_SHARE = 0.55;
/** "INTERVALO" in a fixture: the break has this many minutes left when the demo starts. */
const BREAK_MINUTES_LEFT = 5;

export interface MatchPlan {
  key: string;
  /** Simulated minutes from the demo's start to kickoff (≤ 0: already playing at the start). */
  kickoffOffset: number;
  /** Match time T at which goals start being simulated; the earlier ones are in initialScore. */
  simulatedFrom: number;
  firstHalfStoppage: number;
  secondHalfStoppage: number;
  style: LabelStyle;
  initialScore: { home: number; away: number };
}

export type MatchPhase = 'scheduled' | 'firstHalf' | 'halfTime' | 'secondHalf' | 'finished';

export interface MatchState {
  phase: MatchPhase;
  /** Minute on the clock while playing (45 or 90 during stoppage), else null. */
  minute: number | null;
  injuryTime: number | null;
  home: number;
  away: number;
}

export interface PlanInput {
  key: string;
  seed: number;
  status: FixtureStatus;
  initialScore: { home: number; away: number };
  /** For a scheduled match: simulated minutes from the demo's start to its kickoff. */
  kickoffOffset?: number;
}

/** A plan for a match that is playing, at half-time or scheduled; null for any other status. */
export function planMatch({ key, seed, status, initialScore, kickoffOffset }: PlanInput): MatchPlan | null {
  let s1 = seededInt(seed, `${key}:s1`, 1, 4);
  let s2 = seededInt(seed, `${key}:s2`, 2, 6);
  let start: number;
  let style: LabelStyle = 'min';
  switch (status.kind) {
    case 'scheduled':
      return {
        key,
        kickoffOffset: kickoffOffset ?? 0,
        simulatedFrom: 0,
        firstHalfStoppage: s1,
        secondHalfStoppage: s2,
        style,
        initialScore,
      };
    case 'halfTime':
      start = HALF + s1 + BREAK - BREAK_MINUTES_LEFT;
      break;
    case 'playingWithoutMinute':
      style = 'aoVivo';
      start = seededInt(seed, `${key}:minute`, 15, 35);
      break;
    case 'playing': {
      style = status.style;
      const { minute, injuryTime } = status;
      if (minute <= HALF) {
        s1 = Math.max(s1, injuryTime + 1);
        start = minute - 1 + injuryTime;
      } else {
        const beyond = Math.max(0, minute - 2 * HALF) + injuryTime;
        s2 = Math.max(s2, beyond + 1);
        start = HALF + s1 + BREAK + (minute - HALF - 1) + injuryTime;
      }
      break;
    }
    case 'other':
      return null;
  }
  return {
    key,
    kickoffOffset: -start,
    simulatedFrom: start,
    firstHalfStoppage: s1,
    secondHalfStoppage: s2,
    style,
    initialScore,
  };
}

/** Match time at which the second half ends (stoppage included): the match is over from here. */
export function matchDuration(plan: Pick<MatchPlan, 'firstHalfStoppage' | 'secondHalfStoppage'>): number {
  return 2 * HALF + BREAK + plan.firstHalfStoppage + plan.secondHalfStoppage;
}

/** The phase and the clock ("23'", "45+2'") at match time `t`. */
export function phaseAt(
  plan: Pick<MatchPlan, 'firstHalfStoppage' | 'secondHalfStoppage'>,
  t: number,
): Omit<MatchState, 'home' | 'away'> {
  const firstEnd = HALF + plan.firstHalfStoppage;
  const secondStart = firstEnd + BREAK;
  const secondEnd = secondStart + HALF + plan.secondHalfStoppage;
  if (t < 0) return { phase: 'scheduled', minute: null, injuryTime: null };
  if (t < firstEnd) {
    const clock = Math.floor(t) + 1;
    return clock > HALF
      ? { phase: 'firstHalf', minute: HALF, injuryTime: clock - HALF }
      : { phase: 'firstHalf', minute: clock, injuryTime: null };
  }
  if (t < secondStart) return { phase: 'halfTime', minute: null, injuryTime: null };
  if (t < secondEnd) {
    const clock = HALF + 1 + Math.floor(t - secondStart);
    return clock > 2 * HALF
      ? { phase: 'secondHalf', minute: 2 * HALF, injuryTime: clock - 2 * HALF }
      : { phase: 'secondHalf', minute: clock, injuryTime: null };
  }
  return { phase: 'finished', minute: null, injuryTime: null };
}

/** Whether the ball is in play during minute `i` of match time (not the break, not before or after). */
export function isInPlay(plan: Pick<MatchPlan, 'firstHalfStoppage' | 'secondHalfStoppage'>, i: number): boolean {
  const phase = phaseAt(plan, i).phase;
  return phase === 'firstHalf' || phase === 'secondHalf';
}

export interface SimulatedGoal {
  /** The minute of match time it was scored in (it counts once that minute is over). */
  at: number;
  side: 'home' | 'away';
}

/**
 * The goals simulated from `plan.simulatedFrom` up to match time `t` (the ones before are in
 * initialScore): the score's own source, so a match page's scorers agree with the listing.
 */
export function simulatedGoals(plan: MatchPlan, seed: number, t: number): SimulatedGoal[] {
  const goals: SimulatedGoal[] = [];
  // Goals come from completed minutes of play (minute i spans [i, i+1)), never from the break.
  const end = Math.min(Math.floor(t), matchDuration(plan));
  for (let i = Math.ceil(plan.simulatedFrom); i + 1 <= end; i++) {
    if (!isInPlay(plan, i)) continue;
    if (seededUnit(seed, `${plan.key}:goal:${i}`) >= GOAL_PROBABILITY_PER_MINUTE) continue;
    goals.push({ at: i, side: seededUnit(seed, `${plan.key}:side:${i}`) < HOME_GOAL_SHARE ? 'home' : 'away' });
  }
  return goals;
}

/** The match's state after `elapsedMinutes` simulated minutes of demo. */
export function buildMatchState(plan: MatchPlan, seed: number, elapsedMinutes: number): MatchState {
  const t = elapsedMinutes - plan.kickoffOffset;
  const clock = phaseAt(plan, t);
  let { home, away } = plan.initialScore;
  if (clock.phase === 'scheduled') return { ...clock, home, away };
  for (const goal of simulatedGoals(plan, seed, t)) {
    if (goal.side === 'home') home++;
    else away++;
  }
  return { ...clock, home, away };
}

/**
 * A match the recorded listing shows already over (or stopped), `score` its last score: played
 * in full before the demo started, its goals all in initialScore (nothing left to simulate).
 * For a suspended match, `stoppedAt` is the seeded minute of match time play stopped at.
 */
export function planPlayedMatch(
  key: string,
  seed: number,
  score: { home: number; away: number },
  suspended = false,
): { plan: MatchPlan; stoppedAt: number | undefined } {
  const timing = {
    firstHalfStoppage: seededInt(seed, `${key}:s1`, 1, 4),
    secondHalfStoppage: seededInt(seed, `${key}:s2`, 2, 6),
  };
  const duration = matchDuration(timing);
  const stoppedAt = suspended
    ? seededInt(seed, `${key}:stopped`, 20, HALF + timing.firstHalfStoppage + BREAK + 25)
    : undefined;
  const plan: MatchPlan = {
    key,
    // Long over when the demo starts: its page shows the whole story from the first render.
    kickoffOffset: -(duration + 60),
    simulatedFrom: duration,
    ...timing,
    style: 'min',
    initialScore: score,
  };
  return { plan, stoppedAt };
}
