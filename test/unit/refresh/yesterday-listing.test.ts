/**
 * The yesterday listing (issue 23): requested at most once per YESTERDAY_REFRESH_SECONDS slot of
 * the clock after a success (a new São Paulo day starts a new slot), with back-off after a failure (issue 28), stale on its own rhythm, and files written
 * before it existed (snapshot.json, scrape-state.json) still load with it as never fetched.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isListingDue, type ListingAttempts } from '../../../src/refresh/scrape/listing-schedule.ts';
import { formatRefreshLine } from '../../../src/refresh/refresh-log.ts';
import { formatListingLine, type ListingScrapeResult } from '../../../src/refresh/scrape/scrape.ts';
import { isListingStale, listingIntervalSeconds } from '../../../src/lib/model/staleness.ts';
import { LISTING_NAMES } from '../../../src/lib/model/model.ts';
import { readSnapshot, snapshotPath, writeSnapshotAtomically } from '../../../src/lib/store/scraped/snapshot-store.ts';
import { readScrapeState, scrapeStatePath } from '../../../src/lib/store/scraped/scrape-state-store.ts';
import { buildFixtureSnapshot } from '../../../harness/fixture-snapshot.ts';

const HOURLY = { refreshIntervalSeconds: 60, yesterdayRefreshSeconds: 3600 };
const at = (iso: string): Date => new Date(iso);

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-ontem-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('isListingDue', () => {
  /** The listing's last attempt: a success, or the `failures`-th failure in a row. */
  const succeeded = (lastAttemptAt: string | null): ListingAttempts => ({
    lastAttemptAt,
    lastError: null,
    failures: 0,
  });
  const failed = (lastAttemptAt: string, failures = 1): ListingAttempts => ({
    lastAttemptAt,
    lastError: 'connect ECONNREFUSED 127.0.0.1:9',
    failures,
  });

  it('asks for every other listing at every refresh', () => {
    for (const listing of ['live', 'hoje', 'amanha'] as const) {
      const last = succeeded('2026-11-21T19:00:00-03:00');
      expect(isListingDue(listing, last, at('2026-11-21T19:00:30-03:00'), HOURLY)).toBe(true);
      expect(isListingDue(listing, failed('2026-11-21T19:00:00-03:00'), at('2026-11-21T19:00:30-03:00'), HOURLY)).toBe(
        true,
      );
    }
  });

  it('asks for ontem when never tried, then once per clock hour after a success', () => {
    expect(isListingDue('ontem', succeeded(null), at('2026-11-21T19:10:00-03:00'), HOURLY)).toBe(true);
    const fetched = succeeded('2026-11-21T19:10:00-03:00');
    expect(isListingDue('ontem', fetched, at('2026-11-21T19:11:00-03:00'), HOURLY)).toBe(false);
    expect(isListingDue('ontem', fetched, at('2026-11-21T19:59:59-03:00'), HOURLY)).toBe(false);
    expect(isListingDue('ontem', fetched, at('2026-11-21T20:00:00-03:00'), HOURLY)).toBe(true);
  });

  it('after a failure asks again at the next refresh, then backs off (2, 4, 8… refreshes) up to the hour (issue 28)', () => {
    const tick = (minutes: number): Date => new Date(Date.parse('2026-11-21T19:10:00-03:00') + minutes * 60_000);
    // The tick that ends a wait may start a moment sooner after it than the attempt did.
    const attempt = '2026-11-21T19:10:00.300-03:00';
    for (const [failures, waitMinutes] of [
      [1, 1],
      [2, 2],
      [3, 4],
      [4, 8],
      [5, 16],
      [6, 32],
    ] as const) {
      expect(isListingDue('ontem', failed(attempt, failures), tick(waitMinutes - 0.52), HOURLY), `${failures}`).toBe(
        false,
      );
      expect(isListingDue('ontem', failed(attempt, failures), tick(waitMinutes), HOURLY), `${failures}`).toBe(true);
    }
    // From the 7th failure in a row the wait is the slot: once an hour, at the hour.
    expect(isListingDue('ontem', failed(attempt, 7), tick(49.48), HOURLY)).toBe(false);
    expect(isListingDue('ontem', failed(attempt, 7), tick(50), HOURLY)).toBe(true);
    expect(isListingDue('ontem', failed('2026-11-21T20:00:00.300-03:00', 40), tick(109), HOURLY)).toBe(false);
  });

  it('asks again at the first refresh after midnight in São Paulo (a new yesterday)', () => {
    const late = succeeded('2026-11-21T23:30:00-03:00');
    expect(isListingDue('ontem', late, at('2026-11-22T00:00:05-03:00'), HOURLY)).toBe(true);
    expect(isListingDue('ontem', failed('2026-11-21T23:50:00-03:00', 6), at('2026-11-22T00:00:05-03:00'), HOURLY)).toBe(
      true,
    );
  });

  /** A day of one refresh a minute against an upstream that answers when `up(minute)`: each attempt and its outcome. */
  function simulateDay(up: (minute: number) => boolean): Array<{ minute: number; ok: boolean }> {
    let attempts: ListingAttempts = succeeded(null);
    const log: Array<{ minute: number; ok: boolean }> = [];
    for (let minute = 0; minute < 24 * 60; minute++) {
      const now = new Date(Date.parse('2026-11-21T00:00:00.200-03:00') + minute * 60_000);
      if (!isListingDue('ontem', attempts, now, HOURLY)) continue;
      const ok = up(minute);
      log.push({ minute, ok });
      attempts = ok
        ? succeeded(now.toISOString())
        : { lastAttemptAt: now.toISOString(), lastError: 'falhou', failures: attempts.failures + 1 };
    }
    return log;
  }

  it('over a simulated day with the upstream always up, asks for ontem 24 times', () => {
    expect(simulateDay(() => true)).toHaveLength(24);
  });

  it('over a simulated day, never more than one success per clock hour, and a yesterday within minutes of the upstream coming back', () => {
    const downUntil = (end: number) => (minute: number) => minute >= end;
    for (const end of [1, 5, 13, 45, 61, 200, 22 * 60 + 30]) {
      const log = simulateDay(downUntil(end));
      const successes = log.filter((entry) => entry.ok).map((entry) => Math.floor(entry.minute / 60));
      expect(new Set(successes).size, `down until ${end}`).toBe(successes.length);
      const first = log.find((entry) => entry.ok)?.minute ?? Number.POSITIVE_INFINITY;
      // Back-off waits at most as long as the upstream has been down (or the hour): never the whole hour after 1 minute.
      expect(first - end, `down until ${end}`).toBeLessThanOrEqual(Math.min(end, 60));
    }
    const alwaysDown = simulateDay(() => false);
    // 1, 2, 4, 8, 16, 32 minutes in the first hour, then once an hour.
    expect(alwaysDown.filter((entry) => entry.minute < 60).map((entry) => entry.minute)).toEqual([0, 1, 3, 7, 15, 31]);
    expect(alwaysDown).toHaveLength(6 + 23);
  });

  it('asks again when the last try is unreadable or in the future (a clock set back)', () => {
    expect(isListingDue('ontem', succeeded('ontem à tarde'), at('2026-11-21T19:11:00-03:00'), HOURLY)).toBe(true);
    expect(isListingDue('ontem', succeeded('2026-11-21T21:00:00-03:00'), at('2026-11-21T19:11:00-03:00'), HOURLY)).toBe(
      true,
    );
  });

  it('never asks faster than the refreshes themselves', () => {
    expect(listingIntervalSeconds('ontem', { refreshIntervalSeconds: 300, yesterdayRefreshSeconds: 60 })).toBe(300);
    expect(listingIntervalSeconds('hoje', HOURLY)).toBe(60);
  });
});

