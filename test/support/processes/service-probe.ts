/**
 * Watching a running Placar from outside, as its users and operators do: the listings and
 * /healthz over HTTP, and the refresh log split into one block per refresh.
 */
import { expect } from 'vitest';
import { LISTING_NAMES, type ListEnvelope, type ListingName } from '../../../src/lib/model/model.ts';
import type { Health } from '../../../src/server/health/healthz.ts';
import { rawRequest } from '../http/raw-http.ts';

export async function readListing(baseUrl: string, listing: ListingName): Promise<ListEnvelope> {
  const response = await rawRequest(baseUrl, `/api/${listing}`);
  expect(response.status, `/api/${listing}`).toBe(200);
  return response.json() as ListEnvelope;
}

export async function readHealth(baseUrl: string): Promise<Health> {
  const response = await rawRequest(baseUrl, '/healthz');
  expect(response.status).toBe(200);
  return response.json() as Health;
}

/**
 * Waits until every listing is fresh, error-free and — for those in `changedSince` — holds
 * data newer than the given generatedAt: the service recovered by itself.
 */
export async function waitForHealthy(
  baseUrl: string,
  changedSince: Partial<Record<ListingName, string | null>> = {},
  timeoutMs = 45_000,
): Promise<Health> {
  let health: Health | undefined;
  await expect
    .poll(
      async () => {
        health = await readHealth(baseUrl);
        const listings = await Promise.all(LISTING_NAMES.map((listing) => readListing(baseUrl, listing)));
        return (
          health.status === 'ok' &&
          LISTING_NAMES.every((listing, index) => {
            const served = listings[index];
            const since = changedSince[listing];
            return (
              health?.listings[listing].lastError === null &&
              served?.stale === false &&
              (since === undefined || served.generatedAt !== since)
            );
          })
        );
      },
      { timeout: timeoutMs, interval: 250 },
    )
    .toBe(true);
  if (!health) throw new Error('no /healthz answer');
  return health;
}

/**
 * Waits until each listing in `errors` says `stale: true` in the API and /healthz is degraded
 * with that listing's lastError matching; returns what the API and /healthz then say.
 */
export async function waitForStale(
  baseUrl: string,
  errors: Partial<Record<ListingName, RegExp>>,
  timeoutMs = 45_000,
): Promise<{ served: Partial<Record<ListingName, ListEnvelope>>; health: Health }> {
  const listings = LISTING_NAMES.filter((listing) => errors[listing] !== undefined);
  let served: Partial<Record<ListingName, ListEnvelope>> = {};
  let health: Health | undefined;
  await expect
    .poll(
      async () => {
        health = await readHealth(baseUrl);
        served = Object.fromEntries(
          await Promise.all(listings.map(async (listing) => [listing, await readListing(baseUrl, listing)])),
        );
        return (
          health.status === 'degraded' &&
          listings.every(
            (listing) =>
              served[listing]?.stale === true &&
              errors[listing]?.test(health?.listings[listing].lastError ?? '') === true,
          )
        );
      },
      { timeout: timeoutMs, interval: 250 },
    )
    .toBe(true);
  if (!health) throw new Error('no /healthz answer');
  return { served, health };
}

export interface RefreshBlock {
  /** The refresh's summary line ("atualização #7 concluída build=… live=4(falha) …"). */
  summary: string;
  /** The lines printed during that refresh, before its summary. */
  lines: string[];
}

const SUMMARY = /^atualização #\d+ (concluída|falhou|ignorada|interrompida)/;

/**
 * The log split into refreshes. Take `log` from before the fault was set: a refresh cut at the
 * start then shows only its summary, and its scrape (done before the cut) did not see the fault.
 */
export function splitRefreshBlocks(log: string): RefreshBlock[] {
  const blocks: RefreshBlock[] = [];
  let lines: string[] = [];
  for (const line of log.split('\n')) {
    if (SUMMARY.test(line)) {
      blocks.push({ summary: line, lines });
      lines = [];
    } else if (line.trim() !== '') lines.push(line);
  }
  return blocks;
}

/** No stack trace anywhere: no "    at …" frame, no line starting with an error name. */
export function expectNoStackTraces(log: string): void {
  const offending = log.split('\n').filter((line) => /^\s+at\s/.test(line) || /^(\w+Error|Error)\b/.test(line));
  expect(offending).toEqual([]);
}

/**
 * Each refresh that reports `listing` as failed says why in exactly one warning line, which
 * matches `reason`; returns how many such refreshes there were.
 */
export function expectOneLinePerFailure(blocks: RefreshBlock[], listing: ListingName, reason: RegExp): number {
  let failed = 0;
  for (const block of blocks) {
    if (!new RegExp(`\\b${listing}=\\d+\\(falha\\)`).test(block.summary)) continue;
    failed++;
    const warnings = block.lines.filter((line) => line.startsWith(`aviso: ${listing} não foi atualizada:`));
    expect(warnings, block.summary).toHaveLength(1);
    expect(warnings[0]).toMatch(reason);
  }
  return failed;
}
