/**
 * The only code that reads or writes DATA_DIR/snapshot.json. Writes are atomic
 * (temp file in the same folder, fsync, rename), so a reader — or a process killed
 * mid-write — never leaves or sees half a file.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  LISTING_NAMES,
  LISTING_PATHS,
  SnapshotSchema,
  TIMEZONE,
  type ListEnvelope,
  type ListingName,
  type Snapshot,
} from '../model/model.ts';

export const SNAPSHOT_FILE = 'snapshot.json';

export function snapshotPath(dataDir: string): string {
  return path.join(dataDir, SNAPSHOT_FILE);
}

/** The upstream URL a listing is scraped from. */
export function listingSource(upstreamUrl: string, listing: ListingName): string {
  return upstreamUrl + LISTING_PATHS[listing];
}

/** A listing that has never been fetched: no matches, no generatedAt, stale. */
export function emptyEnvelope(upstreamUrl: string, listing: ListingName): ListEnvelope {
  return {
    generatedAt: null,
    timezone: TIMEZONE,
    source: listingSource(upstreamUrl, listing),
    stale: true,
    count: 0,
    matches: [],
  };
}

export function emptySnapshot(upstreamUrl: string): Snapshot {
  return {
    live: emptyEnvelope(upstreamUrl, 'live'),
    hoje: emptyEnvelope(upstreamUrl, 'hoje'),
    amanha: emptyEnvelope(upstreamUrl, 'amanha'),
    ontem: emptyEnvelope(upstreamUrl, 'ontem'),
  };
}

/**
 * A snapshot written before the `ontem` listing existed gets it as never fetched, its source
 * made from the hoje listing's (same upstream), so an upgrade keeps the other listings' data.
 */
function withOntem(json: unknown): unknown {
  if (typeof json !== 'object' || json === null || 'ontem' in json) return json;
  const hojeSource: unknown = (json as { hoje?: { source?: unknown } }).hoje?.source;
  if (typeof hojeSource !== 'string' || !hojeSource.endsWith(LISTING_PATHS.hoje)) return json;
  return { ...json, ontem: emptyEnvelope(hojeSource.slice(0, -LISTING_PATHS.hoje.length), 'ontem') };
}

/** Thrown when snapshot.json exists but is not a valid snapshot. */
export class SnapshotFileError extends Error {
  override name = 'SnapshotFileError' as const;
}

/**
 * The snapshot on disk, validated; `null` when there is none yet.
 * Throws SnapshotFileError when the file exists but is unreadable or invalid.
 */
export function readSnapshot(dataDir: string): Snapshot | null {
  const file = snapshotPath(dataDir);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new SnapshotFileError(`Não foi possível ler ${file}: ${(error as Error).message}`, { cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SnapshotFileError(`${file} não é JSON válido: ${(error as Error).message}`, { cause: error });
  }
  const parsed = SnapshotSchema.safeParse(withOntem(json));
  if (!parsed.success) {
    throw new SnapshotFileError(`${file} não é um snapshot válido: ${parsed.error.message}`);
  }
  return parsed.data;
}

/** The snapshot on disk, or an empty (stale) one when there is none or it is unreadable. */
export function readSnapshotOrEmpty(dataDir: string, upstreamUrl: string): Snapshot {
  try {
    return readSnapshot(dataDir) ?? emptySnapshot(upstreamUrl);
  } catch {
    return emptySnapshot(upstreamUrl);
  }
}

/**
 * Serialises with a fixed key order (the schema's) so equal data gives equal bytes.
 * Listing order is fixed too: live, hoje, amanha, ontem.
 */
export function serializeSnapshot(snapshot: Snapshot): string {
  const ordered: Record<string, ListEnvelope> = {};
  for (const listing of LISTING_NAMES) ordered[listing] = SnapshotSchema.shape[listing].parse(snapshot[listing]);
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

/** Writes `contents` to `file` atomically: temp file in the same folder, fsync, rename. */
export function writeFileAtomically(file: string, contents: string | Uint8Array): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const fd = fs.openSync(temp, 'w');
  try {
    try {
      fs.writeFileSync(fd, contents);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, file);
  } catch (error) {
    // A full disk fails the write: leave no partial temp file behind.
    fs.rmSync(temp, { force: true });
    throw error;
  }
}

export function writeSnapshotAtomically(dataDir: string, snapshot: Snapshot): void {
  writeFileAtomically(snapshotPath(dataDir), serializeSnapshot(snapshot));
}
