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

const HALF = 45;
const BREAK = 15;
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

function phaseAt(plan: MatchPlan, t: number): Omit<MatchState, 'home' | 'away'> {
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

/** The match's state after `elapsedMinutes` simulated minutes of demo. */
export function buildMatchState(plan: MatchPlan, seed: number, elapsedMinutes: number): MatchState {
  const t = elapsedMinutes - plan.kickoffOffset;
  const clock = phaseAt(plan, t);
  let { home, away } = plan.initialScore;
  if (clock.phase === 'scheduled') return { ...clock, home, away };
  // Goals come from completed minutes of play (minute i spans [i, i+1)), never from the break.
  const end = Math.min(Math.floor(t), 2 * HALF + BREAK + plan.firstHalfStoppage + plan.secondHalfStoppage);
  for (let i = Math.ceil(plan.simulatedFrom); i + 1 <= end; i++) {
    const phase = phaseAt(plan, i).phase;
    if (phase !== 'firstHalf' && phase !== 'secondHalf') continue;
    if (seededUnit(seed, `${plan.key}:goal:${i}`) >= GOAL_PROBABILITY_PER_MINUTE) continue;
    if (seededUnit(seed, `${plan.key}:side:${i}`) < HOME_GOAL_SHARE) home++;
    else away++;
  }
  return { ...clock, home, away };
}
