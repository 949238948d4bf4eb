/**
 * The crest step of a scrape: fetch the crests the snapshot shows for the first time (see
 * plan-crest-fetches.ts), keep the well-formed, crest-sized raster ones (read-image-header.ts) in
 * DATA_DIR/escudos/<sha256>.<ext>, and record every outcome in the map, so each crest costs the
 * upstream one request, ever. Never throws: a crest that cannot be had is simply not shown.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Snapshot } from '../lib/model/model.ts';
import { writeFileAtomically } from '../lib/store/files/atomic-file.ts';
import { formatSaoPauloIso } from '../lib/model/time.ts';
import { crestsDir, readCrestMap, writeCrestMap, type CrestMap } from '../lib/store/scraped/crest-store.ts';
import { internalUpstreamAddresses, type Resolver } from './checked-lookup.ts';
import { createCrestAgent, fetchCrest, type FetchCrestOptions } from './fetch-crest.ts';
import { planCrestFetches } from './plan-crest-fetches.ts';
import { readImageHeader } from './read-image-header.ts';

/** Crests fetched per refresh at most: a new day of teams arrives over a few refreshes. */
export const MAX_CREST_FETCHES_PER_REFRESH = 20;
/** A 20 px crest needs a few KB; anything far bigger is not a crest. */
export const MAX_CREST_BYTES = 100_000;
/** Crests never hold up the refresh for long: past this, the rest wait for the next one. */
const CREST_TIME_BUDGET_MS = 10_000;
const CREST_TIMEOUT_MS = 5_000;

export interface CrestSyncReport {
  fetched: number;
  stored: number;
  failed: number;
}

export interface CrestSyncOptions {
  dataDir: string;
  upstreamUrl: string;
  /** CREST_HOSTS: origins crests may come from besides the upstream's. */
  crestOrigins: readonly string[];
  timeoutMs: number;
  now: () => Date;
  /** How host names are resolved (default: the system's); tests simulate DNS with it. */
  resolve?: Resolver;
}

export async function syncCrests(snapshot: Snapshot, options: CrestSyncOptions): Promise<CrestSyncReport> {
  const report: CrestSyncReport = { fetched: 0, stored: 0, failed: 0 };
  try {
    const crests = readCrestMap(options.dataDir);
    const wanted = planCrestFetches(snapshot, crests, options, options.now(), MAX_CREST_FETCHES_PER_REFRESH);
    if (wanted.length === 0) return report;
    fs.mkdirSync(crestsDir(options.dataDir), { recursive: true });
    const timeoutMs = Math.min(options.timeoutMs, CREST_TIMEOUT_MS);
    const allowedAddresses = await internalUpstreamAddresses(options.upstreamUrl, options.resolve);
    const dispatcher = createCrestAgent(timeoutMs, allowedAddresses, options.resolve);
    try {
      const fetchOptions = { ...options, dispatcher, timeoutMs, maxBytes: MAX_CREST_BYTES, allowedAddresses };
      await fetchEach(wanted, fetchOptions, crests, report);
    } finally {
      await dispatcher.close();
    }
    writeCrestMap(options.dataDir, crests);
  } catch {
    // A full or read-only disk costs the crests, never the scrape.
  }
  return report;
}

/** One at a time: crests are small, and the upstream sees no burst. */
async function fetchEach(
  wanted: readonly string[],
  options: CrestSyncOptions & FetchCrestOptions,
  crests: CrestMap,
  report: CrestSyncReport,
): Promise<void> {
  const deadline = performance.now() + CREST_TIME_BUDGET_MS;
  for (const url of wanted) {
    if (performance.now() > deadline) break;
    report.fetched++;
    let file: string | null = null;
    try {
      const bytes = await fetchCrest(url, options);
      const image = readImageHeader(bytes);
      if (image !== null) {
        file = `${createHash('sha256').update(bytes).digest('hex')}.${image.type}`;
        const target = path.join(crestsDir(options.dataDir), file);
        if (!fs.existsSync(target)) writeFileAtomically(target, bytes);
      }
    } catch {
      // Unreachable, refused, too big, not 200: recorded as failed below, retried a day later.
    }
    if (file) report.stored++;
    else report.failed++;
    crests[url] = { file, checkedAt: formatSaoPauloIso(options.now()) };
  }
}
