/**
 * Pure: is a listing's data stale? docs/api.md, "The stale rule": stale when the last successful fetch is older
 * than 3 refresh intervals, or there was none. An unreadable timestamp counts as none.
 */
import type { ListEnvelope, ListingName } from './model.ts';

export const STALE_AFTER_INTERVALS = 3;

export interface ListingIntervals {
  /** Seconds between two refreshes (REFRESH_CRON). */
  refreshIntervalSeconds: number;
  /** Seconds between two fetches of the yesterday listing (YESTERDAY_REFRESH_SECONDS). */
  yesterdayRefreshSeconds: number;
}

/** How often a listing is fetched: ontem on its own (hourly) rhythm, never faster than the refreshes. */
export function listingIntervalSeconds(listing: ListingName, intervals: ListingIntervals): number {
  if (listing !== 'ontem') return intervals.refreshIntervalSeconds;
  return Math.max(intervals.refreshIntervalSeconds, intervals.yesterdayRefreshSeconds);
}

/** The instant (ms) after which data last fetched at `lastSuccessAt` is stale; -Infinity when none or unreadable. */
export function staleAfterMs(lastSuccessAt: string | null, refreshIntervalSeconds: number): number {
  const at = lastSuccessAt === null ? Number.NaN : Date.parse(lastSuccessAt);
  if (Number.isNaN(at)) return Number.NEGATIVE_INFINITY;
  return at + STALE_AFTER_INTERVALS * refreshIntervalSeconds * 1000;
}

export function isListingStale(lastSuccessAt: string | null, now: Date, refreshIntervalSeconds: number): boolean {
  return now.getTime() > staleAfterMs(lastSuccessAt, refreshIntervalSeconds);
}

/**
 * The oldest successful fetch among the listings that have one: every result of a search over
 * them comes from data at least this recent. `null` only when no listing was ever fetched.
 */
export function oldestGeneratedAt(envelopes: readonly Pick<ListEnvelope, 'generatedAt'>[]): string | null {
  let oldest: string | null = null;
  for (const { generatedAt } of envelopes) {
    if (generatedAt === null) continue;
    if (oldest === null || Date.parse(generatedAt) < Date.parse(oldest)) oldest = generatedAt;
  }
  return oldest;
}

/** A live match's page is read at least this often (src/refresh/match-pages/match-page-schedule.ts). */
export const LIVE_DETAIL_INTERVAL_SECONDS = 180;

export interface DetailStaleInput {
  /** The listing row the detail is shown with is stale. */
  rowStale: boolean;
  /** The match is being played (IN_PLAY, PAUSED): its page is due every few minutes. */
  live: boolean;
  /** Last successful read of the page (null: never). */
  generatedAt: string | null;
  /** The last attempt failed (the detail shown is the last good one). */
  failing: boolean;
}

/**
 * Is a match's detail stale? Its row is; or its last attempt failed while a detail is shown; or
 * it is live and its page was not read for 3 of its intervals. A match not started (or ended,
 * with its final page read or not due yet) has nothing overdue.
 */
export function isDetailStale({ rowStale, live, generatedAt, failing }: DetailStaleInput, now: Date): boolean {
  if (rowStale) return true;
  if (failing && generatedAt !== null) return true;
  return live && isListingStale(generatedAt, now, LIVE_DETAIL_INTERVAL_SECONDS);
}
