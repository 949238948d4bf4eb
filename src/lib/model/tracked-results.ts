/**
 * Pure: whether a competition's official table counts a result yet (issue 47, "the table at the
 * whistle"). A match of the listings in play or finished is tracked from a read that did not count
 * it (each team's `played` then); a read with a team's `played` grown past that counts the match
 * for that team. Until every team's count is in, a finished match keeps counting in the live table.
 */
import { isInPlay, type PlayedAtRead } from './live-table.ts';
import type { Match } from './model.ts';
import { teamKey } from './table.ts';

export interface TrackedResult {
  match: string;
  /** Each team's `played` (by teamKey) at a read that did not count the match. */
  played: Record<string, number>;
  /** When the match was first seen finished; null while it is played. */
  finishedAt: string | null;
  /** Reads since it finished that did not count it yet. */
  reads: number;
}

/** The tracked result's teams the latest read counts it for: `played` grown, or the team gone from the table. */
export function teamsCounted(tracked: TrackedResult, latest: ReadonlyMap<string, number>): Set<string> {
  const counted = new Set<string>();
  for (const [key, before] of Object.entries(tracked.played)) {
    const now = latest.get(key);
    if (now === undefined || now > before) counted.add(key);
  }
  return counted;
}

export function isCountedByRead(tracked: TrackedResult, latest: ReadonlyMap<string, number>): boolean {
  return teamsCounted(tracked, latest).size === Object.keys(tracked.played).length;
}

/**
 * The teams' `played` before `match` counted: the latest read when it was taken before the kick-off,
 * else the earlier read when that one was; a match in play is taken as not counted by a read taken
 * during it (as the live table takes it); a finished match read only after its kick-off is not known
 * (null: never tracked, so never counted twice).
 */
export function playedBefore(
  match: Match,
  latest: PlayedAtRead | null,
  earlier: PlayedAtRead | null,
): Record<string, number> | null {
  if (latest === null) return null;
  const kickoff = match.kickoff === null ? Number.NaN : Date.parse(match.kickoff);
  const source =
    Date.parse(latest.readAt) < kickoff
      ? latest
      : earlier !== null && Date.parse(earlier.readAt) < kickoff
        ? earlier
        : isInPlay(match)
          ? latest
          : null;
  if (source === null) return null;
  const played: Record<string, number> = {};
  for (const team of [match.homeTeam.name, match.awayTeam.name]) {
    const count = source.played.get(teamKey(team));
    if (count !== undefined) played[teamKey(team)] = count;
  }
  return Object.keys(played).length > 0 ? played : null;
}
