/**
 * The demo's season, one story for every page that tells it: each league's size and the round
 * its listed matches belong to, so a match page's "Rodada 12" sits beside a table of 20 teams
 * that have played 11 or 12 — and each team's record before the listed matches. Cups have a
 * stage instead of a round. Pure and deterministic: the listed rows and the seed in.
 */
import { parseMatchPathDate } from './rewrite-fixture-dates.ts';
import { seededInt } from './seeded-random.ts';
import { fictionalClubNames } from './squads.ts';

/** The number of teams in the leagues the recorded listings show; any other league has 20. */
const LEAGUE_SIZES: Readonly<Record<string, number>> = {
  'brasileirao-serie-a': 20,
  'brasileirao-serie-b': 20,
  'campeonato-ingles': 20,
  'campeonato-espanhol': 20,
  'campeonato-italiano': 20,
  'campeonato-alemao': 18,
  'campeonato-frances': 18,
  'campeonato-portugues': 18,
  'brasileiro-feminino': 16,
};

const CUP_STAGES = ['Primeira fase', 'Segunda fase', 'Terceira fase', 'Oitavas de final', 'Quartas de final'] as const;

export const competitionSlugOf = (href: string): string => href.split('/')[1] ?? '';

export const isCup = (slug: string): boolean => slug.startsWith('copa');

/** What the season needs of a listed match (demo-match-pages.ts's ListedMatchRow has it). */
interface SeasonMatch {
  /** The match page's path: its competition's slug, then its date. */
  href: string;
  home: string;
  away: string;
}

export interface TeamRecord {
  name: string;
  points: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
}

export interface LeagueSeason {
  /** How many teams its table has (at least the teams its listed matches name). */
  size: number;
  /** The round of its earliest listed match; each team has played one fewer before it. */
  round: number;
}

/** A league's size and current round: a round every team can still play twice after. */
export function leagueSeason(seed: number, slug: string, listedTeams: number): LeagueSeason {
  const size = Math.max(LEAGUE_SIZES[slug] ?? 20, listedTeams + (listedTeams % 2));
  const rounds = 2 * (size - 1);
  return { size, round: seededInt(seed, `${slug}:round`, 2, rounds - 2) };
}

const byDate = (a: SeasonMatch, b: SeasonMatch): number =>
  (parseMatchPathDate(a.href) ?? '').localeCompare(parseMatchPathDate(b.href) ?? '');

/**
 * Every listed match's round line, by href: a league's matches in its current round, or the next
 * one for a team the listings show in a match already (a round spread over the days); a cup's
 * matches all in one seeded stage.
 */
export function matchRounds(rows: readonly SeasonMatch[], seed: number): Map<string, string> {
  const lines = new Map<string, string>();
  const teamsBySlug = new Map<string, Set<string>>();
  for (const row of rows) {
    const teams = teamsBySlug.get(competitionSlugOf(row.href)) ?? new Set<string>();
    teams.add(row.home).add(row.away);
    teamsBySlug.set(competitionSlugOf(row.href), teams);
  }
  const listedBefore = new Map<string, number>();
  for (const row of [...rows].sort(byDate)) {
    const slug = competitionSlugOf(row.href);
    if (lines.has(row.href)) continue;
    if (isCup(slug)) {
      lines.set(row.href, CUP_STAGES[seededInt(seed, `${slug}:stage`, 0, CUP_STAGES.length - 1)] ?? '');
      continue;
    }
    const { round } = leagueSeason(seed, slug, teamsBySlug.get(slug)?.size ?? 0);
    const earlier = (team: string): number => listedBefore.get(`${slug}:${team}`) ?? 0;
    lines.set(row.href, `Rodada ${round + Math.max(earlier(row.home), earlier(row.away))}`);
    for (const team of [row.home, row.away]) listedBefore.set(`${slug}:${team}`, earlier(team) + 1);
  }
  return lines;
}

/** A team's record before `played` matches, the same for a seed and `key` (competition and team). */
export function seededRecord(seed: number, key: string, name: string, played: number): TeamRecord {
  const won = seededInt(seed, `${key}:won`, 0, played);
  const drawn = seededInt(seed, `${key}:drawn`, 0, played - won);
  const lost = played - won - drawn;
  const goalsFor = won * 2 + drawn + seededInt(seed, `${key}:gf`, 0, 6);
  const goalsAgainst = lost * 2 + drawn + seededInt(seed, `${key}:ga`, 0, 6);
  return { name, points: 3 * won + drawn, played, won, drawn, lost, goalsFor, goalsAgainst };
}

/**
 * A league's teams before its listed matches: those the listings name, having played the rounds
 * before the current one, and fictional clubs up to the league's size, whose match of the current
 * round may be played already.
 */
export function leagueTeamsBefore(seed: number, slug: string, listedTeams: readonly string[]): TeamRecord[] {
  const { size, round } = leagueSeason(seed, slug, listedTeams.length);
  const teams = listedTeams.map((name) => seededRecord(seed, `${slug}:${name}`, name, round - 1));
  const clubs = fictionalClubNames(seed, slug).filter((name) => !listedTeams.includes(name));
  for (const name of clubs.slice(0, size - teams.length)) {
    const played = round - 1 + seededInt(seed, `${slug}:${name}:played`, 0, 1);
    teams.push(seededRecord(seed, `${slug}:${name}`, name, played));
  }
  return teams;
}
