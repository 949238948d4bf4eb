/**
 * Pure: is a listing's data stale? API.md: stale when the last successful fetch is older
 * than 3 refresh intervals, or there was none. An unreadable timestamp counts as none.
 */
export const STALE_AFTER_INTERVALS = 3;

export function isListingStale(lastSuccessAt: string | null, now: Date, refreshIntervalSeconds: number): boolean {
  if (lastSuccessAt === null) return true;
  const at = Date.parse(lastSuccessAt);
  if (Number.isNaN(at)) return true;
  return now.getTime() - at > STALE_AFTER_INTERVALS * refreshIntervalSeconds * 1000;
}
