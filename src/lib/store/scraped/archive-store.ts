/**
 * The archive in DATA_DIR: past days and the finished matches that left the listings, kept
 * ARCHIVE_DAYS (src/lib/model/archive-days.ts says which days).
 *   arquivo/index.json           per day: when its listing was fetched, the files made of it and
 *                                the site bundle they were made with; per archived match: its
 *                                day and the manifest lines of its two files (the files stay where
 *                                they were made, DATA_DIR/jogos: their bytes are never made again)
 *   arquivo/dias/<AAAA-MM-DD>.json   the day's listing as Placar last fetched it (a ListEnvelope)
 *   arquivo/site/dia/<day>.html, arquivo/site/api/dia/<day> (+ .gz)   the day's files, linked into every build
 *   arquivo/site/_astro/          the site bundles' assets the kept pages may name (archive-assets.ts)
 * Every file is written atomically (json-file.ts); a missing or bad index reads as empty (the
 * days are then listed again as their listings come; nothing served breaks).
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ListEnvelopeSchema, type ListEnvelope } from '../../model/model.ts';
import { inMatchOrder } from '../../model/match-order.ts';
import { withTeamSlugs } from '../../model/team-slug.ts';
import { readJsonFile, readJsonFileOr, writeJsonAtomicallyAsync } from '../files/json-file.ts';
import { createKeptValues, fileIdentity } from '../files/kept-values.ts';
import { SiteFileSchema } from '../builds/site-manifest.ts';

export const ARCHIVE_FOLDER = 'arquivo';

const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const ArchivedDaySchema = z.object({
  /** The listing's generatedAt: a newer fetch of the same day replaces the day's files. */
  generatedAt: z.string(),
  /** The site bundle the files were made with ('' before they are made). */
  salt: z.string(),
  page: SiteFileSchema.nullable(),
  json: SiteFileSchema.nullable(),
});
export type ArchivedDay = z.infer<typeof ArchivedDaySchema>;

const ArchivedMatchSchema = z.object({
  day: DaySchema,
  /** The last São Paulo day a listing showed it (absent in an index written before: the day after its own). */
  lastListed: DaySchema.optional(),
  page: SiteFileSchema,
  json: SiteFileSchema,
});
export type ArchivedMatch = z.infer<typeof ArchivedMatchSchema>;

const ArchiveIndexSchema = z.object({
  days: z.record(DaySchema, ArchivedDaySchema),
  matches: z.record(z.string(), ArchivedMatchSchema),
  /** Per fingerprinted asset file kept (site/_astro): the last day a build's bundle had it. */
  assets: z.record(z.string(), DaySchema).default({}),
  /** Matches past the window whose files go once the served build no longer names them (it reads them at each request). */
  expired: z.array(z.string()).default([]),
});
export type ArchiveIndex = z.infer<typeof ArchiveIndexSchema>;

export function archiveDir(dataDir: string): string {
  return path.join(dataDir, ARCHIVE_FOLDER);
}

/** Where the days' files live: a build links `dia` and `api/dia` from here. */
export function archiveSiteDir(dataDir: string): string {
  return path.join(archiveDir(dataDir), 'site');
}

const indexPath = (dataDir: string): string => path.join(archiveDir(dataDir), 'index.json');
const dayListingPath = (dataDir: string, day: string): string => path.join(archiveDir(dataDir), 'dias', `${day}.json`);

/** The index is read at every refresh and every render: parsed once per version on disk. */
const keptIndexes = createKeptValues<ArchiveIndex>(4);

/** The index (shared: copy before changing it). */
export function readArchiveIndex(dataDir: string): ArchiveIndex {
  const file = indexPath(dataDir);
  const kept = keptIndexes.get(file);
  if (kept) return kept;
  const identity = fileIdentity(file);
  const index = readJsonFileOr(file, ArchiveIndexSchema, { days: {}, matches: {}, assets: {}, expired: [] });
  keptIndexes.set(file, identity, index);
  return index;
}

export async function writeArchiveIndex(dataDir: string, index: ArchiveIndex): Promise<void> {
  const file = indexPath(dataDir);
  await writeJsonAtomicallyAsync(file, index);
  keptIndexes.set(file, fileIdentity(file), index);
}

/**
 * Every render reads every kept day (the team homes' last matches): each day's listing parsed once per version on
 * disk, and kept for as many days as ARCHIVE_DAYS can keep.
 */
const keptDayListings = createKeptValues<ListEnvelope>(400);

/**
 * The listing kept for `day`, or null (none, or unreadable); shared: copy before changing it. Its matches in play
 * order (match-order.ts): a day kept in another order reads as every listing does.
 */
export function readDayListing(dataDir: string, day: string): ListEnvelope | null {
  const file = dayListingPath(dataDir, day);
  const kept = keptDayListings.get(file);
  if (kept) return kept;
  const identity = fileIdentity(file);
  const reading = readJsonFile(file, ListEnvelopeSchema);
  if (reading.kind !== 'found') return null;
  const listing = withTeamSlugs(reading.value);
  const ordered = { ...listing, matches: inMatchOrder(listing.matches) };
  keptDayListings.set(file, identity, ordered);
  return ordered;
}

export async function writeDayListing(dataDir: string, day: string, listing: ListEnvelope): Promise<void> {
  const file = dayListingPath(dataDir, day);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  await writeJsonAtomicallyAsync(file, listing);
}

/** The day's listing and files, removed (its index line is the caller's). */
export function removeDayFiles(dataDir: string, day: string): void {
  const site = archiveSiteDir(dataDir);
  for (const file of [dayListingPath(dataDir, day), ...dayFilePaths(site, day)]) {
    fs.rmSync(file, { force: true });
    fs.rmSync(`${file}.gz`, { force: true });
  }
}

/** The day's page and JSON under `site` (the manifest's paths are `dia/<day>.html` and `api/dia/<day>`). */
export function dayFilePaths(site: string, day: string): [string, string] {
  return [path.join(site, 'dia', `${day}.html`), path.join(site, 'api', 'dia', day)];
}
