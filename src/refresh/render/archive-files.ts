/**
 * The archive's part of a new build (src/lib/store/scraped/archive-store.ts keeps it in DATA_DIR/arquivo):
 * yesterday's listing is kept under its day each time it is fetched anew, so the last one stays
 * once midnight turns it into the day before; finished matches leaving the listings are archived
 * (archive-matches.ts); days and matches past the window go (files and
 * lines); each kept day's /dia/{day} and /api/dia/{day} are made when its listing or the site
 * bundle changed, else kept; and the build gets the day folders linked in and the manifest lines
 * of the kept days and archived matches (whose files, in DATA_DIR/jogos, it links already), and the
 * earlier bundles' assets those pages may name (archive-assets.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { isKeptAfterListing, isKeptDay, shiftDay, yesterdayOf } from '../../lib/model/archive-days.ts';
import type { ListEnvelope } from '../../lib/model/model.ts';
import {
  archiveSiteDir,
  dayFilePaths,
  readArchiveIndex,
  readDayListing,
  removeDayFiles,
  writeArchiveIndex,
  writeDayListing,
  type ArchiveIndex,
} from '../../lib/store/scraped/archive-store.ts';
import { buildClientDir } from '../../lib/store/builds/build-layout.ts';
import type { SiteFile } from '../../lib/store/builds/site-manifest.ts';
import { keepArchiveAssets } from './archive-assets.ts';
import { archiveLeavingMatches, type MatchLines } from './archive-matches.ts';
import { buildLine, compress, writeMatchFile, type Write } from './match-files.ts';

export interface ArchiveFilesInput {
  dataDir: string;
  buildId: string;
  /** The snapshot's yesterday listing (null: no snapshot). */
  yesterday: ListEnvelope | null;
  /** São Paulo day of the build. */
  today: string;
  archiveDays: number;
  /** Changes with the site bundle: a new version makes the days' pages again (their listings are kept). */
  salt: string;
  /** The page of a day, rendered by the site bundle from that listing. */
  renderDay: (day: string, listing: ListEnvelope) => Promise<Buffer>;
  builtAt: Date;
  /** The matches the listings hold this time: an archived match listed again is theirs, not the archive's. */
  listed: ReadonlySet<string>;
  /** Matches with files that no listing holds any more: the finished ones of the window are archived. */
  unlisted: ReadonlyMap<string, MatchLines>;
}

export interface ArchiveFiles {
  /**
   * Manifest lines of the kept days' files. The archived matches' lines stay in the archive's index
   * (the server reads it when it changes): tens of thousands of lines in every build's manifest would
   * be written at each refresh and parsed at each load.
   */
  files: Map<string, SiteFile>;
  /** Days whose files were made this time. */
  rendered: number;
  /** The days kept, newest first. */
  days: string[];
}

/** An archived day's listing: it is no longer refreshed, so never stale. */
const asKept = (listing: ListEnvelope): ListEnvelope => ({ ...listing, stale: false });

/**
 * Yesterday's listing under its day, when it is newer than the one kept (and not emptier than a kept
 * one with matches); true when the index changed.
 */
async function recordYesterday(input: ArchiveFilesInput, index: ArchiveIndex): Promise<boolean> {
  const { yesterday } = input;
  if (yesterday === null || yesterday.generatedAt === null) return false;
  const day = yesterdayOf(yesterday.generatedAt.slice(0, 10));
  if (!isKeptDay(day, input.today, input.archiveDays)) return false;
  if (index.days[day]?.generatedAt === yesterday.generatedAt) return false;
  // A day that is over loses no match: an empty fetch of a day kept with matches is the upstream's glitch.
  if (yesterday.matches.length === 0 && (readDayListing(input.dataDir, day)?.matches.length ?? 0) > 0) return false;
  await writeDayListing(input.dataDir, day, asKept(yesterday));
  index.days[day] = { generatedAt: yesterday.generatedAt, salt: '', page: null, json: null };
  return true;
}

