/**
 * The only code that reads or writes DATA_DIR/snapshot.json. Writes are atomic
 * (temp file in the same folder, fsync, rename), so a reader — or a process killed
 * mid-write — never leaves or sees half a file. What this process read or wrote is kept while
 * the file is unchanged (kept-values.ts): one parsed, validated copy, shared and never mutated.
 */
import path from 'node:path';
import { z } from 'zod';
import { readJsonFile } from '../files/json-file.ts';
import { writeFileAtomically, writeFileAtomicallyAsync } from '../files/atomic-file.ts';
import { createKeptValues, fileIdentity } from '../files/kept-values.ts';
import { withCrestSources } from './legacy-crests.ts';
import { withTeamSlugs } from '../../model/team-slug.ts';
import { finishSteps, type Steps } from '../../model/steps.ts';
import {
  LISTING_NAMES,
  LISTING_PATHS,
  SnapshotSchema,
  TIMEZONE,
  type ListEnvelope,
  type ListingName,
  type Snapshot,
} from '../../model/model.ts';

export const SNAPSHOT_FILE = 'snapshot.json';

const keptSnapshots = createKeptValues<Snapshot>();

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
  return finishSteps(readSnapshotSteps(dataDir));
}

/** The file's JSON, not yet validated (readSnapshotSteps validates it a listing at a time); null when absent. */
function readSnapshotJson(file: string): unknown {
  const reading = readJsonFile(file, z.unknown());
  if (reading.kind === 'unusable') throw new SnapshotFileError(reading.reason, { cause: reading.cause });
  return reading.kind === 'found' ? reading.value : null;
}

/** readSnapshot in steps, one listing's validation each, so a serving process answers in between. */
export function* readSnapshotSteps(dataDir: string): Steps<Snapshot | null> {
  const file = snapshotPath(dataDir);
  const kept = keptSnapshots.get(file);
  if (kept) return kept;
  const identity = fileIdentity(file);
  const json = withOntem(readSnapshotJson(file));
  if (json === null) return null;
  if (typeof json !== 'object') throw new SnapshotFileError(`${file} não é um snapshot válido: não é um objeto`);
  const listings: Partial<Snapshot> = {};
  for (const listing of LISTING_NAMES) {
    yield;
    const raw = (json as Record<string, unknown>)[listing];
    let parsed = SnapshotSchema.shape[listing].safeParse(raw);
    // A file from before crestSource: converted only when it does not parse as it is (no cost otherwise).
    if (!parsed.success) parsed = SnapshotSchema.shape[listing].safeParse(withCrestSources(raw));
    if (!parsed.success) {
      throw new SnapshotFileError(`${file} não é um snapshot válido (${listing}): ${parsed.error.message}`);
    }
    listings[listing] = withTeamSlugs(parsed.data);
  }
  const snapshot = listings as Snapshot;
  keptSnapshots.set(file, identity, snapshot);
  return snapshot;
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
 * Every snapshot object is made in the schema's key order (zod's output, the parsers' and the
 * scrape's literals; test/integration/refresh/snapshot-bytes.test.ts checks a real scrape's), and
 * the listings in theirs (live, hoje, amanha, ontem), so equal data gives equal bytes. The
 * matches were validated where they were read: nothing is parsed again here. Not indented
 * (`jq . snapshot.json` reads it): smaller, and written faster.
 */
export function serializeSnapshot(snapshot: Snapshot): string {
  return `${JSON.stringify(snapshot)}\n`;
}

export function writeSnapshotAtomically(dataDir: string, snapshot: Snapshot): void {
  const file = snapshotPath(dataDir);
  writeFileAtomically(file, serializeSnapshot(snapshot));
  keptSnapshots.set(file, fileIdentity(file), snapshot);
}

/** writeSnapshotAtomically off the event loop (the refresh, in a serving process). */
export async function writeSnapshotAtomicallyAsync(dataDir: string, snapshot: Snapshot): Promise<void> {
  const file = snapshotPath(dataDir);
  await writeFileAtomicallyAsync(file, serializeSnapshot(snapshot));
  keptSnapshots.set(file, fileIdentity(file), snapshot);
}
