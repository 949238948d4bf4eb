/**
 * Moves the recorded fixture pages to the demo's day: match paths carry the date
 * ("/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html"), which the parser takes as
 * authoritative, and today's kickoff times ("HOJE 21:30") are re-planned after the demo's start.
 */
import { formatSaoPauloClock } from '../lib/model/time.ts';

const PATH_DATE = /(^|\/)(\d{2})-(\d{2})-(\d{4})(?=-)/;
const DAY_MS = 86_400_000;
const LAST_KICKOFF_MINUTE = 23 * 60 + 45;

/** "21-11-2026" in a match path → "2026-11-21"; null when the path carries no date. */
export function parseMatchPathDate(matchPath: string): string | null {
  const match = PATH_DATE.exec(matchPath);
  return match ? `${match[4]}-${match[3]}-${match[2]}` : null;
}

/** The day most match paths of a listing carry: the day the fixture page was recorded. */
export function findFixtureDay(matchPaths: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const matchPath of matchPaths) {
    const day = parseMatchPathDate(matchPath);
    if (day) counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [day, count] of counts) if (best === null || count > (counts.get(best) ?? 0)) best = day;
  return best;
}

/** Whole days from one ISO date to another. */
export function daysBetween(fromIsoDate: string, toIsoDate: string): number {
  return Math.round((Date.parse(`${toIsoDate}T00:00:00Z`) - Date.parse(`${fromIsoDate}T00:00:00Z`)) / DAY_MS);
}

/** The match path with its date moved by `dayDelta` days. */
export function shiftMatchPathDate(matchPath: string, dayDelta: number): string {
  const day = parseMatchPathDate(matchPath);
  if (day === null || dayDelta === 0) return matchPath;
  const shifted = new Date(Date.parse(`${day}T00:00:00Z`) + dayDelta * DAY_MS);
  const dd = String(shifted.getUTCDate()).padStart(2, '0');
  const mm = String(shifted.getUTCMonth() + 1).padStart(2, '0');
  return matchPath.replace(PATH_DATE, `$1${dd}-${mm}-${shifted.getUTCFullYear()}`);
}

export interface PlannedKickoff {
  /** São Paulo wall-clock time, "hh:mm". */
  time: string;
  /** Minutes from the demo's start to this kickoff (negative only when clamped late at night). */
  offsetMinutes: number;
}

/**
 * Kickoffs for today's `count` scheduled matches: the first one 15–30 minutes after the start
 * (on a quarter hour), then one every 30 minutes, never after 23:45 — so the demo always has a
 * match about to start, whatever the time of day.
 */
export function planTodayKickoffs(count: number, startedAt: Date): PlannedKickoff[] {
  const [hours = 0, minutes = 0, seconds = 0] = formatSaoPauloClock(startedAt).split(':').map(Number);
  const startMinute = hours * 60 + minutes + seconds / 60;
  const first = Math.ceil((startMinute + 15) / 15) * 15;
  return Array.from({ length: count }, (_, i) => {
    const minute = Math.min(first + 30 * i, LAST_KICKOFF_MINUTE);
    const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    return { time, offsetMinutes: minute - startMinute };
  });
}
