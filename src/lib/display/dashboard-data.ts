/**
 * What every dashboard page and listing endpoint is made from: the configured upstream and
 * the snapshot (an empty, stale one before the first successful scrape). A refresh reads and
 * validates the snapshot once and hands it to every rendered route in Astro.locals
 * (src/refresh/render/render-routes.ts); a full `astro build` has no locals, and reads it here.
 */
import { readConfig } from '../config/config.ts';
import { LISTING_NAMES, type ListEnvelope, type ListingName, type Snapshot } from '../model/model.ts';
import { oldestGeneratedAt, type ListingIntervals } from '../model/staleness.ts';
import { readScrapeState, type ScrapeState } from '../store/scraped/scrape-state-store.ts';
import { readSnapshotOrEmpty } from '../store/scraped/snapshot-store.ts';

export type ViewName = 'live' | 'hoje' | 'busca';

export interface DashboardData {
  upstreamUrl: string;
  snapshot: Snapshot;
  /** Tab counters: search starts at 0 until the browser has results. */
  counts: Record<ViewName, number>;
  /** Per listing: no data ever and a fetch was already tried (the views then say it failed). */
  fetchFailed: Record<ListingName, boolean>;
  /** The refresh rhythms, for the pages' own staleness check on load. */
  intervals: ListingIntervals;
}

/** What the pages need beyond the snapshot: the scrape state (fetch attempts) and the rhythms. */
export interface DashboardContext {
  state?: ScrapeState;
  intervals?: ListingIntervals;
}

/** The default schedule (REFRESH_CRON every minute, YESTERDAY_REFRESH_SECONDS an hour). */
export const DEFAULT_INTERVALS: ListingIntervals = { refreshIntervalSeconds: 60, yesterdayRefreshSeconds: 3600 };

export function buildDashboardData(
  upstreamUrl: string,
  snapshot: Snapshot,
  context: DashboardContext = {},
): DashboardData {
  const fetchFailed = {} as Record<ListingName, boolean>;
  for (const listing of LISTING_NAMES) {
    const tried = (context.state?.[listing].lastAttemptAt ?? null) !== null;
    fetchFailed[listing] = snapshot[listing].generatedAt === null && tried;
  }
  const counts = { live: snapshot.live.count, hoje: snapshot.hoje.count, busca: 0 };
  return { upstreamUrl, snapshot, counts, fetchFailed, intervals: context.intervals ?? DEFAULT_INTERVALS };
}

/** The listings a search covers every minute; ontem, fetched hourly, would date every search an hour back. */
const SEARCHED_EVERY_MINUTE = ['live', 'hoje', 'amanha'] as const;

/**
 * What Busca's data is, before any search: dated as /api/busca dates its answers (the oldest of
 * live, hoje and amanhã), stale when one is, and "could not be reached" when none was ever fetched
 * though tried — so Busca says what the other views say.
 */
export function buildSearchDataState(data: DashboardData): {
  envelope: Pick<ListEnvelope, 'generatedAt' | 'stale'>;
  fetchFailed: boolean;
} {
  const envelopes = SEARCHED_EVERY_MINUTE.map((listing) => data.snapshot[listing]);
  return {
    envelope: { generatedAt: oldestGeneratedAt(envelopes), stale: envelopes.some((envelope) => envelope.stale) },
    fetchFailed: SEARCHED_EVERY_MINUTE.every((listing) => data.fetchFailed[listing]),
  };
}

export function readDashboardData(): DashboardData {
  const config = readConfig();
  const snapshot = readSnapshotOrEmpty(config.dataDir, config.upstreamUrl);
  const context = { state: readScrapeState(config.dataDir), intervals: config };
  return buildDashboardData(config.upstreamUrl, snapshot, context);
}

/** The data the render call passed in `locals`, or (a plain `astro build`) the snapshot on disk. */
export function dashboardDataFor(locals: App.Locals): DashboardData {
  return locals.placar ?? readDashboardData();
}
