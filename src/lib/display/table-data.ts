/**
 * What the table page /tabela/{slug} and its JSON /api/tabela/{slug} are made from: one per
 * competition the listings name (API.md, "Standings"): the last good read of its page
 * (table-store.ts), the crests Placar holds for its teams (the listings' copies), and the
 * live table while its matches are in play or a finished one is not in the read yet (live-table.ts,
 * tracked-results.ts). A refresh builds them and hands
 * them to the routes in Astro.locals (src/refresh/render/render-routes.ts).
 */
import { readConfig } from '../config/config.ts';
import { playedByTeam, projectLiveStandings, teamsAlreadyCounting, type ResolvedGroup } from '../model/live-table.ts';
import { LISTING_NAMES, TIMEZONE, type Match, type Snapshot, type Team } from '../model/model.ts';
import { isCompetitionSlug, teamKey, type StandingsEnvelope, type StandingsPendingResult } from '../model/table.ts';
import { isCountedByRead, teamsCounted } from '../model/tracked-results.ts';
import { teamSlugFromName } from '../model/team-slug.ts';
import { formatSaoPauloIso } from '../model/time.ts';
import { readSnapshotOrEmpty } from '../store/scraped/snapshot-store.ts';
import { readStandingsRecords, type StandingsRecord } from '../store/scraped/table-store.ts';
import type { MatchPageData, TablePosition } from './match-page-data.ts';
import { isPlaying } from './table-display.ts';

/** A table read longer ago than this is served `stale` (it is due every 6 hours). */
export const STANDINGS_STALE_MS = 12 * 60 * 60 * 1000;

export interface StandingsPageData {
  envelope: StandingsEnvelope;
  upstreamUrl: string;
}

/** Each competition's matches in the listings (each match once, the freshest listing's row). */
function matchesByCompetition(snapshot: Snapshot): Map<string, { name: string; matches: Match[] }> {
  const competitions = new Map<string, { name: string; matches: Match[] }>();
  const seen = new Set<string>();
  for (const listing of LISTING_NAMES) {
    for (const match of snapshot[listing].matches) {
      if (seen.has(match.id)) continue;
      seen.add(match.id);
      const { slug, name } = match.competition;
      if (!isCompetitionSlug(slug)) continue;
      const entry = competitions.get(slug) ?? { name, matches: [] };
      entry.matches.push(match);
      competitions.set(slug, entry);
    }
  }
  return competitions;
}

/** One value per listed team, by teamKey (the first match that has one gives it): a table row takes its team's. */
function byTeam(snapshot: Snapshot, pick: (team: Team) => string | null): Map<string, string> {
  const values = new Map<string, string>();
  for (const listing of LISTING_NAMES)
    for (const match of snapshot[listing].matches)
      for (const team of [match.homeTeam, match.awayTeam]) {
        const value = pick(team);
        if (value && !values.has(teamKey(team.name))) values.set(teamKey(team.name), value);
      }
  return values;
}

export function competitionSource(upstreamUrl: string, slug: string): string {
  return `${upstreamUrl.replace(/\/+$/, '')}/${slug}`;
}

interface PendingResults {
  /** Ids of the finished matches the read does not count yet. */
  ids: Set<string>;
  results: StandingsPendingResult[];
  /** Teams (teamKey) whose tracked match in play or pending the read already counts. */
  counting: Set<string>;
}

/** What the last read of a competition's page does not count yet of its tracked results (tracked-results.ts). */
function pendingResultsOf(
  record: StandingsRecord | undefined,
  resolved: readonly ResolvedGroup[],
  matches: readonly Match[],
): PendingResults {
  const pending: PendingResults = { ids: new Set(), results: [], counting: new Set() };
  if (!record || record.readAt === null) return pending;
  const played = playedByTeam(resolved);
  const byId = new Map(matches.map((match) => [match.id, match] as const));
  for (const tracked of record.tracked) {
    const match = byId.get(tracked.match);
    if (!match || (match.status === 'FINISHED' && isCountedByRead(tracked, played))) continue;
    for (const team of teamsCounted(tracked, played)) pending.counting.add(team);
    if (match.status !== 'FINISHED') continue;
    pending.ids.add(match.id);
    pending.results.push({
      match: match.id,
      homeTeam: match.homeTeam.name,
      awayTeam: match.awayTeam.name,
      score: { home: match.score.home ?? 0, away: match.score.away ?? 0 },
    });
  }
  return pending;
}

