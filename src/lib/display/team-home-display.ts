/**
 * How a team's home (/time/{slug}) reads: the result of a finished match from the team's side
 * (V/E/D), when a match is played, the team's places in its tables, and the key of what the page
 * lays out (which matches in which section, which tables), so the browser knows when a poll's
 * answer needs the page the refresh rendered rather than new scores in place. Pure and
 * browser-safe (types only from the model).
 */
import type { Broadcast, Match } from '../model/model.ts';
import type { TeamHomeEnvelope, TeamStanding } from '../model/team-home.ts';
import { buildKickoffText, buildWinner, formatDayText } from './match-display.ts';
import { buildBroadcastText } from './match-page-text.ts';

export interface TeamResult {
  /** "V", "E" or "D", as Brazilian tables write them. */
  letter: 'V' | 'E' | 'D';
  /** The word, for screen readers and the tooltip. */
  word: 'Vitória' | 'Empate' | 'Derrota';
}

interface TeamKey {
  name: string;
  slug: string;
}

/** Which side the team played, by its slug (the same in every listing), else its name; null: neither. */
export function teamSide(match: Match, team: TeamKey): 'home' | 'away' | null {
  if (match.homeTeam.slug === team.slug) return 'home';
  if (match.awayTeam.slug === team.slug) return 'away';
  if (match.homeTeam.name === team.name) return 'home';
  if (match.awayTeam.name === team.name) return 'away';
  return null;
}

/**
 * A finished match from the team's side. A shoot-out decides it as the match's winner does
 * (buildWinner): the side that went through won. Null while not finished, or with no score.
 */
export function buildTeamResult(match: Match, team: TeamKey): TeamResult | null {
  const side = teamSide(match, team);
  if (side === null || match.status !== 'FINISHED' || match.score.home === null || match.score.away === null)
    return null;
  const winner = buildWinner(match);
  if (winner === null) return { letter: 'E', word: 'Empate' };
  return winner === side ? { letter: 'V', word: 'Vitória' } : { letter: 'D', word: 'Derrota' };
}

/** "sábado, 21 de novembro, 16:00", or "sábado, 21 de novembro (horário a definir)" without a kick-off time. */
export function buildMatchWhenText(match: Pick<Match, 'date' | 'kickoff'>): string {
  const day = formatDayText(match.date);
  const time = buildKickoffText(match.kickoff);
  return time === null ? `${day} (horário a definir)` : `${day}, ${time}`;
}

/** "Onde assistir: Globo, Premiere (7 dias grátis)", or null when no channel is known. */
export function buildBroadcastsLine(broadcasts: readonly Broadcast[]): string | null {
  return broadcasts.length === 0 ? null : `Onde assistir: ${broadcasts.map(buildBroadcastText).join(', ')}`;
}

/** "2º colocado · 19 pontos em 9 jogos" (one point, one match: singular). */
export function buildStandingText(standing: Pick<TeamStanding, 'position' | 'points' | 'played'>): string {
  const points = standing.points === 1 ? '1 ponto' : `${standing.points} pontos`;
  const played = standing.played === 1 ? '1 jogo' : `${standing.played} jogos`;
  return `${standing.position}º colocado · ${points} em ${played}`;
}

/**
 * "Ao vivo: 1º, 20 pontos" while the matches in play move the team in its table; '' otherwise (none in play,
 * or the same place and points as the official table: nothing new to say).
 */
export function buildStandingLiveText(standing: Pick<TeamStanding, 'position' | 'points' | 'live'>): string {
  const { live } = standing;
  if (live === null || (live.position === standing.position && live.points === standing.points)) return '';
  return `Ao vivo: ${live.position}º, ${live.points === 1 ? '1 ponto' : `${live.points} pontos`}`;
}

/** One table of the team's, named the same on the server and in the browser. */
export function standingKey(standing: Pick<TeamStanding, 'competition' | 'group'>): string {
  return `${standing.competition.slug}|${standing.group ?? ''}`;
}

/**
 * What the page lays out, in one string: the matches of each section (the next ones with their
 * status and kick-off, the last with their score) and the tables. Live scores, minutes and live
 * places are left out: the browser updates those in place.
 */
export function teamHomeLayoutKey(envelope: Pick<TeamHomeEnvelope, 'live' | 'next' | 'last' | 'standings'>): string {
  return JSON.stringify([
    envelope.live.map((match) => match.id),
    envelope.next.map((match) => [match.id, match.status, match.kickoff]),
    envelope.last.map((match) => [match.id, match.score.home, match.score.away]),
    envelope.standings.map((standing) => [standingKey(standing), standing.position, standing.points]),
  ]);
}