describe('what the log says of a listing not due', () => {
  const result = (extra: Partial<ListingScrapeResult>): ListingScrapeResult => ({
    ok: true,
    notModified: false,
    count: 6,
    durationMs: 12,
    error: null,
    parse: null,
    notices: [],
    ...extra,
  });

  it('says it was not asked for (not "304"), and keeps its count', () => {
    const skipped = result({ notModified: true, skipped: true });
    expect(formatListingLine('ontem', skipped)).toBe('ontem: não buscada agora (fora do intervalo), 6 jogos mantidos');
    const listings = {
      live: result({}),
      hoje: result({ notModified: true }),
      amanha: result({ ok: false }),
      ontem: skipped,
    };
    const timings = { scrapeMs: 1, bundleMs: 0, buildMs: 1, compressMs: 1, swapMs: 1, cleanupMs: 1, totalMs: 5 };
    const crests = { fetched: 0, stored: 0, failed: 0 };
    const details = {
      planned: 0,
      requested: 0,
      read: 0,
      notModified: 0,
      failed: [],
      deferred: 0,
      removed: 0,
      pausedUntil: null,
      unusable: [],
      durationMs: 0,
    };
    const scrape = { listings, crests, details, durationMs: 1 };
    const line = formatRefreshLine('atualização #2', {
      outcome: 'published',
      buildId: 'b1',
      scrape,
      timings,
      error: null,
      removedBuilds: [],
      matchesRendered: 0,
      tablesRendered: 0,
      teamHomesRendered: 0,
    });
    expect(line).toContain('live=6 hoje=6(304) amanha=6(falha) ontem=6(espera) ');
  });
});