/** The table of every competition the listings name, by slug. */
export function buildStandingsPages(
  upstreamUrl: string,
  snapshot: Snapshot,
  records: ReadonlyMap<string, StandingsRecord>,
  now: Date,
): Map<string, StandingsPageData> {
  const pages = new Map<string, StandingsPageData>();
  const crests = byTeam(snapshot, (team) => team.crest);
  // A row the page gives no key to takes the one its team's matches carry.
  const slugs = byTeam(snapshot, (team) => team.slug);
  const generatedAt = snapshot.live.generatedAt ?? snapshot.hoje.generatedAt ?? formatSaoPauloIso(now);
  for (const [slug, { name, matches }] of matchesByCompetition(snapshot)) {
    const record = records.get(slug);
    const readAt = record?.readAt ?? null;
    const resolved: ResolvedGroup[] = (record?.groups ?? []).map((group) => ({
      name: group.name,
      rows: group.rows.map(({ team, ...numbers }) => ({
        ...numbers,
        team: {
          name: team.name,
          crest: crests.get(teamKey(team.name)) ?? null,
          slug: team.slug ?? slugs.get(teamKey(team.name)) ?? teamSlugFromName(team.name),
        },
      })),
    }));
    const earlier = record?.earlier
      ? { readAt: record.earlier.readAt, played: new Map(Object.entries(record.earlier.played)) }
      : null;
    const pending = pendingResultsOf(record, resolved, matches);
    const counting =
      readAt === null
        ? new Set<string>()
        : teamsAlreadyCounting({ readAt, played: playedByTeam(resolved) }, earlier, matches);
    for (const team of pending.counting) counting.add(team);
    const groups = projectLiveStandings(resolved, matches, counting, pending.ids);
    const stale =
      readAt === null ||
      (record?.fetch.lastError ?? null) !== null ||
      now.getTime() - Date.parse(readAt) > STANDINGS_STALE_MS;
    const read = readAt === null ? null : formatSaoPauloIso(new Date(readAt));
    pages.set(slug, {
      envelope: {
        // The moment its numbers are from: the live listing's while a group plays, else the read's (so a table with
        // nothing in play, pending results included, stays the same bytes from one refresh to the next:
        // table-files.ts).
        generatedAt: groups.some((group) => group.rows.some((row) => isPlaying(row, pending.ids))) ? generatedAt : read,
        timezone: TIMEZONE,
        source: competitionSource(upstreamUrl, slug),
        readAt: read,
        stale,
        competition: { name, slug },
        groups,
        pendingResults: pending.results,
      },
      upstreamUrl,
    });
  }
  return pages;
}

/**
 * A table's places by team key (teamKey), the first row of a team kept, as a row-by-row search finds it;
 * the group named only when there are several (a league's one table may be headed "Grupo único").
 */
function placesOf(envelope: StandingsEnvelope): Map<string, TablePosition> {
  const places = new Map<string, TablePosition>();
  const grouped = envelope.groups.length > 1;
  for (const group of envelope.groups)
    for (const row of group.rows) {
      const key = teamKey(row.team.name);
      if (!places.has(key))
        places.set(key, {
          position: row.position,
          live: row.live?.position ?? null,
          group: grouped ? group.name : null,
        });
    }
  return places;
}

/** Each match page with both teams' places in their competition's table (when it has one that names them). */
export function withTablePositions(
  matchPages: ReadonlyMap<string, MatchPageData>,
  standingsPages: ReadonlyMap<string, StandingsPageData>,
): Map<string, MatchPageData> {
  // Each table's places made once, not searched row by row for both teams of each of its matches.
  const placesBySlug = new Map<string, Map<string, TablePosition>>();
  const placesFor = (slug: string): Map<string, TablePosition> | null => {
    const table = standingsPages.get(slug)?.envelope;
    if (!table) return null;
    let places = placesBySlug.get(slug);
    if (!places) {
      places = placesOf(table);
      placesBySlug.set(slug, places);
    }
    return places;
  };
  const pages = new Map<string, MatchPageData>();
  for (const [id, data] of matchPages) {
    const { match } = data.envelope;
    const places = placesFor(match.competition.slug);
    const home = places?.get(teamKey(match.homeTeam.name)) ?? null;
    const away = places?.get(teamKey(match.awayTeam.name)) ?? null;
    pages.set(id, home || away ? { ...data, positions: { home, away } } : data);
  }
  return pages;
}

/** Every table's data from DATA_DIR (a plain `astro build` has no locals). */
export function readStandingsPages(): Map<string, StandingsPageData> {
  const config = readConfig();
  const snapshot = readSnapshotOrEmpty(config.dataDir, config.upstreamUrl);
  const { records } = readStandingsRecords(config.dataDir);
  return buildStandingsPages(config.upstreamUrl, snapshot, records, new Date());
}

let readPages: Map<string, StandingsPageData> | null = null;

/** The table of `slug` the render passed in `locals` (or, with none, DATA_DIR's); null: no such competition (404). */
export function standingsPageDataFor(locals: App.Locals, slug: string): StandingsPageData | null {
  if (locals.standingsPages) return locals.standingsPages.get(slug) ?? null;
  readPages ??= readStandingsPages();
  return readPages.get(slug) ?? null;
}

/** The paths a plain `astro build` pre-renders: every competition of DATA_DIR's listings. */
export function listStandingsSlugs(): string[] {
  readPages ??= readStandingsPages();
  return [...readPages.keys()];
}
