/**
 * /api/busca's answer to one request over one snapshot: validation, search, content-hash ETag,
 * 304, and br/gzip for larger bodies. Who calls it (docs/ARCHITECTURE.md, "/api/busca"):
 * `npm start`'s server (src/server/search-handler.ts, over the snapshot it prepared with the
 * index built), and under `astro dev` the page's endpoint (src/pages/api/_search-endpoint.ts,
 * over the snapshot on disk). CORS and security headers are the server's.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fresh from 'fresh';
import { LISTING_NAMES, type Problem, type Snapshot } from '../model/model.ts';
import { isListingStale, listingIntervalSeconds, type ListingIntervals } from '../model/staleness.ts';
import { searchSnapshot } from '../search/search.ts';
import { chooseContentCoding } from './content-coding.ts';
import { buildContentHash, buildEtag } from './etag.ts';
import { SEARCH_CACHE_CONTROL } from './headers-policy.ts';
import { parseSearchQuery } from './search-query.ts';

/** Below this size compression costs more than it saves. */
const COMPRESS_MIN_BYTES = 1024;

function encode(body: Buffer, coding: 'br' | 'gzip' | 'identity'): Buffer {
  if (coding === 'br') return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  if (coding === 'gzip') return gzipSync(body, { level: 6 });
  return body;
}

/** What answerSearch reads of a request. */
export interface SearchRequest {
  pathname: string;
  /** The query string, "?q=…" (or ""). */
  search: string;
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
  ifModifiedSince: string | undefined;
  cacheControl: string | undefined;
}

/** What the answer depends on beyond the request (the configuration has these). */
export interface SearchSettings extends ListingIntervals {
  upstreamUrl: string;
}

export type SearchAnswer =
  | { problem: Problem }
  | { problem: null; status: 200 | 304; headers: Record<string, string>; body: Buffer | null };

export function answerSearch(
  request: SearchRequest,
  reading: { snapshot: Snapshot; modifiedAt: Date },
  settings: SearchSettings,
): SearchAnswer {
  const query = parseSearchQuery(request.search, request.pathname);
  if (!query.ok) return { problem: query.problem };
  const { snapshot, modifiedAt } = reading;
  const envelope = searchSnapshot(snapshot, query.q, settings.upstreamUrl);
  // The snapshot's flags are as new as its last write: once scrapes stopped writing it (a full
  // disk, refreshes stuck) for 3 intervals, the listings' age decides instead.
  const now = new Date();
  if (isListingStale(modifiedAt.toISOString(), now, settings.refreshIntervalSeconds)) {
    envelope.stale ||= LISTING_NAMES.some((listing) =>
      isListingStale(snapshot[listing].generatedAt, now, listingIntervalSeconds(listing, settings)),
    );
  }
  const body = Buffer.from(JSON.stringify(envelope));
  const available = body.length >= COMPRESS_MIN_BYTES ? (['br', 'gzip', 'identity'] as const) : (['identity'] as const);
  const coding = chooseContentCoding(request.acceptEncoding, available) ?? 'identity';
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': SEARCH_CACHE_CONTROL,
    ETag: buildEtag(buildContentHash(body), coding),
    'Last-Modified': modifiedAt.toUTCString(),
    Vary: 'Accept-Encoding',
  };
  const conditional = {
    'if-none-match': request.ifNoneMatch,
    'if-modified-since': request.ifModifiedSince,
    'cache-control': request.cacheControl,
  };
  if (fresh(conditional, { etag: headers.ETag, 'last-modified': headers['Last-Modified'] })) {
    return { problem: null, status: 304, headers, body: null };
  }
  if (coding !== 'identity') headers['Content-Encoding'] = coding;
  return { problem: null, status: 200, headers, body: encode(body, coding) };
}
