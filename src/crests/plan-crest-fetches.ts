/**
 * Which crests one refresh may fetch: those the snapshot shows, from the allowed origins,
 * never seen before (or failed more than a day ago), at most `limit`. Pure: the upstream's
 * load stays constant after the first sight of each team.
 */
import type { Snapshot } from '../lib/model/model.ts';
import { LISTING_NAMES } from '../lib/model/model.ts';
import type { CrestMap } from '../lib/store/crest-store.ts';
import { isAllowedCrestUrl } from './crest-origin.ts';

/** A failed crest is asked for again only after this long. */
export const CREST_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/** Where crests may come from: the upstream's origin and CREST_HOSTS (crest-origin.ts). */
export interface CrestSources {
  upstreamUrl: string;
  crestOrigins: readonly string[];
}

export function planCrestFetches(
  snapshot: Snapshot,
  known: CrestMap,
  sources: CrestSources,
  now: Date,
  limit: number,
): string[] {
  const wanted: string[] = [];
  const seen = new Set<string>();
  for (const listing of LISTING_NAMES) {
    for (const match of snapshot[listing].matches) {
      for (const crest of [match.homeTeam.crest, match.awayTeam.crest]) {
        if (crest === null || seen.has(crest)) continue;
        seen.add(crest);
        const entry = known[crest];
        const due = !entry || (entry.file === null && now.getTime() - Date.parse(entry.checkedAt) >= CREST_RETRY_AFTER_MS);
        if (due && isAllowedCrestUrl(crest, sources.upstreamUrl, sources.crestOrigins)) wanted.push(crest);
        if (wanted.length >= limit) return wanted;
      }
    }
  }
  return wanted;
}
