/**
 * Pure: which match pages a refresh asks the upstream for, in what order. Only matches that have
 * started (docs/operations.md, "Scraping etiquette"), most useful first:
 *   1. a live match whose listing row changed this refresh (score or status; also the change to
 *      full time) — read in the same refresh, so its GOAL events can name the scorer;
 *   2. every other live match whose page was last asked for 3 minutes ago or more (oldest first);
 *   3. a match that ended, once more (its page read after the end is final);
 *   4. finished matches of today and yesterday never read, once each, the lowest priority.
 * A match in back-off after a failure waits for its `retryAt`; a match not started is never asked
 * for. How many of the plan are sent is the request budget's call (request-budget.ts).
 */
import type { Match, Status } from '../../lib/model/model.ts';
import { LIVE_DETAIL_INTERVAL_SECONDS } from '../../lib/model/staleness.ts';
import type { DetailRecord } from '../../lib/store/scraped/detail-store.ts';

export const LIVE_DETAIL_INTERVAL_MS = LIVE_DETAIL_INTERVAL_SECONDS * 1000;
/** Back-off after a failed page: 1 minute, doubled per failure in a row, at most 30 minutes. */
export const DETAIL_BACKOFF_BASE_MS = 60_000;
export const DETAIL_BACKOFF_MAX_MS = 30 * 60_000;
/** A 429 or 503 without Retry-After pauses every match-page fetch this long. */
export const DETAIL_DEFAULT_PAUSE_MS = 5 * 60_000;

const LIVE: ReadonlySet<Status> = new Set(['IN_PLAY', 'PAUSED']);
const ENDED: ReadonlySet<Status> = new Set(['FINISHED', 'SUSPENDED']);

export type DetailFetchReason = 'changed' | 'live' | 'ended' | 'backfill';

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

const PRIORITY: Readonly<Record<DetailFetchReason, number>> = { changed: 0, live: 1, ended: 2, backfill: 3 };

export function planDetailFetches({ matches, changed, records, now }: DetailPlanInput): PlannedDetailFetch[] {
  const nowMs = now.getTime();
  const planned: (PlannedDetailFetch & { lastAttempt: number; order: number })[] = [];
  matches.forEach((match, order) => {
    const record = records.get(match.id);
    const reason = reasonFor(match, record, changed.has(match.id), nowMs);
    if (reason !== null)
      planned.push({ match, reason, lastAttempt: timeOf(record?.fetch.lastAttemptAt ?? null), order });
  });
  planned.sort(
    (a, b) =>
      PRIORITY[a.reason] - PRIORITY[b.reason] ||
      (a.reason === 'live' ? a.lastAttempt - b.lastAttempt : 0) ||
      a.order - b.order,
  );
  return planned.map(({ match, reason }) => ({ match, reason }));
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
