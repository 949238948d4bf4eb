/**
 * /api/busca's answer to one request over one snapshot: validation, search, content-hash ETag,
 * 304, and br/gzip for larger bodies. Who calls it (src/server/README.md, "/api/busca"):
 * `npm start`'s server (src/server/search/search-handler.ts, over the snapshot it prepared with the
 * index built), and under `astro dev` the page's endpoint (src/pages/api/_search-endpoint.ts,
 * over the snapshot on disk). CORS and security headers are the server's.
 */
import { LISTING_NAMES, type Problem, type Snapshot } from '../model/model.ts';
import { isListingStale, listingIntervalSeconds, type ListingIntervals } from '../model/staleness.ts';
import { searchSnapshot } from '../search/search.ts';
import { buildContentHash } from './etag.ts';
import { SEARCH_CACHE_CONTROL } from './headers-policy.ts';
import { answerJson, encodeJson, type JsonRequestHeaders } from './json-answer.ts';
import { parseSearchQuery } from './search-query.ts';

/** What answerSearch reads of a request. */
export interface SearchRequest extends JsonRequestHeaders {
  pathname: string;
  /** The query string, "?q=…" (or ""). */
  search: string;
}

/** What the answer depends on beyond the request (the configuration has these). */
export interface SearchSettings extends ListingIntervals {
  upstreamUrl: string;
}

export type SearchAnswer =
  | { problem: Problem }
  | { problem: null; status: 200 | 304; headers: Record<string, string>; body: Buffer | null };

/**
 * What a search finds, as the JSON text of its answer and the Last-Modified of the snapshot it
 * searched: the part of the answer made of the data (a cluster's primary makes it for its workers).
 */
export interface SearchBody {
  text: string;
  lastModified: string;
}

/** The found matches of `q` (already validated) in the snapshot, as the answer's JSON. */
export function findSearchBody(
  q: string,
  reading: { snapshot: Snapshot; modifiedAt: Date },
  settings: SearchSettings,
): SearchBody {
  const { snapshot, modifiedAt } = reading;
  const envelope = searchSnapshot(snapshot, q, settings.upstreamUrl);
  // The snapshot's flags are as new as its last write: once scrapes stopped writing it (a full
  // disk, refreshes stuck) for 3 intervals, the listings' age decides instead.
  const now = new Date();
  if (isListingStale(modifiedAt.toISOString(), now, settings.refreshIntervalSeconds)) {
    envelope.stale ||= LISTING_NAMES.some((listing) =>
      isListingStale(snapshot[listing].generatedAt, now, listingIntervalSeconds(listing, settings)),
    );
  }
  return { text: JSON.stringify(envelope), lastModified: modifiedAt.toUTCString() };
}

/** The HTTP answer to a request for `found`: ETag, 304, br/gzip as the request asks. */
export function answerSearchBody(
  request: JsonRequestHeaders,
  found: SearchBody,
): { status: 200 | 304; headers: Record<string, string>; body: Buffer | null } {
  const body = Buffer.from(found.text);
  const prepared = {
    identity: body,
    hash: buildContentHash(body),
    encoded: (coding: 'br' | 'gzip') => encodeJson(body, coding),
  };
  return answerJson(prepared, request, { cacheControl: SEARCH_CACHE_CONTROL, lastModified: found.lastModified });
}

export function answerSearch(
  request: SearchRequest,
  reading: { snapshot: Snapshot; modifiedAt: Date },
  settings: SearchSettings,
): SearchAnswer {
  const query = parseSearchQuery(request.search, request.pathname);
  if (!query.ok) return { problem: query.problem };
  return { problem: null, ...answerSearchBody(request, findSearchBody(query.q, reading, settings)) };
}
