/**
 * DATA_DIR/times/<slug>.json: what Placar read of each team's two upstream team pages
 * (`/time/<slug>/proximos-jogos`, `/ultimos-jogos`) — the last good read of both (kept through
 * failures: a failing page never wipes it), each page's validators, and the back-off. Written
 * atomically, only by refreshes; read by the refresh and by what builds /api/time/{slug}. What this process
 * read or wrote is kept while the file is unchanged (kept-values.ts): a refresh does not parse hundreds again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { LIMITS } from '../../model/model.ts';
import { TeamPagesReadSchema } from '../../model/team-home.ts';
import { TEAM_SLUG_MAX, TEAM_SLUG_PATTERN, TeamSlugSchema } from '../../model/team-slug.ts';
import { readJsonFile, writeJsonAtomicallyAsync } from '../files/json-file.ts';
import { createKeptValues, fileIdentity } from '../files/kept-values.ts';

export const TEAM_PAGES_FOLDER = 'times';

const isoDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:\d{2}$/)
  .max(LIMITS.dateTime);
const validator = z.string().max(LIMITS.text).nullable();
const PageValidatorsSchema = z.object({ etag: validator, lastModified: validator });

export const TeamPageRecordSchema = z.object({
  slug: TeamSlugSchema,
  /** The last successful read of both pages (a 304 included), São Paulo offset; null: never. */
  readAt: isoDateTime.nullable(),
  /** The matches of that read; null: never read. */
  pages: TeamPagesReadSchema.nullable(),
  fetch: z.object({
    lastAttemptAt: isoDateTime.nullable(),
    /** Why the last attempt failed (pt-BR), null after a success. */
    lastError: z.string().max(2000).nullable(),
    failures: z.number().int().min(0),
    /** No attempt before this instant: the regular interval after a read, the back-off after a failure. */
    nextAttemptAt: isoDateTime.nullable(),
    /** Each page's validators, for a conditional GET once both pages are held. */
    next: PageValidatorsSchema,
    last: PageValidatorsSchema,
  }),
});
export type TeamPageRecord = z.infer<typeof TeamPageRecordSchema>;

const noValidators = { etag: null, lastModified: null };

export function freshTeamPageRecord(slug: string): TeamPageRecord {
  return {
    slug,
    readAt: null,
    pages: null,
    fetch: {
      lastAttemptAt: null,
      lastError: null,
      failures: 0,
      nextAttemptAt: null,
      next: noValidators,
      last: noValidators,
    },
  };
}

const isTeamSlug = (slug: string): boolean => slug.length <= TEAM_SLUG_MAX && TEAM_SLUG_PATTERN.test(slug);

function teamPageRecordPath(dataDir: string, slug: string): string {
  return path.join(dataDir, TEAM_PAGES_FOLDER, `${slug}.json`);
}

const keptRecords = createKeptValues<TeamPageRecord>();

/** The team's record; null when none is kept or its file cannot be used (the team is then read again). */
export function readTeamPageRecord(dataDir: string, slug: string): TeamPageRecord | null {
  if (!isTeamSlug(slug)) return null;
  const file = teamPageRecordPath(dataDir, slug);
  const kept = keptRecords.get(file);
  if (kept) return kept;
  const identity = fileIdentity(file);
  const reading = readJsonFile(file, TeamPageRecordSchema);
  if (reading.kind !== 'found' || reading.value.slug !== slug) return null;
  keptRecords.set(file, identity, reading.value);
  return reading.value;
}

/** Every usable record of DATA_DIR/times by slug. */
export function readTeamPageRecords(dataDir: string): ReadonlyMap<string, TeamPageRecord> {
  const records = new Map<string, TeamPageRecord>();
  let names: string[];
  try {
    names = fs.readdirSync(path.join(dataDir, TEAM_PAGES_FOLDER));
  } catch {
    return records;
  }
  for (const name of names) {
    if (!name.endsWith('.json')) continue;
    const slug = name.slice(0, -'.json'.length);
    const record = readTeamPageRecord(dataDir, slug);
    if (record) records.set(slug, record);
  }
  return records;
}

export async function writeTeamPageRecordAsync(dataDir: string, record: TeamPageRecord): Promise<void> {
  await fs.promises.mkdir(path.join(dataDir, TEAM_PAGES_FOLDER), { recursive: true });
  const file = teamPageRecordPath(dataDir, record.slug);
  const written = TeamPageRecordSchema.parse(record);
  await writeJsonAtomicallyAsync(file, written);
  keptRecords.set(file, fileIdentity(file), written);
}
