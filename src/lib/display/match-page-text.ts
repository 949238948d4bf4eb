/**
 * The match page's sentences: its title, the day, whether it keeps itself fresh, and what it says
 * when the detail is missing (and why) or old. Pure and browser-safe.
 */
import type { Broadcast, LineupPlayer, Match, MatchDetailEnvelope, Status } from '../model/model.ts';
import { buildLastUpdateText, buildScoreText, hasScore } from './match-display.ts';
import { buildOfflineNotice } from './offline-notice.ts';

/** "Flamengo 2 x 1 Palmeiras", or "Flamengo x Palmeiras" before kick-off. */
export function buildMatchTitle(match: Match): string {
  const middle = hasScore(match) ? buildScoreText(match) : 'x';
  return `${match.homeTeam.name} ${middle} ${match.awayTeam.name}`;
}

const WEEKDAYS = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'];

/** "sábado, 21/11/2026" from "2026-11-21" (a calendar day: no time zone involved). */
export function buildMatchDayText(date: string): string {
  const weekday = WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()] ?? '';
  return `${weekday}, ${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

/**
 * Statuses after which nothing more will change: the page stops asking. Before kick-off it goes on
 * asking (a 304 costs no body), so an open page turns live by itself.
 */
const SETTLED: ReadonlySet<Status> = new Set<Status>(['FINISHED', 'POSTPONED', 'CANCELLED']);

export function isMatchSettled(status: Status): boolean {
  return SETTLED.has(status);
}

/** "1" or '' (no number on the page) for a lineup's number column. */
export function buildShirtNumber(player: LineupPlayer): string {
  return player.number === null ? '' : String(player.number);
}

/** "SporTV (7 dias grátis)", or "Premiere" when the page gives no note: a channel of "Onde assistir". */
export function buildBroadcastText(broadcast: Broadcast): string {
  return broadcast.note === null ? broadcast.channel : `${broadcast.channel} (${broadcast.note})`;
}

/**
 * The one time the match page's "Última atualização" says: the latest read of what it shows —
 * the listing that gave the minute and score while the match is in play (`matchReadAt`), the
 * match page's own read (`generatedAt`) otherwise or when newer. Both are São Paulo times.
 */
export function buildShownUpdate(envelope: Pick<MatchDetailEnvelope, 'generatedAt' | 'matchReadAt'>): string | null {
  const { generatedAt, matchReadAt } = envelope;
  if (matchReadAt === null || generatedAt === null) return matchReadAt ?? generatedAt;
  return Date.parse(matchReadAt) >= Date.parse(generatedAt) ? matchReadAt : generatedAt;
}

/**
 * Why the detail is missing, that it is old, or that the match it tells has not started; null when
 * it is there and fresh. `generatedAt` is the last successful read of the match's upstream page
 * (null: never read).
 */
export function buildDetailNotice(
  envelope: Pick<MatchDetailEnvelope, 'generatedAt' | 'stale' | 'match' | 'detail'>,
): string | null {
  const { generatedAt, stale, match, detail } = envelope;
  if (detail === null) {
    const missing = 'Detalhes ainda não disponíveis';
    switch (match.status) {
      case 'SCHEDULED':
        return `${missing}: o jogo ainda não começou. Gols, cartões e escalações aparecem aqui depois do início.`;
      case 'POSTPONED':
        return 'Detalhes não disponíveis: o jogo foi adiado.';
      case 'CANCELLED':
        return 'Detalhes não disponíveis: o jogo foi cancelado.';
      default:
        if (generatedAt !== null) return 'Detalhes não disponíveis: a página do jogo no site de origem não os traz.';
        return `${missing}: a página do jogo ainda não foi lida no site de origem. Eles aparecem aqui assim que forem lidos.`;
    }
  }
  // A match to come read before kick-off (its channels): its empty timeline is not a quiet match.
  if (match.status === 'SCHEDULED' && !stale)
    return 'O jogo ainda não começou: gols e cartões aparecem aqui depois do início.';
  if (!stale || generatedAt === null) return null;
  const day = `${generatedAt.slice(8, 10)}/${generatedAt.slice(5, 7)}`;
  return `Detalhes desatualizados: a página do jogo não é lida desde ${day} às ${buildLastUpdateText(generatedAt)}. Os lances mostrados podem estar incompletos.`;
}

/**
 * Offline, from the service worker's copy: the detail's time when it was read; before that the
 * page still shows the match as last received (the views' "ainda sem dados" would be untrue).
 */
export function buildMatchOfflineNotice(generatedAt: string | null): string {
  return generatedAt === null ? 'Sem conexão — mostrando os últimos dados recebidos.' : buildOfflineNotice(generatedAt);
}
