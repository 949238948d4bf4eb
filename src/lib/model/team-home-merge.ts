/**
 * Pure: a team's home (API.md, "The team's home") merged from what Placar holds (listings and kept days) and the
 * upstream's team pages: each match once by id, the freshest source winning; `live`, `next` (soonest first) and
 * `last` (latest first); and the team's rows in the tables Placar holds.
 */
import type { Match, StandingsEnvelope, Team } from './model.ts';
import type { TeamPagesRead, TeamStanding } from './team-home.ts';
import { TEAM_HOME_LIMITS } from './team-home.ts';

export interface TeamHomeMatches {
  live: Match[];
  next: Match[];
  last: Match[];
}

/** A team as the listings name it: the first name seen and the first crest copy Placar holds. */
export interface NamedTeam {
  name: string;
  slug: string;
  crest: string | null;
}

/**
 * Each team's matches (by team slug) from sources given freshest first (live, hoje, amanhã, ontem, then the kept
 * days newest first): a match is kept from the first source that lists it.
 */
export function indexTeamMatches(sources: Iterable<readonly Match[]>): Map<string, Match[]> {
  const byTeam = new Map<string, Match[]>();
  const seen = new Set<string>();
  for (const matches of sources)
    for (const match of matches) {
      if (seen.has(match.id)) continue;
      seen.add(match.id);
      for (const slug of new Set([match.homeTeam.slug, match.awayTeam.slug])) {
        if (slug === null) continue;
        const held = byTeam.get(slug);
        if (held) held.push(match);
        else byTeam.set(slug, [match]);
      }
    }
  return byTeam;
}

/** Every team the matches name with a slug, by slug: its first name and the first crest Placar holds of it. */
export function namedTeams(matches: Iterable<readonly Match[]>): Map<string, NamedTeam> {
  const teams = new Map<string, NamedTeam>();
  const remember = (team: Team): void => {
    if (team.slug === null) return;
    const known = teams.get(team.slug);
    if (!known) teams.set(team.slug, { name: team.name, slug: team.slug, crest: team.crest });
    else if (known.crest === null && team.crest !== null) known.crest = team.crest;
  };
  for (const listed of matches)
    for (const match of listed) {
      remember(match.homeTeam);
      remember(match.awayTeam);
    }
  return teams;
}

/** A team-page card's team with the crest copy Placar holds of it (a card carries the upstream's image only). */
function withHeldCrest(team: Team, teams: ReadonlyMap<string, NamedTeam>): Team {
  if (team.crest !== null || team.slug === null) return team;
  const crest = teams.get(team.slug)?.crest ?? null;
  return crest === null ? team : { ...team, crest };
}

const IN_PLAY: ReadonlySet<Match['status']> = new Set(['IN_PLAY', 'PAUSED']);
const OVER: ReadonlySet<Match['status']> = new Set(['FINISHED', 'SUSPENDED']);

/**
 * Which list a match goes in: finished (or stopped) ones in `last`, those in play in `live`, and a match of a status
 * Placar does not know yet in `live` once it shows a score; every other one is still to start.
 */
function listOf(match: Match): keyof TeamHomeMatches {
  if (OVER.has(match.status)) return 'last';
  if (IN_PLAY.has(match.status) || (match.status === 'UNKNOWN' && match.score.home !== null)) return 'live';
  return 'next';
}

/** When a match starts, for ordering: its kick-off, else the start of its day in São Paulo. */
function startOf(match: Match): number {
  const kickoff = match.kickoff === null ? Number.NaN : Date.parse(match.kickoff);
  return Number.isNaN(kickoff) ? Date.parse(`${match.date}T00:00:00-03:00`) : kickoff;
}

const soonestFirst = (a: Match, b: Match): number =>
  startOf(a) - startOf(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * One team's `live`, `next` and `last`: the matches Placar holds (`held`, from indexTeamMatches) and those of its
 * team pages Placar does not hold (as their cards show them, with Placar's crest copies), each once by id.
 */
export function mergeTeamMatches(
  held: readonly Match[],
  pages: TeamPagesRead | null,
  teams: ReadonlyMap<string, NamedTeam>,
): TeamHomeMatches {
  const merged: TeamHomeMatches = { live: [], next: [], last: [] };
  const seen = new Set<string>();
  const add = (match: Match): void => {
    if (seen.has(match.id)) return;
    seen.add(match.id);
    merged[listOf(match)].push(match);
  };
  for (const match of held) add(match);
  for (const match of [...(pages?.next ?? []), ...(pages?.last ?? [])])
    add({ ...match, homeTeam: withHeldCrest(match.homeTeam, teams), awayTeam: withHeldCrest(match.awayTeam, teams) });
  const limit = TEAM_HOME_LIMITS.listed;
  return {
    live: merged.live.sort(soonestFirst).slice(0, limit),
    next: merged.next.sort(soonestFirst).slice(0, limit),
    // The latest first, the limit keeping the latest.
    last: merged.last.sort((a, b) => soonestFirst(b, a)).slice(0, limit),
  };
}

/**
 * Each team's rows in the tables (by team slug), in the tables' order: the official numbers and the live ones while
 * its group plays; the group named only when its table has several.
 */
export function indexTeamStandings(tables: Iterable<StandingsEnvelope>): Map<string, TeamStanding[]> {
  const byTeam = new Map<string, TeamStanding[]>();
  for (const table of tables) {
    const grouped = table.groups.length > 1;
    for (const group of table.groups)
      for (const row of group.rows) {
        if (row.team.slug === null) continue;
        const standings = byTeam.get(row.team.slug) ?? [];
        if (standings.length >= TEAM_HOME_LIMITS.standings) continue;
        standings.push({
          competition: { name: table.competition.name, slug: table.competition.slug },
          group: grouped ? group.name : null,
          position: row.position,
          points: row.points,
          played: row.played,
          live: row.live ? { position: row.live.position, points: row.live.points } : null,
        });
        byTeam.set(row.team.slug, standings);
      }
  }
  return byTeam;
}
