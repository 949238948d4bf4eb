/**
 * What the archive shows (src/lib/store/scraped/archive-store.ts keeps it): the past days Placar kept,
 * linked from /ontem and the 404 page, and the listing a /dia/{day} page shows. A refresh passes
 * them in Astro.locals (src/refresh/render/make-build.ts); a plain `astro build` reads DATA_DIR.
 */
import { readConfig } from '../config/config.ts';
import { DEFAULT_ARCHIVE_DAYS } from '../model/archive-days.ts';
import type { ListEnvelope } from '../model/model.ts';
import { readArchiveIndex, readDayListing } from '../store/scraped/archive-store.ts';

export interface ArchiveData {
  /** The days kept, newest first. */
  days: readonly string[];
  /** ARCHIVE_DAYS: how long a day and its finished matches stay after they leave the listings. */
  archiveDays: number;
}

/** One past day's page: the day and its listing as last fetched. */
export interface ArchivedDayData {
  day: string;
  listing: ListEnvelope;
  upstreamUrl: string;
}

/** The days kept in `dataDir`, newest first. */
export function listArchivedDays(dataDir: string): string[] {
  return Object.keys(readArchiveIndex(dataDir).days).sort().reverse();
}

export function archiveDataFor(locals: App.Locals): ArchiveData {
  if (locals.archive) return locals.archive;
  try {
    const config = readConfig();
    return { days: listArchivedDays(config.dataDir), archiveDays: config.archiveDays };
  } catch {
    return { days: [], archiveDays: DEFAULT_ARCHIVE_DAYS };
  }
}

/** The day a /dia/{day} render shows: the refresh's, or (a plain `astro build`) the one kept on disk. */
export function archivedDayFor(locals: App.Locals, day: string): ArchivedDayData | null {
  if (locals.archivedDay) return locals.archivedDay.day === day ? locals.archivedDay : null;
  const config = readConfig();
  const listing = readDayListing(config.dataDir, day);
  return listing ? { day, listing, upstreamUrl: config.upstreamUrl } : null;
}

/** The paths a plain `astro build` pre-renders: every day kept in DATA_DIR. */
export function listArchivedDayPaths(): string[] {
  return listArchivedDays(readConfig().dataDir);
}
