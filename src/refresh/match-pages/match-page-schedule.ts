/**
 * Pure: which match pages a refresh asks the upstream for, in what order (docs/operations.md,
 * "Scraping etiquette"), most useful first:
 *   1. a live match whose listing row changed this refresh (score or status; also the change to
 *      full time) — read in the same refresh, so its GOAL events can name the scorer;
 *   2. every other live match whose page was last asked for 3 minutes ago or more (oldest first);
 *   3. a match that ended, once more (its page read after the end is final);
 *   4. finished matches of today and yesterday never read, once each;
 *   5. a scheduled match of today or tomorrow never read (its channels, "Onde assistir"), soonest
 *      kick-off first, those without one after;
 *   6. a scheduled match read before, once more in the last PRE_KICKOFF_MS before its kick-off
 *      (channels and lineups are often announced late), soonest first.
 * The last two take at most three quarters of a minute's budget with the reads before them
 * (planReadsToCome). A match in back-off after a failure waits for its `retryAt`; a postponed or
 * cancelled match is never asked for. How many of the plan are sent is the request budget's call.
 */
import type { Match, Status } from '../../lib/model/model.ts';
import { LIVE_DETAIL_INTERVAL_SECONDS } from '../../lib/model/staleness.ts';
import { saoPauloDate } from '../../lib/model/time.ts';
import { addDays } from '../../lib/display/match-display.ts';
import type { DetailRecord } from '../../lib/store/scraped/detail-store.ts';

export const LIVE_DETAIL_INTERVAL_MS = LIVE_DETAIL_INTERVAL_SECONDS * 1000;
/** Back-off after a failed page: 1 minute, doubled per failure in a row, at most 30 minutes. */
export const DETAIL_BACKOFF_BASE_MS = 60_000;
export const DETAIL_BACKOFF_MAX_MS = 30 * 60_000;
/** A 429 or 503 without Retry-After pauses every match-page fetch this long. */
export const DETAIL_DEFAULT_PAUSE_MS = 5 * 60_000;

/** A scheduled match read before is read once more when its kick-off is this near. */
export const PRE_KICKOFF_MS = 2 * 60 * 60_000;

const LIVE: ReadonlySet<Status> = new Set(['IN_PLAY', 'PAUSED']);
const ENDED: ReadonlySet<Status> = new Set(['FINISHED', 'SUSPENDED']);

export type DetailFetchReason = 'changed' | 'live' | 'ended' | 'backfill' | 'upcoming' | 'pre-kickoff';

export interface PlannedDetailFetch {
  match: Match;
  reason: DetailFetchReason;
}

export interface DetailPlanInput {
  /** Every match of the listings, once each, as its freshest listing shows it. */
  matches: readonly Match[];
  /** Ids whose row changed (score or status) since the last refresh. */
  changed: ReadonlySet<string>;
  records: ReadonlyMap<string, DetailRecord>;
  now: Date;
  /** DETAIL_REQUESTS_PER_MINUTE: the reads of matches to come are cut to their share of it (planReadsToCome). */
  perMinute?: number;
}

export function isLiveStatus(status: Status): boolean {
  return LIVE.has(status);
}

export function isEndedStatus(status: Status): boolean {
  return ENDED.has(status);
}

/** Has the match started (so its page may tell something)? */
export function hasStarted(status: Status): boolean {
  return LIVE.has(status) || ENDED.has(status);
}

