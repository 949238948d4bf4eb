/**
 * The pre-built /api/live, /api/hoje, /api/amanha and /api/ontem say `stale` as of their build. When no
 * build gets published for a while (disk full, a build failing every time, refreshes stuck),
 * that flag would stay false while the data ages, and a match would show "IN_PLAY" silently.
 * So once the served build itself is older than the staleness threshold (builds stopped), the
 * server checks each listing's age at request time and, past the threshold, serves a copy
 * that says `stale: true` (made once per build and listing, with its own ETag and compressed
 * variants). While builds keep coming, their own flag is the truth.
 */
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { buildContentHash } from '../../lib/api/etag.ts';
import { STALE_AFTER_INTERVALS, listingIntervalSeconds, staleAfterMs } from '../../lib/model/staleness.ts';
import type { StaticEntry } from '../site/static-site.ts';

// The event feed has generatedAt and stale too, by the last scrape its events were compared on.
const LISTING_ROUTES = new Set(['/api/live', '/api/hoje', '/api/amanha', '/api/ontem', '/api/eventos']);

interface CheckedListing {
  generatedAt: string | null;
  staleInFile: boolean;
  staleCopy: StaticEntry | null;
}

// Entries are immutable for the life of a build, so each is parsed at most once.
const checked = new WeakMap<StaticEntry, CheckedListing>();

function checkListing(entry: StaticEntry): CheckedListing {
  let result = checked.get(entry);
  if (!result) {
    let body: { generatedAt?: unknown; stale?: unknown } = {};
    try {
      body = JSON.parse(entry.identity.toString('utf8')) as typeof body;
    } catch {
      // Not a listing body we wrote: leave it as it is (staleInFile below).
    }
    const generatedAt = typeof body.generatedAt === 'string' ? body.generatedAt : null;
    result = { generatedAt, staleInFile: body.stale !== false, staleCopy: null };
    checked.set(entry, result);
  }
  return result;
}

/** What a served listing file says of itself: when its data was fetched and whether it was stale then. */
export function readServedListing(entry: StaticEntry): { generatedAt: string | null; stale: boolean } {
  const { generatedAt, staleInFile } = checkListing(entry);
  return { generatedAt, stale: staleInFile };
}

function buildStaleCopy(entry: StaticEntry, listing: CheckedListing, refreshIntervalSeconds: number): StaticEntry {
  const body = JSON.parse(entry.identity.toString('utf8')) as Record<string, unknown>;
  const identity = Buffer.from(JSON.stringify({ ...body, stale: true }));
  // The instant it became stale: a stable Last-Modified for the copy.
  const staleSince = Date.parse(listing.generatedAt ?? '') + STALE_AFTER_INTERVALS * refreshIntervalSeconds * 1000;
  return {
    file: {
      ...entry.file,
      hash: buildContentHash(identity),
      size: identity.length,
      lastModified: Number.isNaN(staleSince) ? entry.file.lastModified : new Date(staleSince).toUTCString(),
    },
    identity,
    br: entry.br ? brotliCompressSync(identity) : null,
    gzip: entry.gzip ? gzipSync(identity) : null,
  };
}

export interface ServedBuild {
  /** builtAt of the build the entry belongs to (ISO 8601). */
  builtAt: string;
  refreshIntervalSeconds: number;
  /** /api/ontem is fetched on its own, longer rhythm (YESTERDAY_REFRESH_SECONDS): its data may be that old. */
  yesterdayRefreshSeconds?: number;
}

/** The entry to serve for a route at `nowMs`: the built one, or its `stale: true` copy. */
export type ListingSelector = (route: string, entry: StaticEntry, nowMs: number) => StaticEntry;

/** One build's selector: the build's own age, read once, decides whether a listing's is looked at. */
export function createListingSelector(build: ServedBuild): ListingSelector {
  const buildStaleAfter = staleAfterMs(build.builtAt, build.refreshIntervalSeconds);
  const intervals = {
    refreshIntervalSeconds: build.refreshIntervalSeconds,
    yesterdayRefreshSeconds: build.yesterdayRefreshSeconds ?? 0,
  };
  return (route, entry, nowMs) => {
    if (!LISTING_ROUTES.has(route) || nowMs <= buildStaleAfter) return entry;
    const listingInterval = listingIntervalSeconds(route === '/api/ontem' ? 'ontem' : 'hoje', intervals);
    const listing = checkListing(entry);
    if (listing.staleInFile || nowMs <= staleAfterMs(listing.generatedAt, listingInterval)) return entry;
    listing.staleCopy ??= buildStaleCopy(entry, listing, listingInterval);
    return listing.staleCopy;
  };
}

/**
 * The entry to serve for `route`: the built one, or its `stale: true` copy once builds stopped and
 * the data is too old.
 */
export function selectListingEntry(route: string, entry: StaticEntry, build: ServedBuild, now: Date): StaticEntry {
  return createListingSelector(build)(route, entry, now.getTime());
}
