/**
 * Which match changes the page alerts the fan of, and in which words (notification, the page's
 * polite announcement, the document title's badge). Pure; the changes themselves are decided by
 * src/lib/model/match-events.ts, the same module as the server's event feed.
 */
import type { MatchChange } from '../model/match-events.ts';
import type { GoalScorer, MatchEventType, TeamSide } from '../model/model.ts';
import { isFollowedMatch } from './followed-teams.ts';
import { buildScoreText, buildStatusBadge } from './match-display.ts';

/** What a fan is told about; the second half, postponements and the like stay in the listing. */
const ALERTED: ReadonlySet<MatchEventType> = new Set(['KICK_OFF', 'GOAL', 'GOAL_CANCELLED', 'HALF_TIME', 'FULL_TIME']);

export interface MatchAlert {
  /** Notification title: "Gol! Flamengo", "Gol anulado: Flamengo", "Fim de jogo: A x B"… */
  title: string;
  /** The whole score and the minute (or the status): "Vasco da Gama 0 x 2 Flamengo · 67'". */
  body: string;
  /** The title badge's words: "GOL Flamengo", else the title. */
  short: string;
  /** One per change: the same change seen twice gets the same tag (a notification then replaces its twin). */
  tag: string;
  matchId: string;
  /** A GOAL's place on its side: goal `number` of `team`, whose side now has `sideScore` (to find its scorer). */
  goal?: { team: TeamSide; number: number; sideScore: number };
}

/** The changes worth an alert: those types, in matches of followed teams, in order. */
export function chooseAlerts(changes: readonly MatchChange[], followed: ReadonlySet<string>): MatchChange[] {
  return changes.filter((change) => ALERTED.has(change.type) && isFollowedMatch(change.match, followed));
}

function teamOf(change: MatchChange): string {
  return change.team === 'AWAY' ? change.match.awayTeam.name : change.match.homeTeam.name;
}

function buildTitle(change: MatchChange): string {
  const teams = `${change.match.homeTeam.name} x ${change.match.awayTeam.name}`;
  switch (change.type) {
    case 'GOAL':
      return `Gol! ${teamOf(change)}`;
    case 'GOAL_CANCELLED':
      return `Gol anulado: ${teamOf(change)}`;
    case 'KICK_OFF':
      return `Começou: ${teams}`;
    case 'HALF_TIME':
      return `Intervalo: ${teams}`;
    default:
      return `Fim de jogo: ${teams}`;
  }
}

/** The words of one alert. A jump of two goals is two changes: each names the goals it counts to. */
export function buildAlert(change: MatchChange, index = 0): MatchAlert {
  const { match } = change;
  const title = buildTitle(change);
  const moment = buildStatusBadge(match, null).text;
  const goals = `${match.score.home ?? 0}-${match.score.away ?? 0}`;
  const alert: MatchAlert = {
    title,
    body: `${match.homeTeam.name} ${buildScoreText(match)} ${match.awayTeam.name} · ${moment}`,
    short: change.type === 'GOAL' ? `GOL ${teamOf(change)}` : title,
    tag: `placar:${match.id}:${change.type}:${change.team ?? ''}:${goals}:${index}`,
    matchId: match.id,
  };
  if (change.type !== 'GOAL' || change.team === undefined) return alert;
  const side = change.team === 'HOME' ? 'home' : 'away';
  const before = change.previous.score[side] ?? 0;
  return { ...alert, goal: { team: change.team, number: before + index + 1, sideScore: match.score[side] ?? 0 } };
}

/** "Pedro, 23'", "Gustavo Gómez (contra), 45+2'", "Raphael Veiga (pênalti), 40'". */
export function buildScorerText(scorer: GoalScorer): string {
  const how = scorer.ownGoal ? ' (contra)' : scorer.penalty ? ' (pênalti)' : '';
  const added = scorer.injuryTime === null ? '' : `+${scorer.injuryTime}`;
  return `${scorer.player}${how}, ${scorer.minute}${added}'`;
}

/** A GOAL alert that names its scorer: "Gol! Flamengo: Pedro, 23'" (the team stays first: no guessed "do"/"da"). */
export function withScorer(alert: MatchAlert, scorer: GoalScorer): MatchAlert {
  return { ...alert, title: `${alert.title}: ${buildScorerText(scorer)}` };
}

/**
 * The alerts for `changes` in order; repeated changes of one kind in one match are numbered apart
 * (a jump of two goals of one side: goals n+1 and n+2).
 */
export function buildAlerts(changes: readonly MatchChange[]): MatchAlert[] {
  const seen = new Map<string, number>();
  return changes.map((change) => {
    const kind = `${change.match.id}:${change.type}:${change.team ?? ''}`;
    const index = seen.get(kind) ?? 0;
    seen.set(kind, index + 1);
    return buildAlert(change, index);
  });
}

/** The sentence the page's polite live region says: "Gol! Flamengo — Vasco da Gama 0 x 2 Flamengo · 67'". */
export function buildAlertSentence(alert: MatchAlert): string {
  return `${alert.title} — ${alert.body}`;
}

/**
 * The document title while alerts wait to be seen: "(1) GOL Flamengo · Placar" (the count of
 * unseen alerts, the latest one's words); the page's own title when there are none.
 */
export function buildBadgedTitle(pageTitle: string, unseen: readonly MatchAlert[]): string {
  const latest = unseen.at(-1);
  return latest === undefined ? pageTitle : `(${unseen.length}) ${latest.short} · Placar`;
}
