/**
 * The fan's followed teams ("Meus times"), kept in the browser only: localStorage key
 * `placar:times`, a JSON array of team names exactly as the API writes them (`homeTeam.name`,
 * `awayTeam.name`). Pure and tiny: the head script that runs before the first paint uses it too.
 * Whatever else is in the key (another tool's value, hand edits, a broken write) is read as
 * "nothing followed", and entries that are not names are dropped.
 */
import type { Match } from '../model/model.ts';

export const FOLLOWED_TEAMS_KEY = 'placar:times';
/** Far above what a fan follows; keeps a foreign value from making every page slow. */
export const MAX_FOLLOWED_TEAMS = 50;
/** The model's bound on names (LIMITS.text; not imported: the model's values carry zod). */
const MAX_NAME_LENGTH = 200;

/** The followed team names in the stored value `raw` (null: nothing stored), deduplicated, in order. */
export function readFollowedTeams(raw: string | null): string[] {
  if (raw === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const names = value
    .filter((name): name is string => typeof name === 'string')
    .map((name) => name.trim())
    .filter((name) => name !== '' && name.length <= MAX_NAME_LENGTH);
  return [...new Set(names)].slice(0, MAX_FOLLOWED_TEAMS);
}

/** The list with `name` added at the end, or removed when it was there. */
export function toggleFollowedTeam(teams: readonly string[], name: string): string[] {
  if (teams.includes(name)) return teams.filter((team) => team !== name);
  return [...teams, name].slice(-MAX_FOLLOWED_TEAMS);
}

/** True when either team of the match is followed. */
export function isFollowedMatch(match: Pick<Match, 'homeTeam' | 'awayTeam'>, teams: ReadonlySet<string>): boolean {
  return teams.has(match.homeTeam.name) || teams.has(match.awayTeam.name);
}