/** Days and matches past the window (or an archived match listed again), out of the index; true when one went. */
function prune(input: ArchiveFilesInput, index: ArchiveIndex): boolean {
  const { dataDir, today, archiveDays } = input;
  let changed = false;
  for (const day of Object.keys(index.days)) {
    if (isKeptDay(day, today, archiveDays)) continue;
    removeDayFiles(dataDir, day);
    delete index.days[day];
    changed = true;
  }
  for (const [id, match] of Object.entries(index.matches)) {
    const listedAgain = input.listed.has(id);
    const lastListed = match.lastListed ?? shiftDay(match.day, 1);
    if (!listedAgain && isKeptAfterListing(lastListed, today, archiveDays)) continue;
    // Its files go after the swap: the build served until then still reads them (archive-matches.ts).
    if (!listedAgain && !index.expired.includes(id)) index.expired.push(id);
    delete index.matches[id];
    changed = true;
  }
  return changed;
}

/** Makes the files of the days whose listing or bundle changed; returns how many days. */
async function makeDayFiles(input: ArchiveFilesInput, index: ArchiveIndex): Promise<number> {
  const site = archiveSiteDir(input.dataDir);
  const madeDirs = new Set<string>();
  let made = 0;
  for (const [day, entry] of Object.entries(index.days)) {
    if (entry.salt === input.salt && entry.page && entry.json) continue;
    const listing = readDayListing(input.dataDir, day);
    if (listing === null) {
      removeDayFiles(input.dataDir, day);
      delete index.days[day];
      continue;
    }
    const [pageFile, jsonFile] = dayFilePaths(site, day);
    const html = await input.renderDay(day, listing);
    const json = Buffer.from(JSON.stringify(listing));
    const page: Write = { target: pageFile, relative: `dia/${day}.html`, content: html, compressed: null };
    const body: Write = { target: jsonFile, relative: `api/dia/${day}`, content: json, compressed: null };
    [page.compressed, body.compressed] = await Promise.all([compress(html), compress(json)]);
    await Promise.all([writeMatchFile(page, input.builtAt, madeDirs), writeMatchFile(body, input.builtAt, madeDirs)]);
    index.days[day] = {
      ...entry,
      salt: input.salt,
      page: buildLine(page, input.builtAt),
      json: buildLine(body, input.builtAt),
    };
    made += 1;
  }
  return made;
}

/** Links the archive's day folders into a build: client/dia and client/api/dia. */
function linkDaysIntoBuild(dataDir: string, buildId: string): void {
  const client = buildClientDir(dataDir, buildId);
  const site = archiveSiteDir(dataDir);
  for (const inside of ['dia', path.join('api', 'dia')]) {
    const where = path.join(client, inside);
    fs.mkdirSync(path.join(site, inside), { recursive: true });
    fs.mkdirSync(path.dirname(where), { recursive: true });
    fs.symlinkSync(path.relative(path.dirname(where), path.join(site, inside)), where, 'dir');
  }
}

export async function makeArchiveFiles(input: ArchiveFilesInput): Promise<ArchiveFiles> {
  const stored = readArchiveIndex(input.dataDir);
  const index: ArchiveIndex = {
    days: { ...stored.days },
    matches: { ...stored.matches },
    assets: { ...stored.assets },
    expired: [...stored.expired],
  };
  const recorded = await recordYesterday(input, index);
  const archived = archiveLeavingMatches(input.dataDir, index, input.unlisted, input);
  const pruned = prune(input, index);
  const rendered = await makeDayFiles(input, index);
  const clientDir = buildClientDir(input.dataDir, input.buildId);
  const assets = keepArchiveAssets(input.dataDir, clientDir, input, index);
  if (recorded || archived || pruned || assets || rendered > 0) await writeArchiveIndex(input.dataDir, index);
  linkDaysIntoBuild(input.dataDir, input.buildId);
  const files = new Map<string, SiteFile>();
  for (const { page, json } of Object.values(index.days)) {
    if (page) files.set(page.path, page);
    if (json) files.set(json.path, json);
  }
  return { files, rendered, days: Object.keys(index.days).sort().reverse() };
}
