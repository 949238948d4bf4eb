/**
 * A JSON body computed per request (a search, a filtered listing) as an HTTP answer:
 * content-hash ETag per coding, 304 for a matching If-None-Match or If-Modified-Since, and
 * br/gzip for bodies worth compressing. Pure apart from the compression it asks `encoded` for.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fresh from 'fresh';
import { chooseContentCoding, type ContentCoding } from './content-coding.ts';
import { buildEtag } from './etag.ts';
import { JSON_CONTENT_TYPE } from './headers-policy.ts';

/** Below this size compression costs more than it saves. */
export const COMPRESS_MIN_BYTES = 1024;

/** What the answer reads of a request. */
export interface JsonRequestHeaders {
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
  ifModifiedSince: string | undefined;
  cacheControl: string | undefined;
}

export interface PreparedJson {
  identity: Buffer;
  /** Content hash of `identity` (etag.ts). */
  hash: string;
  /** The body in a coding: made on first use; a caller may keep it. */
  encoded(coding: 'br' | 'gzip'): Buffer;
}

export interface JsonAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  /** null for a 304. */
  body: Buffer | null;
}

/** Brotli 5 and gzip 6: the server's on-demand settings (builds use 11 for assets). */
export function encodeJson(body: Buffer, coding: 'br' | 'gzip'): Buffer {
  if (coding === 'br') return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  return gzipSync(body, { level: 6 });
}

export function answerJson(
  prepared: PreparedJson,
  request: JsonRequestHeaders,
  options: { cacheControl: string; lastModified: string },
): JsonAnswer {
  const available: readonly ContentCoding[] =
    prepared.identity.length >= COMPRESS_MIN_BYTES ? ['br', 'gzip', 'identity'] : ['identity'];
  const coding = chooseContentCoding(request.acceptEncoding, available) ?? 'identity';
  const headers: Record<string, string> = {
    'Content-Type': JSON_CONTENT_TYPE,
    'Cache-Control': options.cacheControl,
    ETag: buildEtag(prepared.hash, coding),
    'Last-Modified': options.lastModified,
    Vary: 'Accept-Encoding',
  };
  const conditional = {
    'if-none-match': request.ifNoneMatch,
    'if-modified-since': request.ifModifiedSince,
    'cache-control': request.cacheControl,
  };
  if (fresh(conditional, { etag: headers.ETag, 'last-modified': headers['Last-Modified'] })) {
    return { status: 304, headers, body: null };
  }
  if (coding === 'identity') return { status: 200, headers, body: prepared.identity };
  headers['Content-Encoding'] = coding;
  return { status: 200, headers, body: prepared.encoded(coding) };
}
