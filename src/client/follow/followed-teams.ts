/**
 * The followed teams in this browser (localStorage `placar:times`, read and written through
 * src/lib/display/followed-teams.ts): read, toggled, and watched, also when another tab of the
 * same site changes them. Storage may be refused (privacy modes, quotas): then nothing is
 * followed and a tap changes the page only.
 */
import { FOLLOWED_TEAMS_KEY, readFollowedTeams, toggleFollowedTeam } from '../../lib/display/followed-teams.ts';

type TeamsListener = (teams: ReadonlySet<string>) => void;

const listeners: TeamsListener[] = [];
let teams: string[] = load();

function load(): string[] {
  try {
    return readFollowedTeams(localStorage.getItem(FOLLOWED_TEAMS_KEY));
  } catch {
    return [];
  }
}

function announce(): void {
  const current = followedTeams();
  for (const listener of listeners) listener(current);
}

export function followedTeams(): ReadonlySet<string> {
  return new Set(teams);
}

/** In the order they were followed (the one-tap searches keep it). */
export function followedTeamList(): readonly string[] {
  return teams;
}

export function toggleTeam(name: string): void {
  teams = toggleFollowedTeam(teams, name);
  try {
    localStorage.setItem(FOLLOWED_TEAMS_KEY, JSON.stringify(teams));
  } catch {
    // Kept for this page only.
  }
  announce();
}

/** Calls `listener` on every change, here or in another tab. */
export function onFollowedTeamsChange(listener: TeamsListener): void {
  listeners.push(listener);
}

window.addEventListener('storage', (event) => {
  if (event.key !== FOLLOWED_TEAMS_KEY && event.key !== null) return;
  teams = load();
  announce();
});
