/**
 * DATA_DIR/details/: what Placar knows of each match's own upstream page — one file per match
 * (`<sha256 of the id>.json`: the last good detail, when it was fetched, and how fetching it
 * goes: validators, failures, back-off) and `schedule.json` (the match-page requests of the
 * last minute, and a pause the upstream asked for). Only refreshes write here, under the refresh
 * lock; a match's file is removed once the match has left every listing. Each file is written
 * atomically and only when its record changed; what this process read or wrote is kept while the
 * file is unchanged (kept-values.ts), so a refresh does not parse hundreds of files again.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { LIMITS, MatchDetailSchema, MatchPageFactsSchema } from '../../model/model.ts';
import { errorCode } from '../../model/caught-error.ts';
import { readJsonFile, readJsonFileOr, writeJsonAtomicallyAsync } from '../files/json-file.ts';
import { createKeptValues, fileIdentity } from '../files/kept-values.ts';

export const DETAILS_FOLDER = 'details';
const SCHEDULE_FILE = 'schedule.json';

const isoDateTime = z.string().max(LIMITS.dateTime);

/** How fetching one match page goes (the policy in src/refresh/match-pages/match-page-schedule.ts reads it). */
export const DetailFetchStateSchema = z.object({
  lastAttemptAt: isoDateTime.nullable(),
  /** Why the last attempt failed (pt-BR), null after a success. */
  lastError: z.string().max(2000).nullable(),
  /** Failed attempts in a row (the back-off grows with it). */
  failures: z.number().int().min(0),
  /** No new attempt before this instant (back-off after a failure). */
  retryAt: isoDateTime.nullable(),
  etag: z.string().max(LIMITS.text).nullable(),
  lastModified: z.string().max(LIMITS.text).nullable(),
  /** The page was read successfully after the match ended: it is not fetched again. */
  final: z.boolean(),
});
export type DetailFetchState = z.infer<typeof DetailFetchStateSchema>;

export const DetailRecordSchema = z.object({
  id: z.string().min(1).max(LIMITS.id),
  /** The last successful fetch of the page (a 304 included); null: never. */
  generatedAt: isoDateTime.nullable(),
  detail: MatchDetailSchema.nullable(),
  /** The kick-off and team keys of the same read (null: never read, or read before Placar kept them). */
  facts: MatchPageFactsSchema.nullable().default(null),
  fetch: DetailFetchStateSchema,
});
export type DetailRecord = z.infer<typeof DetailRecordSchema>;

/** The match pages' budget counts the requests of any this long (DETAIL_REQUESTS_PER_MINUTE: a minute). */
export const BUDGET_WINDOW_MS = 60_000;

/** At most this many failing matches are named in the summary (/healthz). */
export const MAX_SUMMARY_FAILURES = 10;

/** What /healthz says of the match pages, as the last refresh left them. */
export const DetailSummarySchema = z.object({
  /** Matches of the listings with a detail held. */
  held: z.number().int().min(0),
  /** Matches whose last attempt failed (their last good detail, if any, is served as stale). */
  failing: z.number().int().min(0),
  /** The first of them, with why. */
  failures: z.array(z.object({ id: z.string().max(LIMITS.id), error: z.string().max(2000) })).max(MAX_SUMMARY_FAILURES),
});
export type DetailSummary = z.infer<typeof DetailSummarySchema>;

export const DetailScheduleSchema = z.object({
  /** Instants (ms since the epoch) of the match-page requests sent in the last minute. */
  requests: z.array(z.number().int().min(0)).max(10_000),
  /** Every match-page fetch waits until then (a 429 or 503 from the upstream). */
  pausedUntil: isoDateTime.nullable(),
  summary: DetailSummarySchema.nullable().default(null),
});
export type DetailSchedule = z.infer<typeof DetailScheduleSchema>;

