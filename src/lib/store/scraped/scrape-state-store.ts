/**
 * The only reader/writer of DATA_DIR/scrape-state.json: per listing, when it last
 * succeeded or was tried, the last error, the upstream's validators (ETag, Last-Modified)
 * for conditional requests, the Retry-After instant before which it must not be
 * requested, and what the parser recognised on the last page it read. Losing this file is harmless (one unconditional
 * request per listing), so a
 * missing or corrupt file simply reads as a fresh state.
 */
import path from 'node:path';
import { z } from 'zod';
import { LISTING_NAMES, ListingParseSummarySchema, type ListingName } from '../../model/model.ts';
import { readJsonFileOr, writeJsonAtomically, writeJsonAtomicallyAsync } from '../files/json-file.ts';

export const SCRAPE_STATE_FILE = 'scrape-state.json';

const ListingScrapeStateSchema = z.object({
  lastSuccessAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  etag: z.string().nullable(),
  lastModified: z.string().nullable(),
  retryNotBefore: z.string().nullable(),
  /** Failed attempts since the last success (the yesterday listing backs off on them); files written before it read as 0. */
  failures: z.number().int().nonnegative().default(0),
  /** What the last read page held (markup, skipped, unknown labels); files written before it read as null. */
  parse: ListingParseSummarySchema.nullable().default(null),
});
export type ListingScrapeState = z.infer<typeof ListingScrapeStateSchema>;

export const ScrapeStateSchema = z.object({
  live: ListingScrapeStateSchema,
  hoje: ListingScrapeStateSchema,
  amanha: ListingScrapeStateSchema,
  /** Files written before `ontem` existed read as never tried. */
  ontem: ListingScrapeStateSchema.default(() => freshListingState()),
});
export type ScrapeState = z.infer<typeof ScrapeStateSchema>;

export function scrapeStatePath(dataDir: string): string {
  return path.join(dataDir, SCRAPE_STATE_FILE);
}

export function freshListingState(): ListingScrapeState {
  return {
    lastSuccessAt: null,
    lastAttemptAt: null,
    lastError: null,
    etag: null,
    lastModified: null,
    retryNotBefore: null,
    failures: 0,
    parse: null,
  };
}

export function freshScrapeState(): ScrapeState {
  return {
    live: freshListingState(),
    hoje: freshListingState(),
    amanha: freshListingState(),
    ontem: freshListingState(),
  };
}

/** The state on disk, or a fresh one when the file is missing, unreadable or invalid. */
export function readScrapeState(dataDir: string): ScrapeState {
  return readJsonFileOr(scrapeStatePath(dataDir), ScrapeStateSchema, freshScrapeState());
}

/** The listings in their order, each validated: what goes to disk. */
function orderScrapeState(state: ScrapeState): Record<ListingName, ListingScrapeState> {
  const ordered: Record<ListingName, ListingScrapeState> = freshScrapeState();
  for (const listing of LISTING_NAMES) ordered[listing] = ListingScrapeStateSchema.parse(state[listing]);
  return ordered;
}

export function writeScrapeStateAtomically(dataDir: string, state: ScrapeState): void {
  writeJsonAtomically(scrapeStatePath(dataDir), orderScrapeState(state), { space: 2 });
}

/** writeScrapeStateAtomically off the event loop (the refresh, in a serving process). */
export async function writeScrapeStateAtomicallyAsync(dataDir: string, state: ScrapeState): Promise<void> {
  await writeJsonAtomicallyAsync(scrapeStatePath(dataDir), orderScrapeState(state), { space: 2 });
}
