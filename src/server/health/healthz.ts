/**
 * GET /healthz: per listing how old the data THIS process serves is and whether it is stale (as
 * the served build's own listing says it, so a scrape that succeeds while no build gets rendered
 * or published still turns it stale), when the upstream was last read, the last error and
 * what the parser recognised on the last page (markup, skipped rows, unknown status texts);
 * `starting` (503) until this process serves a build, `degraded` (still 200) when any listing is
 * stale; and how this server's last refresh ended
 * (a full disk or a failing build shows there even before the data turns stale). Never cached.
 * Everyone else (see healthz-access.ts) gets only the status and the timings (publicHealth).
 */
import type { Config } from '../../lib/config/config.ts';
import { LISTING_NAMES, type ListingName, type ListingParseSummary } from '../../lib/model/model.ts';
import { readPublishState, type PublishState } from '../../lib/store/builds/publish-state-store.ts';
import { readScrapeState } from '../../lib/store/scraped/scrape-state-store.ts';
import { BUDGET_WINDOW_MS, readDetailSchedule, type DetailSummary } from '../../lib/store/scraped/detail-store.ts';
import { isListingStale, listingIntervalSeconds } from '../../lib/model/staleness.ts';
import type { RefreshOutcome } from '../../lib/model/refresh-outcome.ts';
import type { StaticSite } from '../site/static-site.ts';

export interface ListingHealth {
  /** When the data this process serves was fetched (its /api/<listing>'s generatedAt); null: none served. */
  generatedAt: string | null;
  /** The served listing says so, or it is older than 3 refresh intervals (whatever stopped the builds). */
  stale: boolean;
  /** The last successful read of the upstream listing (scrape-state.json's lastSuccessAt: the instant snapshot.json records), served or not yet. */
  fetchedAt: string | null;
  lastError: string | null;
  /**
   * What the last page read held: markup ("rows", "cards", "mixed", "none"), candidates, matches,
   * skipped rows/cards and the distinct unknown status texts (capped); null before the first read.
   */
  parse: ListingParseSummary | null;
}

export interface Health {
  /** starting: this process serves no build yet (lastBuildAt null). */
  status: 'starting' | 'ok' | 'degraded';
  listings: Record<ListingName, ListingHealth>;
  lastBuildAt: string | null;
  /** The last refresh this server ran (null before the first one ends). */
  lastRefresh: RefreshHealth | null;
  /** The last PUBLISH_COMMAND run (any process's); null when PUBLISH_COMMAND is empty. Never degrades `status`. */
  publish: PublishState | null;
  /** The match pages as the last refresh left them. Never degrades `status`: the listings are the service. */
  details: DetailsHealth;
}

export interface DetailsHealth extends DetailSummary {
  /**
   * Match-page requests sent in the last minute (DETAIL_REQUESTS_PER_MINUTE is the most); while a refresh
   * reads match pages, the places its plan took before its first request.
   */
  requestsLastMinute: number;
  /** Every match-page fetch waits until then (the upstream asked, 429/503), or null. */
  pausedUntil: string | null;
}

function buildDetailsHealth(dataDir: string, now: Date): DetailsHealth {
  const schedule = readDetailSchedule(dataDir);
  const since = now.getTime() - BUDGET_WINDOW_MS;
  const paused = schedule.pausedUntil !== null && Date.parse(schedule.pausedUntil) > now.getTime();
  return {
    ...(schedule.summary ?? { held: 0, failing: 0, failures: [] }),
    requestsLastMinute: schedule.requests.filter((at) => at > since).length,
    pausedUntil: paused ? schedule.pausedUntil : null,
  };
}

export interface RefreshHealth {
  finishedAt: string;
  outcome: RefreshOutcome;
  /** Why it did not publish, or why its scrape failed as a whole (e.g. the disk is full). */
  error: string | null;
}

/** The build this process serves: its time and what its listings say of themselves. */
export type ServedSite = Pick<StaticSite, 'builtAt' | 'data'>;

export function buildHealth(
  config: Config,
  served: ServedSite | null,
  now: Date,
  lastRefresh: RefreshHealth | null = null,
): Health {
  // When each listing was last fetched is in the small scrape state (the same instant the snapshot
  // records): /healthz never parses snapshot.json, and the server holds one copy of the matches.
  const state = readScrapeState(config.dataDir);
  const listings = {} as Record<ListingName, ListingHealth>;
  for (const listing of LISTING_NAMES) {
    // What is served, not what was scraped: a scrape that succeeds while its build fails
    // (render, disk, swap) leaves snapshot.json fresh and the served data ageing.
    const { generatedAt, stale } = served?.data.snapshot[listing] ?? { generatedAt: null, stale: true };
    listings[listing] = {
      generatedAt,
      // Also stale when builds stopped: the served file's flag is only as new as its build.
      stale: stale || isListingStale(generatedAt, now, listingIntervalSeconds(listing, config)),
      fetchedAt: state[listing].lastSuccessAt,
      lastError: state[listing].lastError,
      parse: state[listing].parse,
    };
  }
  const degraded = LISTING_NAMES.some((listing) => listings[listing].stale);
  const publish = config.publishCommand === '' ? null : readPublishState(config.dataDir);
  const lastBuildAt = served?.builtAt ?? null;
  const status = lastBuildAt === null ? 'starting' : degraded ? 'degraded' : 'ok';
  const details = buildDetailsHealth(config.dataDir, now);
  return { status, listings, lastBuildAt, lastRefresh, publish, details };
}

/** What /healthz tells anybody: ok/degraded and when things last happened, no errors, paths or output. */
export interface PublicHealth {
  status: Health['status'];
  listings: Record<ListingName, Pick<ListingHealth, 'generatedAt' | 'stale'>>;
  lastBuildAt: string | null;
  lastRefresh: Pick<RefreshHealth, 'finishedAt'> | null;
}

export function publicHealth(health: Health): PublicHealth {
  const listings = {} as PublicHealth['listings'];
  for (const listing of LISTING_NAMES) {
    const { generatedAt, stale } = health.listings[listing];
    listings[listing] = { generatedAt, stale };
  }
  const lastRefresh = health.lastRefresh && { finishedAt: health.lastRefresh.finishedAt };
  return { status: health.status, listings, lastBuildAt: health.lastBuildAt, lastRefresh };
}
