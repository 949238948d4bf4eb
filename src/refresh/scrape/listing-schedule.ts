/**
 * Pure: is a listing due for a request at this refresh? Every listing is, except ontem: after a
 * success it is requested again only in the next slot of YESTERDAY_REFRESH_SECONDS on the clock
 * (hourly by default), so the upstream sees at most one more successful request an hour, and the
 * first refresh after midnight (a slot boundary in São Paulo, a whole-hour offset) fetches the new
 * yesterday. After a failure it is tried again with back-off — one refresh interval, then twice
 * that after each further failure, up to the slot — so a yesterday that could not be fetched at
 * start appears within minutes once the upstream answers, not an hour later.
 */
import type { ListingName } from '../../lib/model/model.ts';
import type { ListingScrapeState } from '../../lib/store/scraped/scrape-state-store.ts';
import { listingIntervalSeconds, type ListingIntervals } from '../../lib/model/staleness.ts';

export type ListingAttempts = Pick<ListingScrapeState, 'lastAttemptAt' | 'lastError' | 'failures'>;

/** The wait after `failures` failed attempts in a row: one refresh interval, doubled per further failure, up to the slot. */
function backoffMs(failures: number, refreshMs: number, slotMs: number): number {
  return Math.min(slotMs, refreshMs * 2 ** Math.min(Math.max(failures - 1, 0), 30));
}

export function isListingDue(
  listing: ListingName,
  attempts: ListingAttempts,
  now: Date,
  intervals: ListingIntervals,
): boolean {
  if (listing !== 'ontem' || attempts.lastAttemptAt === null) return true;
  const last = Date.parse(attempts.lastAttemptAt);
  if (Number.isNaN(last) || last > now.getTime()) return true;
  const slotMs = listingIntervalSeconds(listing, intervals) * 1000;
  if (Math.floor(now.getTime() / slotMs) !== Math.floor(last / slotMs)) return true;
  if (attempts.lastError === null) return false;
  const refreshMs = intervals.refreshIntervalSeconds * 1000;
  // Half a refresh of slack: the tick that ends the wait may start a moment sooner after it than the attempt did.
  return now.getTime() - last >= backoffMs(attempts.failures, refreshMs, slotMs) - refreshMs / 2;
}
