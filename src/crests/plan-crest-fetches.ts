/**
 * Which crests one refresh may fetch: those the snapshot shows, from the allowed origins,
 * never seen before (or failed more than a day ago), at most `limit`, most wanted first (see
 * crestPriority). Pure: the upstream's load stays constant after the first sight of each team.
 */
import type { ListingName, Match, Snapshot } from '../lib/model/model.ts';
import { LISTING_NAMES } from '../lib/model/model.ts';
import type { CrestMap } from '../lib/store/scraped/crest-store.ts';
import { isAllowedCrestUrl } from './crest-origin.ts';

/** A failed crest is asked for again only after this long. */
export const CREST_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/** Where crests may come from: the upstream's origin and CREST_HOSTS (crest-origin.ts). */
export interface CrestSources {
  upstreamUrl: string;
  crestOrigins: readonly string[];
}

/**
 * A cold start sees hundreds of new teams and fetches `limit` crests a refresh, so the order
 * decides what a fan sees first: matches being played (0), today's next kick-offs (1), the rest
 * of today (2), tomorrow (3), yesterday (4).
 */
export function crestPriority(listing: ListingName, match: Match): number {
  if (listing === 'live' || match.status === 'IN_PLAY' || match.status === 'PAUSED') return 0;
  if (listing === 'hoje') return match.status === 'SCHEDULED' ? 1 : 2;
  return listing === 'amanha' ? 3 : 4;
}

/** The snapshot's matches, most wanted crests first; within a priority, sooner kick-off, then page order. */
function matchesByPriority(snapshot: Snapshot): Match[] {
  const ranked: { match: Match; priority: number; kickoffAt: number; order: number }[] = [];
  for (const listing of LISTING_NAMES) {
    for (const match of snapshot[listing].matches) {
      const kickoffAt = match.kickoff === null ? Number.POSITIVE_INFINITY : Date.parse(match.kickoff);
      ranked.push({ match, priority: crestPriority(listing, match), kickoffAt, order: ranked.length });
    }
  }
  ranked.sort((x, y) => x.priority - y.priority || x.kickoffAt - y.kickoffAt || x.order - y.order);
  return ranked.map((entry) => entry.match);
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
  for (const match of matchesByPriority(snapshot)) {
    for (const crest of [match.homeTeam.crestSource, match.awayTeam.crestSource]) {
      if (crest === null || seen.has(crest)) continue;
      seen.add(crest);
      const entry = known[crest];
      const due =
        !entry || (entry.file === null && now.getTime() - Date.parse(entry.checkedAt) >= CREST_RETRY_AFTER_MS);
      if (due && isAllowedCrestUrl(crest, sources.upstreamUrl, sources.crestOrigins)) wanted.push(crest);
      if (wanted.length >= limit) return wanted;
    }
  }
  return wanted;
}
