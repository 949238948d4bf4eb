/**
 * What a push says for a match event: the words of the page's own alerts (match-alerts.ts) —
 * "Gol! Flamengo: Pedro, 23'" over "Flamengo 2 x 1 Palmeiras · 67'" — and, as FotMob and
 * Sofascore do, a red card. The tag is the page's for the same change, so a notification the
 * open page raised and the push's replace each other instead of showing twice; a tap opens
 * the match's page. Pure.
 */
import type { MatchChange } from '../model/match-events.ts';
import { hasMatchPage, matchPagePath } from '../model/match-paths.ts';
import type { MatchEvent, MatchEventType } from '../model/model.ts';
import { buildAlerts, buildScorerText, withScorer, type MatchAlert } from './match-alerts.ts';

/** The events a follower is pushed. */
export const PUSHED_EVENT_TYPES: ReadonlySet<MatchEventType> = new Set([
  'KICK_OFF',
  'GOAL',
  'GOAL_CANCELLED',
  'HALF_TIME',
  'FULL_TIME',
  'RED_CARD',
]);

/** The JSON the service worker receives (decrypted) and shows. */
export interface PushMessage {
  title: string;
  body: string;
  tag: string;
  /** The page a tap opens: the match's own, else the home page. */
  url: string;
  matchId: string;
  eventId: string;
}

export interface PushedEvent {
  event: MatchEvent;
  message: PushMessage;
  /** The teams whose followers are pushed this event. */
  teams: readonly string[];
}

function changeOf(event: MatchEvent): MatchChange {
  const { match } = event;
  const previous = event.previous ?? { status: match.status, score: match.score };
  return { type: event.type, match, team: event.team, previous };
}

function redCardAlert(event: MatchEvent, base: MatchAlert): MatchAlert {
  const team = event.team === 'AWAY' ? event.match.awayTeam.name : event.match.homeTeam.name;
  const card = event.card;
  const who = card ? `: ${buildScorerText({ ...card, ownGoal: false, penalty: false })}` : '';
  return { ...base, title: `Cartão vermelho: ${team}${who}`, short: `VERMELHO ${team}`, tag: `placar:${event.id}` };
}

/**
 * The messages of one refresh's new events, in order; repeated changes of one kind in one
 * match are numbered as the page numbers them (their tags match the page's).
 */
export function buildPushMessages(events: readonly MatchEvent[]): PushedEvent[] {
  const pushed = events.filter((event) => PUSHED_EVENT_TYPES.has(event.type));
  const alerts = buildAlerts(pushed.map(changeOf));
  return pushed.map((event, index) => {
    const built = alerts[index];
    if (!built) throw new Error('buildAlerts gives one alert per change');
    let alert = built;
    if (event.type === 'GOAL' && event.scorer) alert = withScorer(alert, event.scorer);
    if (event.type === 'RED_CARD') alert = redCardAlert(event, alert);
    const { match } = event;
    const message: PushMessage = {
      title: alert.title,
      body: alert.body,
      tag: alert.tag,
      url: hasMatchPage(match.id) ? matchPagePath(match.id) : '/',
      matchId: match.id,
      eventId: event.id,
    };
    return { event, message, teams: [match.homeTeam.name, match.awayTeam.name] };
  });
}

/** The push a new subscription gets at once ("Alertas ativados: Flamengo"): its push service must take it. */
export function buildWelcomeMessage(teams: readonly string[]): Omit<PushMessage, 'matchId' | 'eventId'> {
  const [first = '', ...rest] = teams;
  const named = rest.length === 0 ? first : `${first} e mais ${rest.length} ${rest.length === 1 ? 'time' : 'times'}`;
  return {
    title: `Alertas ativados: ${named}`,
    body: 'Gols, início, intervalo, fim e cartões vermelhos dos seus times chegam aqui, mesmo com o Placar fechado.',
    tag: 'placar:alertas-ativados',
    url: '/',
  };
}
