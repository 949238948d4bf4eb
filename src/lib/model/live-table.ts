/**
 * Pure: the live table (API.md, "Standings"): while matches of a competition are in play, every
 * row of a group one of their teams is in carries `live`, the table as if those matches ended
 * now — ordered by points, wins, goal difference, goals for (when the page shows them), then
 * the official position; a finished match the official table does not count yet counts too.
 * Teams of different groups can meet (Paulistão): each side counts in its own group. A match is
 * never counted twice: the official table is taken to count finished matches only, unless a read
 * shows the team's `played` already grown during its match (teamsAlreadyCounting) or since it
 * was tracked (tracked-results.ts).
 */
import type { Match } from './model.ts';
import {
  teamKey,
  type StandingsGroup,
  type StandingsGroupRead,
  type StandingsLive,
  type StandingsRowRead,
} from './table.ts';

/** The statuses of a match being played (half-time included). */
const IN_PLAY: ReadonlySet<Match['status']> = new Set(['IN_PLAY', 'PAUSED']);
const POINTS = { won: 3, drawn: 1, lost: 0 } as const;

/** A table as read, with its crests already resolved to Placar's copies. */
export interface ResolvedGroup {
  name: StandingsGroupRead['name'];
  rows: (Omit<StandingsRowRead, 'team'> & { team: { name: string; crest: string | null; slug: string | null } })[];
}

export function isInPlay(match: Pick<Match, 'status'>): boolean {
  return IN_PLAY.has(match.status);
}

type Numbers = Omit<StandingsLive, 'position' | 'match'>;

function afterMatch(numbers: Numbers, scored: number, conceded: number): Numbers {
  const result = scored > conceded ? 'won' : scored === conceded ? 'drawn' : 'lost';
  return {
    points: numbers.points + POINTS[result],
    played: numbers.played + 1,
    won: numbers.won + (result === 'won' ? 1 : 0),
    drawn: numbers.drawn + (result === 'drawn' ? 1 : 0),
    lost: numbers.lost + (result === 'lost' ? 1 : 0),
    goalsFor: numbers.goalsFor === null ? null : numbers.goalsFor + scored,
    goalsAgainst: numbers.goalsAgainst === null ? null : numbers.goalsAgainst + conceded,
    goalDifference: numbers.goalDifference + scored - conceded,
  };
}

const numbersOf = (row: ResolvedGroup['rows'][number]): Numbers => ({
  points: row.points,
  played: row.played,
  won: row.won,
  drawn: row.drawn,
  lost: row.lost,
  goalsFor: row.goalsFor,
  goalsAgainst: row.goalsAgainst,
  goalDifference: row.goalDifference,
});

/** Ordering of the live table: points, wins, goal difference, goals for (when known), official position. */
function compareLive(a: { live: Numbers; position: number }, b: { live: Numbers; position: number }): number {
  const goalsFor = a.live.goalsFor !== null && b.live.goalsFor !== null ? b.live.goalsFor - a.live.goalsFor : 0;
  return (
    b.live.points - a.live.points ||
    b.live.won - a.live.won ||
    b.live.goalDifference - a.live.goalDifference ||
    goalsFor ||
    a.position - b.position
  );
}

/**
 * The groups as the API serves them: each row with `live` (null in every row of a group no team
 * of which is playing or has a pending result). `alreadyCounting`: keys (teamKey) of teams whose
 * official numbers already include their match; `pending`: ids of finished matches the official
 * table does not count yet (tracked-results.ts), counted like a match in play.
 */
export function projectLiveStandings(
  groups: readonly ResolvedGroup[],
  matches: readonly Match[],
  alreadyCounting: ReadonlySet<string> = new Set(),
  pending: ReadonlySet<string> = new Set(),
): StandingsGroup[] {
  const playing = new Map<string, { match: string; scored: number; conceded: number }>();
  const seen = new Set<string>();
  for (const match of matches) {
    if (!(isInPlay(match) || (match.status === 'FINISHED' && pending.has(match.id))) || seen.has(match.id)) continue;
    seen.add(match.id);
    const home = match.score.home ?? 0;
    const away = match.score.away ?? 0;
    playing.set(teamKey(match.homeTeam.name), { match: match.id, scored: home, conceded: away });
    playing.set(teamKey(match.awayTeam.name), { match: match.id, scored: away, conceded: home });
  }
  return groups.map((group) => {
    const touched = group.rows.some((row) => playing.has(teamKey(row.team.name)));
    if (!touched) return { name: group.name, rows: group.rows.map((row) => ({ ...row, live: null })) };
    const projected = group.rows.map((row) => {
      const key = teamKey(row.team.name);
      const game = playing.get(key);
      const official = numbersOf(row);
      const live = game && !alreadyCounting.has(key) ? afterMatch(official, game.scored, game.conceded) : official;
      return { row, live, match: game?.match ?? null, position: row.position };
    });
    const livePosition = new Map([...projected].sort(compareLive).map((entry, index) => [entry, index + 1] as const));
    return {
      name: group.name,
      rows: projected.map((entry) => ({
        ...entry.row,
        live: { position: livePosition.get(entry) ?? entry.position, ...entry.live, match: entry.match },
      })),
    };
  });
}

/** A read of a competition's table: when, and each team's matches played. */
export interface PlayedAtRead {
  readAt: string;
  played: ReadonlyMap<string, number>;
}

/**
 * The playing teams whose latest read already counts their live match: read after the match
 * kicked off, with `played` grown since a read from before the kick-off. Without such an earlier
 * read nothing is known, and the official table is taken to count finished matches only.
 */
export function teamsAlreadyCounting(
  latest: PlayedAtRead,
  earlier: PlayedAtRead | null,
  matches: readonly Match[],
): Set<string> {
  const counting = new Set<string>();
  if (!earlier) return counting;
  const latestAt = Date.parse(latest.readAt);
  const earlierAt = Date.parse(earlier.readAt);
  for (const match of matches) {
    if (!isInPlay(match) || match.kickoff === null) continue;
    const kickoff = Date.parse(match.kickoff);
    if (!(earlierAt < kickoff && latestAt >= kickoff)) continue;
    for (const team of [match.homeTeam.name, match.awayTeam.name]) {
      const key = teamKey(team);
      const before = earlier.played.get(key);
      const now = latest.played.get(key);
      if (before !== undefined && now !== undefined && now > before) counting.add(key);
    }
  }
  return counting;
}

/** Each team's `played` in a read's groups, by teamKey. */
export function playedByTeam(groups: readonly { rows: readonly { team: { name: string }; played: number }[] }[]) {
  return new Map(groups.flatMap((group) => group.rows.map((row) => [teamKey(row.team.name), row.played] as const)));
}
