/**
 * Pure: is a listing due for a request at this refresh? Every listing is, except ontem: it is
 * requested at most once per slot of YESTERDAY_REFRESH_SECONDS on the clock (hourly by default),
 * so the upstream sees one more request an hour, and the first refresh after midnight (a slot
 * boundary in São Paulo, a whole-hour offset) fetches the new yesterday. A failed attempt counts:
 * the next try is in the next slot.
 */
import type { ListingName } from '../lib/model/model.ts';
import { listingIntervalSeconds, type ListingIntervals } from '../lib/model/staleness.ts';

export function isListingDue(
  listing: ListingName,
  lastAttemptAt: string | null,
  now: Date,
  intervals: ListingIntervals,
): boolean {
  if (listing !== 'ontem' || lastAttemptAt === null) return true;
  const last = Date.parse(lastAttemptAt);
  if (Number.isNaN(last) || last > now.getTime()) return true;
  const slotMs = listingIntervalSeconds(listing, intervals) * 1000;
  return Math.floor(now.getTime() / slotMs) !== Math.floor(last / slotMs);
}