describe('staleness of the yesterday listing', () => {
  it('is stale only after 3 of its own intervals, the others after 3 minutes', () => {
    const fetched = '2026-11-21T19:00:00-03:00';
    const later = at('2026-11-21T21:00:00-03:00');
    expect(isListingStale(fetched, later, listingIntervalSeconds('ontem', HOURLY))).toBe(false);
    expect(isListingStale(fetched, later, listingIntervalSeconds('hoje', HOURLY))).toBe(true);
    expect(isListingStale(fetched, at('2026-11-21T22:00:01-03:00'), listingIntervalSeconds('ontem', HOURLY))).toBe(
      true,
    );
  });
});

describe('files written before the yesterday listing existed', () => {
  it('an old snapshot.json loads, with ontem never fetched and the others kept', () => {
    const dir = tempDir();
    const { ontem: _dropped, ...old } = buildFixtureSnapshot('http://127.0.0.1:9');
    fs.writeFileSync(snapshotPath(dir), JSON.stringify(old));
    const read = readSnapshot(dir);
    expect(read?.hoje).toEqual(old.hoje);
    expect(read?.ontem).toEqual({
      generatedAt: null,
      timezone: 'America/Sao_Paulo',
      source: 'http://127.0.0.1:9/jogos-de-ontem',
      stale: true,
      count: 0,
      matches: [],
    });
    // And it is written back whole, in the listing order.
    writeSnapshotAtomically(dir, read ?? buildFixtureSnapshot());
    expect(Object.keys(JSON.parse(fs.readFileSync(snapshotPath(dir), 'utf8')) as object)).toEqual([...LISTING_NAMES]);
  });

  it('an old scrape-state.json keeps its validators, with ontem never tried', () => {
    const dir = tempDir();
    const listing = {
      lastSuccessAt: null,
      lastAttemptAt: null,
      lastError: null,
      etag: '"v1"',
      lastModified: null,
      retryNotBefore: null,
    };
    fs.writeFileSync(scrapeStatePath(dir), JSON.stringify({ live: listing, hoje: listing, amanha: listing }));
    const state = readScrapeState(dir);
    expect(state.hoje.etag).toBe('"v1"');
    expect(state.ontem).toMatchObject({ lastAttemptAt: null, etag: null });
    expect(state.hoje.failures).toBe(0);
  });
});
