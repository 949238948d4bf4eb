/**
 * DATA_DIR/tabelas/<slug>.json: what Placar knows of each competition's table — the last good
 * read (kept through failures and layout changes: then it is served `stale`), the teams' matches
 * played at the read before it (to tell whether a read already counts a match in play:
 * live-table.ts), the listings' results and whether it counts them yet, and how fetching the page goes
 * (validators, failures, back-off, when it is
 * due again). Written atomically, only by refreshes; read by the render.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { LIMITS } from '../../model/model.ts';
import { STANDINGS_LIMITS, StandingsGroupReadSchema, isCompetitionSlug } from '../../model/table.ts';
import { readJsonFile, writeJsonAtomicallyAsync } from '../files/json-file.ts';

export const STANDINGS_FOLDER = 'tabelas';

const isoDateTime = z.string().max(LIMITS.dateTime);

export const StandingsRecordSchema = z.object({
  slug: z.string().refine(isCompetitionSlug),
  /** The last successful read (a 304 included); null: never. */
  readAt: isoDateTime.nullable(),
  groups: z.array(StandingsGroupReadSchema).max(STANDINGS_LIMITS.groups),
  /** The read before the last one that changed the table: when, and each team's matches played (by teamKey). */
  earlier: z
    .object({
      readAt: isoDateTime,
      played: z.record(z.string().max(STANDINGS_LIMITS.text), z.number().int().min(0)),
    })
    .nullable(),
  fetch: z.object({
    lastAttemptAt: isoDateTime.nullable(),
    /** Why the last attempt failed (pt-BR), null after a success. */
    lastError: z.string().max(2000).nullable(),
    failures: z.number().int().min(0),
    /** No attempt before this instant: the next regular read, or the back-off after a failure. */
    dueAt: isoDateTime.nullable(),
    etag: z.string().max(LIMITS.text).nullable(),
    lastModified: z.string().max(LIMITS.text).nullable(),
    /** Ids of the competition's matches seen finished (a new one makes the page due a few minutes later). */
    finished: z.array(z.string().max(LIMITS.id)).max(2_000),
  }),
  /**
   * The listings' matches seen in play or finished since a read that did not count them: each team's `played` (by
   * teamKey) at that read; the match is in the table once a read shows it grown. Kept while the listings name it.
   */
  tracked: z
    .array(
      z.object({
        match: z.string().max(LIMITS.id),
        played: z.record(z.string().max(STANDINGS_LIMITS.text), z.number().int().min(0)),
        /** When the match was first seen finished; null while it is played. */
        finishedAt: isoDateTime.nullable(),
        /** Reads since it finished that did not count it yet (each waits longer for the next). */
        reads: z.number().int().min(0),
      }),
    )
    .max(2_000)
    .default([]),
});
export type StandingsRecord = z.infer<typeof StandingsRecordSchema>;

export function freshStandingsRecord(slug: string): StandingsRecord {
  return {
    slug,
    readAt: null,
    groups: [],
    earlier: null,
    fetch: {
      lastAttemptAt: null,
      lastError: null,
      failures: 0,
      dueAt: null,
      etag: null,
      lastModified: null,
      finished: [],
    },
    tracked: [],
  };
}

export function standingsRecordPath(dataDir: string, slug: string): string {
  return path.join(dataDir, STANDINGS_FOLDER, `${slug}.json`);
}

/** Every record of DATA_DIR/tabelas by slug; a file that cannot be read is named in `unusable` (its table starts again). */
export function readStandingsRecords(dataDir: string): {
  records: Map<string, StandingsRecord>;
  unusable: string[];
} {
  const records = new Map<string, StandingsRecord>();
  const unusable: string[] = [];
  let names: string[];
  try {
    names = fs.readdirSync(path.join(dataDir, STANDINGS_FOLDER));
  } catch {
    return { records, unusable };
  }
  for (const name of names) {
    const slug = name.endsWith('.json') ? name.slice(0, -'.json'.length) : '';
    if (!isCompetitionSlug(slug)) continue;
    const reading = readJsonFile(standingsRecordPath(dataDir, slug), StandingsRecordSchema);
    if (reading.kind === 'found' && reading.value.slug === slug) records.set(slug, reading.value);
    else if (reading.kind === 'unusable') unusable.push(reading.reason);
  }
  return { records, unusable };
}

export async function writeStandingsRecordAsync(dataDir: string, record: StandingsRecord): Promise<void> {
  await fs.promises.mkdir(path.join(dataDir, STANDINGS_FOLDER), { recursive: true });
  await writeJsonAtomicallyAsync(standingsRecordPath(dataDir, record.slug), record);
}
