/**
 * What a team's home, /time/{slug}, /api/time/{slug} and /api/time/{slug}.ics, is made from (API.md, "The team's
 * home"): one per team the listings or the kept days name, merged (team-home-merge.ts) from those, the upstream's
 * team pages as last read, the tables Placar holds (table-data.ts) and the match details (venue, where to
 * watch). A refresh builds them and hands them to the routes in Astro.locals (src/refresh/render/render-routes.ts).
 */
import { readConfig } from '../config/config.ts';
import { hasMatchPage, matchPagePath } from '../model/match-paths.ts';
import { LISTING_NAMES, TIMEZONE, type Broadcast, type Match, type Snapshot } from '../model/model.ts';
import type { TeamHomeEnvelope } from '../model/team-home.ts';
import { indexTeamMatches, indexTeamStandings, mergeTeamMatches, namedTeams } from '../model/team-home-merge.ts';
import { formatSaoPauloIso } from '../model/time.ts';
import { readDayListing } from '../store/scraped/archive-store.ts';
import { readDetailRecords, type DetailRecord } from '../store/scraped/detail-store.ts';
import { readSnapshotOrEmpty } from '../store/scraped/snapshot-store.ts';
import { readTeamPageRecords, type TeamPageRecord } from '../store/scraped/team-page-store.ts';
import { listArchivedDays } from './archive-data.ts';
import { buildDataDay } from './match-display.ts';
import { readStandingsPages, type StandingsPageData } from './table-data.ts';

/** What a match's detail, when Placar holds one, adds to a team's home: the venue and where to watch. */
export interface TeamHomeMatchDetail {
  venue: string | null;
  broadcasts: Broadcast[];
}

export interface TeamHomePageData {
  envelope: TeamHomeEnvelope;
  upstreamUrl: string;
  /** The São Paulo day of the data (YYYY-MM-DD), for "hoje"/"amanhã" in the status badges (buildStatusBadge). */
  today: string | null;
  /** By match id, the listed matches whose detail Placar holds (plain objects: a refresh keys the data by its JSON). */
  details: Record<string, TeamHomeMatchDetail>;
  /** By match id, Placar's address of each listed match that has its own page (`/jogo/{id}`). */
  matchPaths: Record<string, string>;
}

/** The team pages of one team as last read (team-page-store.ts). */
export type HeldTeamPages = Pick<TeamPageRecord, 'readAt' | 'pages'>;

/** What every team's home is made from. */
export interface TeamHomeSources {
  upstreamUrl: string;
  snapshot: Snapshot;
  /** The kept days' matches, newest day first. */
  keptDays: readonly (readonly Match[])[];
  teamPages: ReadonlyMap<string, HeldTeamPages>;
  standingsPages: ReadonlyMap<string, StandingsPageData>;
  detailRecords: ReadonlyMap<string, DetailRecord>;
}

/** The upstream's upcoming-matches page of a team: the envelope's `source`. */
export function teamPagesSource(upstreamUrl: string, slug: string): string {
  return `${upstreamUrl.replace(/\/+$/, '')}/time/${slug}/proximos-jogos`;
}

/** The team pages Placar holds, by slug. */
export function readHeldTeamPages(dataDir: string): ReadonlyMap<string, HeldTeamPages> {
  return readTeamPageRecords(dataDir);
}

/** The kept days' matches in `dataDir`, newest day first. */
export function readKeptDayMatches(dataDir: string): Match[][] {
  return listArchivedDays(dataDir).map((day) => readDayListing(dataDir, day)?.matches ?? []);
}

/** What Placar holds of each of a team's matches beside the match: its detail and its own page. */
function heldOf(
  matches: readonly Match[],
  records: ReadonlyMap<string, DetailRecord>,
  pageIds: ReadonlySet<string>,
): Pick<TeamHomePageData, 'details' | 'matchPaths'> {
  const details: Record<string, TeamHomeMatchDetail> = {};
  const matchPaths: Record<string, string> = {};
  for (const match of matches) {
    const detail = records.get(match.id)?.detail ?? null;
    if (detail) details[match.id] = { venue: detail.venue, broadcasts: detail.broadcasts };
    if (pageIds.has(match.id)) matchPaths[match.id] = matchPagePath(match.id);
  }
  return { details, matchPaths };
}

/** Every team's home, by team slug. */
export function buildTeamHomePages(sources: TeamHomeSources, now: Date): Map<string, TeamHomePageData> {
  const { upstreamUrl, snapshot } = sources;
  const held = [...LISTING_NAMES.map((listing) => snapshot[listing].matches), ...sources.keptDays];
  const matchesByTeam = indexTeamMatches(held);
  const teams = namedTeams(held);
  const standings = indexTeamStandings([...sources.standingsPages.values()].map((page) => page.envelope));
  // Only Placar's own matches have a page of theirs (a team page's card alone is not one).
  const pageIds = new Set<string>();
  for (const matches of held) for (const match of matches) if (hasMatchPage(match.id)) pageIds.add(match.id);
  const generatedAt = snapshot.live.generatedAt ?? snapshot.hoje.generatedAt ?? formatSaoPauloIso(now);
  const stale = snapshot.live.stale || snapshot.hoje.stale;
  const today = buildDataDay(snapshot.hoje.generatedAt);
  const homes = new Map<string, TeamHomePageData>();
  for (const [slug, team] of teams) {
    const read = sources.teamPages.get(slug);
    const matches = mergeTeamMatches(matchesByTeam.get(slug) ?? [], read?.pages ?? null, teams);
    const listed = [...matches.live, ...matches.next, ...matches.last];
    const { details, matchPaths } = heldOf(listed, sources.detailRecords, pageIds);
    homes.set(slug, {
      envelope: {
        generatedAt,
        timezone: TIMEZONE,
        stale,
        source: teamPagesSource(upstreamUrl, slug),
        readAt: read?.readAt ? formatSaoPauloIso(new Date(read.readAt)) : null,
        team: { name: team.name, slug, crest: team.crest },
        ...matches,
        standings: standings.get(slug) ?? [],
      },
      upstreamUrl,
      today,
      details,
      matchPaths,
    });
  }
  return homes;
}

/** Every team's home from DATA_DIR (a plain `astro build` has no locals). */
function readTeamHomePages(): Map<string, TeamHomePageData> {
  const { dataDir, upstreamUrl } = readConfig();
  const sources: TeamHomeSources = {
    upstreamUrl,
    snapshot: readSnapshotOrEmpty(dataDir, upstreamUrl),
    keptDays: readKeptDayMatches(dataDir),
    teamPages: readHeldTeamPages(dataDir),
    standingsPages: readStandingsPages(),
    detailRecords: readDetailRecords(dataDir).records,
  };
  return buildTeamHomePages(sources, new Date());
}

let readPages: Map<string, TeamHomePageData> | null = null;

/** The home of `slug` the render passed in `locals` (or, with none, DATA_DIR's); null: no such team (404). */
export function teamHomePageDataFor(locals: App.Locals, slug: string): TeamHomePageData | null {
  if (locals.teamHomePages) return locals.teamHomePages.get(slug) ?? null;
  readPages ??= readTeamHomePages();
  return readPages.get(slug) ?? null;
}

/** The paths a plain `astro build` pre-renders: every team of DATA_DIR's listings and kept days. */
export function listTeamSlugs(): string[] {
  readPages ??= readTeamHomePages();
  return [...readPages.keys()];
}
