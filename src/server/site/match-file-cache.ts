/**
 * Each match's page and JSON are served from disk (DATA_DIR/jogos, linked into every build) through
 * one bounded cache per process, not held whole: thousands of small files, each asked for rarely —
 * and, with the archive, tens of thousands — would otherwise sit in every server process's memory.
 * A read takes the compressed variants the manifest names and the content hash of their bytes (the
 * files are rewritten in place, temp file and rename, so the hash comes from what was read: the ETag
 * always names the bytes sent). A cached read serves while its manifest line is the one the served
 * build holds (the same object: an unchanged line is shared from build to build).
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { buildContentHash } from '../../lib/api/etag.ts';
import type { SiteFile } from '../../lib/store/builds/site-manifest.ts';
import { createBoundedMemo } from '../memo/bounded-memo.ts';

/** What a read gives: the line as read (hash and size of these bytes) and the compressed bytes. */
export interface MatchFileBytes {
  file: SiteFile;
  gzip: Buffer;
  br: Buffer | null;
  /** The uncompressed bytes, inflated when asked for (clients without gzip, ranges). */
  readonly identity: Buffer;
}

/** Enough for the pages fans have open (live matches) many times over; far below the whole day's files. */
export const MATCH_FILE_CACHE_BYTES = 8 * 1024 * 1024;

export interface MatchFileCache {
  /** The bytes of `line`'s file at `absolute` (its .gz, and .br when the line has one); throws if it is gone. */
  read(line: SiteFile, absolute: string): MatchFileBytes;
  /** Bytes held now. */
  heldBytes(): number;
}

function readMatchFile(line: SiteFile, absolute: string): MatchFileBytes {
  const gzip = fs.readFileSync(`${absolute}.gz`);
  const br = line.br ? fs.readFileSync(`${absolute}.br`) : null;
  const identity = zlib.gunzipSync(gzip);
  const hash = buildContentHash(identity);
  return {
    file: hash === line.hash ? line : { ...line, hash, size: identity.length },
    gzip,
    br,
    get identity() {
      return zlib.gunzipSync(gzip);
    },
  };
}

export function createMatchFileCache(maxBytes: number = MATCH_FILE_CACHE_BYTES): MatchFileCache {
  const cached = createBoundedMemo<{ line: SiteFile; bytes: MatchFileBytes }>({
    maxEntries: Number.POSITIVE_INFINITY,
    maxWeight: maxBytes,
    weigh: ({ bytes }) => bytes.gzip.length + (bytes.br?.length ?? 0),
  });
  return {
    read(line, absolute) {
      const hit = cached.get(absolute);
      if (hit && hit.line === line) return hit.bytes;
      const bytes = readMatchFile(line, absolute);
      cached.set(absolute, { line, bytes });
      return bytes;
    },
    heldBytes: () => cached.weight,
  };
}
