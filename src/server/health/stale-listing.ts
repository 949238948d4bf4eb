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
import type { ServedHead } from '../../lib/store/builds/build-loaded.ts';
import type { StaticEntry } from '../site/static-site.ts';

// The event feed has generatedAt and stale too, by the last scrape its events were compared on.
const LISTING_ROUTES = new Set(['/api/live', '/api/hoje', '/api/amanha', '/api/ontem', '/api/eventos']);

/** The served head, in the bytes of every listing and feed Placar writes (its key order). */
const FRESH_HEAD = Buffer.from(',"stale":false,"count":');
const STALE_HEAD = ',"stale":true,"count":';

/** The file's bytes saying `stale: true`: its head rewritten, the rest (a feed's lines) as it is. */
function staleBytes(identity: Buffer): Buffer {
  const at = identity.indexOf(FRESH_HEAD);
  // Strings in JSON escape their quotes: the first match is the head's own field.
  if (at >= 0)
    return Buffer.concat([
      identity.subarray(0, at),
      Buffer.from(STALE_HEAD),
      identity.subarray(at + FRESH_HEAD.length),
    ]);
  const body = JSON.parse(identity.toString('utf8')) as Record<string, unknown>;
  return Buffer.from(JSON.stringify({ ...body, stale: true }));
}

// Entries are immutable for the life of a build, so each one's copy is made at most once.
const staleCopies = new WeakMap<StaticEntry, StaticEntry>();

function buildStaleCopy(entry: StaticEntry, head: ServedHead, refreshIntervalSeconds: number): StaticEntry {
  const identity = staleBytes(entry.identity);
  // The instant it became stale: a stable Last-Modified for the copy.
  const staleSince = Date.parse(head.generatedAt ?? '') + STALE_AFTER_INTERVALS * refreshIntervalSeconds * 1000;
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
  /** What a listing or the feed of the build says of itself (build-loaded.ts's servedHeadOf), null for other routes. */
  head(route: string): ServedHead | null;
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
    const head = build.head(route);
    if (!head || head.stale || nowMs <= staleAfterMs(head.generatedAt, listingInterval)) return entry;
    let copy = staleCopies.get(entry);
    if (!copy) {
      copy = buildStaleCopy(entry, head, listingInterval);
      staleCopies.set(entry, copy);
    }
    return copy;
  };
}

/**
 * The entry to serve for `route`: the built one, or its `stale: true` copy once builds stopped and
 * the data is too old.
 */
export function selectListingEntry(route: string, entry: StaticEntry, build: ServedBuild, now: Date): StaticEntry {
  return createListingSelector(build)(route, entry, now.getTime());
}