/** The back-off after `failures` failed attempts in a row. */
export function detailBackoffMs(failures: number): number {
  return Math.min(DETAIL_BACKOFF_MAX_MS, DETAIL_BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
}

function timeOf(iso: string | null): number {
  const at = iso === null ? Number.NaN : Date.parse(iso);
  return Number.isNaN(at) ? Number.NEGATIVE_INFINITY : at;
}

/** A scheduled match of `days` (today and tomorrow): never read, or read again near its kick-off. */
function reasonToCome(
  match: Match,
  record: DetailRecord | undefined,
  nowMs: number,
  days: ReadonlySet<string>,
): DetailFetchReason | null {
  if (!days.has(match.date) || timeOf(record?.fetch.retryAt ?? null) > nowMs) return null;
  if ((record?.generatedAt ?? null) === null) return 'upcoming';
  const windowOpens = timeOf(match.kickoff) - PRE_KICKOFF_MS;
  return nowMs >= windowOpens && timeOf(record?.fetch.lastAttemptAt ?? null) < windowOpens ? 'pre-kickoff' : null;
}

function reasonFor(
  match: Match,
  record: DetailRecord | undefined,
  changed: boolean,
  nowMs: number,
): DetailFetchReason | null {
  const fetch = record?.fetch;
  if (!hasStarted(match.status) || fetch?.final === true) return null;
  if (timeOf(fetch?.retryAt ?? null) > nowMs) return null;
  if (changed) return 'changed';
  if (LIVE.has(match.status)) {
    return nowMs - timeOf(fetch?.lastAttemptAt ?? null) >= LIVE_DETAIL_INTERVAL_MS ? 'live' : null;
  }
  // Ended: once more if its page was followed (or tried) before, else once as a backfill.
  return fetch?.lastAttemptAt ? 'ended' : 'backfill';
}

const PRIORITY: Readonly<Record<DetailFetchReason, number>> = {
  changed: 0,
  live: 1,
  ended: 2,
  backfill: 3,
  upcoming: 4,
  'pre-kickoff': 5,
};
const TO_COME: ReadonlySet<DetailFetchReason> = new Set(['upcoming', 'pre-kickoff']);

/** Its place in its tier: a live match's last attempt, a match to come's kick-off (none: last). */
function dueAt(reason: DetailFetchReason, match: Match, record: DetailRecord | undefined): number {
  if (reason === 'live') return timeOf(record?.fetch.lastAttemptAt ?? null);
  if (TO_COME.has(reason)) return match.kickoff === null ? Number.POSITIVE_INFINITY : timeOf(match.kickoff);
  return 0;
}

/**
 * The reads of matches to come fill at most three quarters of a minute's budget, counting the
 * started matches' reads planned before them: the last quarter stays free for the rows that change
 * in the next refresh. When the live matches alone need the budget, none is planned.
 */
function planReadsToCome(plan: readonly PlannedDetailFetch[], perMinute: number): PlannedDetailFetch[] {
  const started = plan.filter((planned) => !TO_COME.has(planned.reason));
  const room = perMinute - Math.floor(perMinute / 4) - started.length;
  return [...started, ...plan.filter((planned) => TO_COME.has(planned.reason)).slice(0, Math.max(0, room))];
}

export function planDetailFetches({
  matches,
  changed,
  records,
  now,
  perMinute,
}: DetailPlanInput): PlannedDetailFetch[] {
  const nowMs = now.getTime();
  const today = saoPauloDate(now);
  const days = new Set([today, addDays(today, 1)]);
  const planned: (PlannedDetailFetch & { due: number; order: number })[] = [];
  matches.forEach((match, order) => {
    const record = records.get(match.id);
    const reason =
      match.status === 'SCHEDULED'
        ? reasonToCome(match, record, nowMs, days)
        : reasonFor(match, record, changed.has(match.id), nowMs);
    if (reason !== null) planned.push({ match, reason, due: dueAt(reason, match, record), order });
  });
  planned.sort((a, b) => PRIORITY[a.reason] - PRIORITY[b.reason] || a.due - b.due || a.order - b.order);
  const plan = planned.map(({ match, reason }) => ({ match, reason }));
  return perMinute === undefined ? plan : planReadsToCome(plan, perMinute);
}

/**
 * The ids whose row changed between two sightings: score or status. A match seen for the first
 * time is not a change (like the events: the first scrape raises nothing).
 */
export function findChangedRows(before: ReadonlyMap<string, Match>, after: readonly Match[]): Set<string> {
  const changed = new Set<string>();
  for (const match of after) {
    const previous = before.get(match.id);
    if (!previous) continue;
    const { score: a } = previous;
    const { score: b } = match;
    if (
      previous.status !== match.status ||
      a.home !== b.home ||
      a.away !== b.away ||
      a.penalties?.home !== b.penalties?.home ||
      a.penalties?.away !== b.penalties?.away
    )
      changed.add(match.id);
  }
  return changed;
}
