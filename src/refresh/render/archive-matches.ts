/**
 * Which matches the archive takes: a match whose files are in DATA_DIR/jogos/index.json
 * (match-files.ts) but that no listing holds any more is archived when it is finished — in the very
 * build that stops listing it, so its /jogo/{id} never goes missing for a minute, also when today's
 * list drops it before midnight — and kept ARCHIVE_DAYS from the last day a listing showed it. Its
 * files stay where they are, byte for byte (nothing is rendered again); the archive's index keeps
 * its manifest lines (the server reads them there, not in each build's manifest), and the cleanup
 * after the swap only takes it out of the match files' index. Its status and day are read from its own JSON file: the
 * listing is gone.
 */
import fs from 'node:fs';
import { z } from 'zod';
import { isKeptAfterListing, lastListedDay } from '../../lib/model/archive-days.ts';
import { readArchiveIndex, writeArchiveIndex, type ArchiveIndex } from '../../lib/store/scraped/archive-store.ts';
import type { SiteFile } from '../../lib/store/builds/site-manifest.ts';
import { matchFilePaths, removeMatchFiles, type IsArchived } from './match-files.ts';

/** The archive's window on a refresh's day (São Paulo). */
export interface ArchiveWindow {
  today: string;
  archiveDays: number;
}

/** A match's two manifest lines. */
export interface MatchLines {
  page: SiteFile;
  json: SiteFile;
}

/** What of a match's JSON file decides whether it is archived. */
const ArchivableSchema = z.object({
  match: z.object({ status: z.string(), date: z.string() }),
});

/** The day of a finished match from its JSON file; null when it is not finished or unreadable. */
export function finishedMatchDay(jsonFile: string): string | null {
  try {
    const parsed = ArchivableSchema.safeParse(JSON.parse(fs.readFileSync(jsonFile, 'utf8')));
    return parsed.success && parsed.data.match.status === 'FINISHED' ? parsed.data.match.date : null;
  } catch {
    return null;
  }
}

/** Adds to `index` the finished matches of `unlisted` still inside the window; true when one was added. */
export function archiveLeavingMatches(
  dataDir: string,
  index: ArchiveIndex,
  unlisted: ReadonlyMap<string, MatchLines>,
  window: ArchiveWindow,
): boolean {
  let added = false;
  for (const [id, lines] of unlisted) {
    if (index.matches[id]) continue;
    const day = finishedMatchDay(matchFilePaths(dataDir, id).json);
    if (day === null) continue;
    const lastListed = lastListedDay(day, window.today);
    if (!isKeptAfterListing(lastListed, window.today, window.archiveDays)) continue;
    index.matches[id] = { day, lastListed, page: lines.page, json: lines.json };
    added = true;
  }
  return added;
}

/** For the cleanup after the swap: a match the archive holds keeps its files. */
export function keepArchived(dataDir: string): IsArchived {
  const { matches } = readArchiveIndex(dataDir);
  return (id) => matches[id] !== undefined;
}

/**
 * After the swap: the files of matches past the window (archive-files.ts lists them) go — unless the
 * served build names them (listed again). The server drops their routes as it loads a build after the
 * archive's index changed: a request between the two finds no file and answers 404, as it would a moment later.
 */
export async function runExpiredMatchFilesCleanup(
  dataDir: string,
  served: readonly SiteFile[] | null,
): Promise<number> {
  const index = readArchiveIndex(dataDir);
  if (served === null || index.expired.length === 0) return 0;
  const named = new Set(served.map((file) => file.path));
  const waiting = index.expired.filter((id) => named.has(`api/jogo/${id}`));
  for (const id of index.expired) if (!waiting.includes(id)) removeMatchFiles(dataDir, id);
  const removed = index.expired.length - waiting.length;
  if (removed > 0) await writeArchiveIndex(dataDir, { ...index, expired: waiting });
  return removed;
}
