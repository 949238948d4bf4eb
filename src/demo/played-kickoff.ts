/**
 * The kick-off a demo match page shows for a match its listing shows already played and the demo
 * does not play itself (yesterday's, today's over before the demo started): the upstream's page of
 * such a match keeps its date line with the time ("21/11/2026 às 16:00"), so the demo's does too.
 * Seeded on a usual slot; on the demo's first day never later than its start less a match's
 * length, so a match over before the start began before it. Pure.
 */
import { seededInt } from './seeded-random.ts';

/** Usual kick-off slots, minutes after midnight (11:00 … 21:30). */
const SLOTS = [660, 810, 960, 1050, 1110, 1140, 1200, 1290];
/** Kick-off to full time, half time and stoppages included. */
const PLAYED_MINUTES = 115;

/** The latest kick-off a played match may have on `day` (YYYY-MM-DD): the demo's start less a match. */
export interface PlayedKickoffBound {
  day: string;
  /** Minutes after midnight of the demo's start (São Paulo). */
  startMinute: number;
}

/** "16:00": the kick-off of the played match at `key` on `day`. */
export function playedKickoffClock(seed: number, key: string, day: string, bound: PlayedKickoffBound | null): string {
  const latest = bound?.day === day ? bound.startMinute - PLAYED_MINUTES : Number.POSITIVE_INFINITY;
  const fitting = SLOTS.filter((slot) => slot <= latest);
  // Before the first slot of the day: the quarter hour before the bound, never before midnight.
  const minute =
    fitting[seededInt(seed, `${key}:kickoff`, 0, fitting.length - 1)] ?? Math.max(0, Math.floor(latest / 15) * 15);
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}
