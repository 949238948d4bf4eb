/**
 * What a refresh hands the server when it publishes a build: one value. In the refreshing process it is passed by a
 * call; a server whose refresh ran elsewhere (a cluster worker, `npm run refresh` beside `REFRESH_CRON=off`, a
 * start-up) makes it once from the build's files (src/server/site/read-build-loaded.ts), which stay the contract
 * between processes and with the bucket.
 */
import { TIMEZONE, type EventFeed, type ListEnvelope, type ListingName, type Snapshot } from '../../model/model.ts';
import type { SiteManifest } from './site-manifest.ts';

export interface BuildLoaded {
  buildId: string;
  /** The build's files, one line each (site-manifest.json). */
  manifest: SiteManifest;
  /**
   * The listings the build serves (/api/live, /api/hoje, …: each one's envelope as its file says it, generatedAt and
   * stale among its fields): the snapshot the build was rendered from, whose matches the filters, the event
   * streams and /api/busca read.
   */
  snapshot: Snapshot;
  /** /api/eventos as the build serves it (the new events among its kept ones); null when the build has none. */
  feed: EventFeed | null;
}

/** When a served listing's or the feed's data was fetched, and whether it was stale then. */
export interface ServedHead {
  generatedAt: string | null;
  stale: boolean;
}

export const EVENT_FEED_FILE = 'api/eventos';

/** The file a listing is served from (`api/live`, …). */
export const listingFile = (listing: ListingName): string => `api/${listing}`;

/** A listing the build has no readable file of: never fetched, so stale. */
export function missingListing(): ListEnvelope {
  return { generatedAt: null, timezone: TIMEZONE, source: '', stale: true, count: 0, matches: [] };
}

/** The head of the listing or feed served at `route` (`/api/live`, `/api/eventos`, …); null for any other route. */
export function servedHeadOf(build: BuildLoaded, route: string): ServedHead | null {
  if (route === `/${EVENT_FEED_FILE}`) {
    const feed = build.feed;
    return feed ? { generatedAt: feed.generatedAt, stale: feed.stale } : null;
  }
  const listing = route.startsWith('/api/') ? route.slice('/api/'.length) : '';
  if (!Object.hasOwn(build.snapshot, listing)) return null;
  const { generatedAt, stale } = build.snapshot[listing as ListingName];
  return { generatedAt, stale };
}
