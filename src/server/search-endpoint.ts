/**
 * /api/busca's answer for one snapshot reading: validation, search, content-hash ETag, 304, and
 * br/gzip for larger bodies. The server calls answerSearch with the snapshot it prepared (index
 * built) when its build was loaded; the site bundle's page (pages/api/busca.ts, for `astro dev`)
 * calls respondToSearch, which reads the snapshot at request time. CORS and security headers
 * come from the server.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fresh from 'fresh';
import { readConfig, type Config } from '../lib/config/config.ts';
import { buildContentHash, buildEtag } from '../lib/api/etag.ts';
import { buildProblemResponse } from '../lib/api/problem.ts';
import { LISTING_NAMES } from '../lib/model/model.ts';
import { searchSnapshot } from '../lib/search/search.ts';
import { isListingStale, listingIntervalSeconds } from '../lib/model/staleness.ts';
import { parseSearchQuery } from '../lib/api/search-query.ts';
import { chooseContentCoding } from './encoding.ts';
import { SEARCH_CACHE_CONTROL } from '../lib/api/headers-policy.ts';
import { createSnapshotReader, type SnapshotReader, type SnapshotReading } from '../lib/store/snapshot-reader.ts';
import type { Problem } from '../lib/model/model.ts';

/** Below this size compression costs more than it saves. */
const COMPRESS_MIN_BYTES = 1024;

let state: { config: Config; reader: SnapshotReader } | undefined;

function searchState(): { config: Config; reader: SnapshotReader } {
  if (!state) {
    const config = readConfig();
    state = { config, reader: createSnapshotReader(config.dataDir, config.upstreamUrl) };
  }
  return state;
}

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

export type SearchAnswer =
  | { problem: Problem }
  | { problem: null; status: 200 | 304; headers: Record<string, string>; body: Buffer | null };

export function answerSearch(request: SearchRequest, reading: SnapshotReading, config: Config): SearchAnswer {
  const query = parseSearchQuery(request.search, request.pathname);
  if (!query.ok) return { problem: query.problem };
  const { snapshot, modifiedAt } = reading;
  const envelope = searchSnapshot(snapshot, query.q, config.upstreamUrl);
  // The snapshot's flags are as new as its last write: once scrapes stopped writing it (a full
  // disk, refreshes stuck) for 3 intervals, the listings' age decides instead.
  const now = new Date();
  if (isListingStale(modifiedAt.toISOString(), now, config.refreshIntervalSeconds)) {
    envelope.stale ||= LISTING_NAMES.some((listing) =>
      isListingStale(snapshot[listing].generatedAt, now, listingIntervalSeconds(listing, config)),
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

/** The bundle's route: the same answer as a web Response, from the snapshot on disk now. */
export function respondToSearch(request: Request): Response {
  const url = new URL(request.url);
  const { config, reader } = searchState();
  const answer = answerSearch(
    {
      pathname: url.pathname,
      search: url.search,
      acceptEncoding: request.headers.get('accept-encoding') ?? undefined,
      ifNoneMatch: request.headers.get('if-none-match') ?? undefined,
      ifModifiedSince: request.headers.get('if-modified-since') ?? undefined,
      cacheControl: request.headers.get('cache-control') ?? undefined,
    },
    reader.read(),
    config,
  );
  if (answer.problem) return buildProblemResponse(answer.problem);
  const body = answer.body ? new Uint8Array(answer.body) : null;
  return new Response(body, { status: answer.status, headers: answer.headers });
}