export function freshDetailRecord(id: string): DetailRecord {
  return {
    id,
    generatedAt: null,
    detail: null,
    facts: null,
    fetch: {
      lastAttemptAt: null,
      lastError: null,
      failures: 0,
      retryAt: null,
      etag: null,
      lastModified: null,
      final: false,
    },
  };
}

export function detailsDir(dataDir: string): string {
  return path.join(dataDir, DETAILS_FOLDER);
}

/** The file of match `id`: named by a hash, so any id makes a safe, short file name. */
export function detailRecordPath(dataDir: string, id: string): string {
  const name = createHash('sha256').update(id).digest('hex').slice(0, 32);
  return path.join(detailsDir(dataDir), `${name}.json`);
}

const keptRecords = createKeptValues<DetailRecord>();

/**
 * Every record in DATA_DIR/details, by match id. A file that cannot be read is left out (its
 * match is then fetched as if never seen) and named in `unusable`.
 */
export function readDetailRecords(dataDir: string): { records: Map<string, DetailRecord>; unusable: string[] } {
  const records = new Map<string, DetailRecord>();
  const unusable: string[] = [];
  let names: string[];
  try {
    names = fs.readdirSync(detailsDir(dataDir));
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { records, unusable };
    throw error;
  }
  for (const name of names) {
    if (!name.endsWith('.json') || name === SCHEDULE_FILE || name.startsWith('.')) continue;
    const file = path.join(detailsDir(dataDir), name);
    let record = keptRecords.get(file);
    if (!record) {
      const identity = fileIdentity(file);
      const reading = readJsonFile(file, DetailRecordSchema);
      if (reading.kind !== 'found') {
        if (reading.kind === 'unusable') unusable.push(reading.reason);
        continue;
      }
      record = reading.value;
      keptRecords.set(file, identity, record);
    }
    if (detailRecordPath(dataDir, record.id) === file) records.set(record.id, record);
  }
  return { records, unusable };
}

/** The summary of `records` for /healthz. */
export function summarizeDetailRecords(records: Iterable<DetailRecord>): DetailSummary {
  let held = 0;
  const failing: DetailSummary['failures'] = [];
  for (const record of records) {
    if (record.detail) held += 1;
    if (record.fetch.lastError !== null) failing.push({ id: record.id, error: record.fetch.lastError });
  }
  return { held, failing: failing.length, failures: failing.slice(0, MAX_SUMMARY_FAILURES) };
}

/** Writes one match's record atomically (off the event loop). */
export async function writeDetailRecordAsync(dataDir: string, record: DetailRecord): Promise<void> {
  const file = detailRecordPath(dataDir, record.id);
  await writeJsonAtomicallyAsync(file, record);
  keptRecords.set(file, fileIdentity(file), record);
}

/** Removes the records of matches no listing holds any more; returns how many. */
export async function removeDetailRecordsAsync(dataDir: string, ids: Iterable<string>): Promise<number> {
  let removed = 0;
  for (const id of ids) {
    const file = detailRecordPath(dataDir, id);
    await fsp.rm(file, { force: true });
    keptRecords.set(file, null, freshDetailRecord(id));
    removed += 1;
  }
  return removed;
}

function schedulePath(dataDir: string): string {
  return path.join(detailsDir(dataDir), SCHEDULE_FILE);
}

/** The schedule on disk; a missing or bad file reads as no requests and no pause. */
export function readDetailSchedule(dataDir: string): DetailSchedule {
  return readJsonFileOr(schedulePath(dataDir), DetailScheduleSchema, {
    requests: [],
    pausedUntil: null,
    summary: null,
  });
}

/**
 * Written before each match-page request (its place in the window), so without fsync: a killed
 * process leaves the whole file (the rename), and what a power cut could lose is a window of one
 * minute. With fsync each of a refresh's many writes, one after the other, would wait on the disk.
 */
export async function writeDetailScheduleAsync(dataDir: string, schedule: DetailSchedule): Promise<void> {
  await writeJsonAtomicallyAsync(schedulePath(dataDir), schedule, { durable: false });
}
