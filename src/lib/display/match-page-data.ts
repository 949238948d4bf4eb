/**
 * What the match page /jogo/{id} and its JSON /api/jogo/{id} are made from: the match whole
 * (its freshest listing row, crests being Placar's own copies, and the detail read from its
 * upstream page) and what the page needs beside it. A refresh builds one per match of the listings and hands them to
 * the routes in
 * Astro.locals (src/refresh/render/render-routes.ts).
 */
import { LISTING_NAMES, TIMEZONE, type MatchDetailEnvelope, type Snapshot } from '../model/model.ts';
import { hasMatchPage } from '../model/match-paths.ts';
import { isDetailStale } from '../model/staleness.ts';
import { readConfig } from '../config/config.ts';
import { readDetailRecords, type DetailRecord } from '../store/scraped/detail-store.ts';
import { readDashboardData } from './dashboard-data.ts';
import { buildDataDay } from './match-display.ts';

export interface MatchPageData {
  envelope: MatchDetailEnvelope;
  upstreamUrl: string;
  /** The São Paulo day of the data (YYYY-MM-DD), for "hoje"/"amanhã" in the status badge. */
  today: string | null;
  /** Both teams' places in their competition's table (table-data.ts); absent or null when it has none. */
  positions?: TablePositions | null;
}

/** A team's place in its competition's table: as printed, and live while its group has matches in play. */
export interface TablePosition {
  position: number;
  live: number | null;
  /** The group, when its competition has several; null for a league's one table. */
  group: string | null;
}

export interface TablePositions {
  home: TablePosition | null;
  away: TablePosition | null;
}

const LIVE = new Set(['IN_PLAY', 'PAUSED']);

/**
 * One page's data per match of the listings (live first: the freshest row wins), from the
 * detail records (src/lib/store/scraped/detail-store.ts) and the crests the dashboard shows.
 */
export function buildMatchPages(
  upstreamUrl: string,
  snapshot: Snapshot,
  records: ReadonlyMap<string, DetailRecord>,
  now: Date,
): Map<string, MatchPageData> {
  const pages = new Map<string, MatchPageData>();
  const today = buildDataDay(snapshot.hoje.generatedAt);
  for (const listing of LISTING_NAMES) {
    const envelope = snapshot[listing];
    for (const match of envelope.matches) {
      if (pages.has(match.id) || !hasMatchPage(match.id)) continue;
      const record = records.get(match.id);
      const generatedAt = record?.generatedAt ?? null;
      const stale = isDetailStale(
        {
          rowStale: envelope.stale,
          live: LIVE.has(match.status),
          generatedAt,
          failing: (record?.fetch.lastError ?? null) !== null,
        },
        now,
      );
      pages.set(match.id, {
        envelope: {
          generatedAt,
          matchReadAt: LIVE.has(match.status) ? envelope.generatedAt : null,
          timezone: TIMEZONE,
          source: match.url,
          stale,
          match,
          detail: generatedAt === null ? null : (record?.detail ?? null),
        },
        upstreamUrl,
        today,
      });
    }
  }
  return pages;
}

/** Every match page's data from DATA_DIR (a plain `astro build` has no locals). */
export function readMatchPages(): Map<string, MatchPageData> {
  const { upstreamUrl, snapshot } = readDashboardData();
  const { records } = readDetailRecords(readConfig().dataDir);
  return buildMatchPages(upstreamUrl, snapshot, records, new Date());
}

let readPages: Map<string, MatchPageData> | null = null;

/** The data of match `id` the render passed in `locals` (or, with none, DATA_DIR's); null: no such match (404). */
export function matchPageDataFor(locals: App.Locals, id: string): MatchPageData | null {
  if (locals.matchPages) return locals.matchPages.get(id) ?? null;
  readPages ??= readMatchPages();
  return readPages.get(id) ?? null;
}

/** The paths a plain `astro build` pre-renders: every match of DATA_DIR's listings. */
export function listMatchPageIds(): string[] {
  readPages ??= readMatchPages();
  return [...readPages.keys()];
}
