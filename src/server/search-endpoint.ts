/**
 * /api/busca's response, built at request time from the current snapshot (through a cached
 * reader): validation, search, content-hash ETag, 304, and br/gzip for larger bodies.
 * Runs inside the adapter's server bundle; CORS and security headers come from the server.
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
import { createSnapshotReader, type SnapshotReader } from './snapshot-reader.ts';

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

export function respondToSearch(request: Request): Response {
  const url = new URL(request.url);
  const query = parseSearchQuery(url.search, url.pathname);
  if (!query.ok) return buildProblemResponse(query.problem);
  const { config, reader } = searchState();
  const { snapshot, modifiedAt } = reader.read();
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
  const coding = chooseContentCoding(request.headers.get('accept-encoding') ?? undefined, available) ?? 'identity';
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': SEARCH_CACHE_CONTROL,
    ETag: buildEtag(buildContentHash(body), coding),
    'Last-Modified': modifiedAt.toUTCString(),
    Vary: 'Accept-Encoding',
  };
  const conditional = {
    'if-none-match': request.headers.get('if-none-match') ?? undefined,
    'if-modified-since': request.headers.get('if-modified-since') ?? undefined,
    'cache-control': request.headers.get('cache-control') ?? undefined,
  };
  if (fresh(conditional, { etag: headers.ETag, 'last-modified': headers['Last-Modified'] })) {
    return new Response(null, { status: 304, headers });
  }
  if (coding !== 'identity') headers['Content-Encoding'] = coding;
  return new Response(new Uint8Array(encode(body, coding)), { status: 200, headers });
}
