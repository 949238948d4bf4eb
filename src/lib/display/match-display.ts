/**
 * How a match reads on the dashboard: badge text, score text, grouping. Pure and browser-safe
 * (types only from the model), so the Astro components and the browser scripts render the
 * same words for the same data.
 */
import type { ListEnvelope, Match } from '../model/model.ts';
import { standingsPagePath } from '../model/table-paths.ts';
import { formatSaoPauloClock } from '../model/time.ts';

/** Colour family of a status badge; a CSS modifier class `badge--<tone>`. */
export type BadgeTone = 'live' | 'break' | 'scheduled' | 'finished' | 'off' | 'unknown';

export interface StatusBadge {
  text: string;
  tone: BadgeTone;
}

/** "21:30" from "2026-11-21T21:30:00-03:00": kickoffs are already written in São Paulo time. */
export function buildKickoffText(kickoff: string | null): string | null {
  const match = kickoff === null ? null : /T(\d{2}:\d{2})/.exec(kickoff);
  return match?.[1] ?? null;
}

/** "67'", "45+2'" or "Ao vivo" when the upstream shows no minute. */
function buildMinuteText(match: Match): string {
  if (match.minute === null) return 'Ao vivo';
  return match.injuryTime === null ? `${match.minute}'` : `${match.minute}+${match.injuryTime}'`;
}

/**
 * "Hoje", "Amanhã" or "22/11": the day of a match that has not started. `today` is the São
 * Paulo day of the data (from `generatedAt`, so server and browser agree), null when unknown.
 */
export function buildDayText(date: string, today: string | null): string {
  if (today === null) return `${date.slice(8, 10)}/${date.slice(5, 7)}`;
  if (date === today) return 'Hoje';
  if (date === addDays(today, 1)) return 'Amanhã';
  return `${date.slice(8, 10)}/${date.slice(5, 7)}`;
}

/** The day `days` after `day` ("2026-11-26"; negative: before), as a calendar day: no clock involved. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** One formatter for every call: making one costs far more than formatting (each page lists the archive's days). */
const dayTextFormat = new Intl.DateTimeFormat('pt-BR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/** "quinta-feira, 26 de novembro" for "2026-11-26": how a view says the day of its data. */
export function formatDayText(day: string): string {
  return dayTextFormat.format(new Date(`${day}T12:00:00Z`));
}

/** The pt-BR badge; a scheduled match's badge is its day, since the score slot shows the kickoff. */
export function buildStatusBadge(match: Match, today: string | null): StatusBadge {
  switch (match.status) {
    case 'IN_PLAY':
      return { text: buildMinuteText(match), tone: 'live' };
    case 'PAUSED':
      return { text: 'Intervalo', tone: 'break' };
    case 'FINISHED':
      return { text: 'Encerrado', tone: 'finished' };
    case 'POSTPONED':
      return { text: 'Adiado', tone: 'off' };
    case 'SUSPENDED':
      return { text: 'Suspenso', tone: 'off' };
    case 'CANCELLED':
      return { text: 'Cancelado', tone: 'off' };
    case 'SCHEDULED':
      return { text: buildDayText(match.date, today), tone: 'scheduled' };
    case 'UNKNOWN':
      // Never guessed: the upstream's own words, or a dash when it showed none.
      return { text: match.statusLabel || '—', tone: 'unknown' };
  }
}

/** True once the upstream shows a score (before kick-off both goals are null). */
export function hasScore(match: Match): boolean {
  return match.score.home !== null && match.score.away !== null;
}

/** A score in parts, so pages can emphasise the winner's goals and set penalties apart. */
export interface ScoreParts {
  /** Goals, or null before kick-off (then the kickoff time shows instead, or a bare "x"). */
  home: string | null;
  away: string | null;
  /** The kickoff time "21:30", or null when the upstream gave none (a postponed match): then only "x". */
  kickoff: string | null;
  /** "(4 x 5 pên.)" after a shoot-out, else null. */
  penalties: string | null;
}

export function buildScoreParts(match: Match): ScoreParts {
  const { home, away, penalties } = match.score;
  const kickoff = buildKickoffText(match.kickoff);
  if (home === null || away === null) return { home: null, away: null, kickoff, penalties: null };
  return {
    home: String(home),
    away: String(away),
    kickoff,
    penalties: penalties === null ? null : `(${penalties.home} x ${penalties.away} pên.)`,
  };
}

/**
 * "2 x 1", "1 x 1 (4 x 5 pên.)" with penalties (unambiguous: the shoot-out in the same
 * home-away order, named), the kickoff time "21:30" before the match starts, or "x".
 */
export function buildScoreText(match: Match): string {
  const parts = buildScoreParts(match);
  if (parts.home === null || parts.away === null) return parts.kickoff ?? 'x';
  const score = `${parts.home} x ${parts.away}`;
  return parts.penalties === null ? score : `${score} ${parts.penalties}`;
}

/** Who won a finished match (goals, then penalties); null while playing, for a draw, or unknown. */
export function buildWinner(match: Match): 'home' | 'away' | null {
  const { home, away, penalties } = match.score;
  if (match.status !== 'FINISHED' || home === null || away === null) return null;
  if (home !== away) return home > away ? 'home' : 'away';
  if (penalties === null || penalties.home === penalties.away) return null;
  return penalties.home > penalties.away ? 'home' : 'away';
}

export interface CompetitionGroup {
  key: string;
  name: string;
  /** The competition's table page on Placar (/tabela/{slug}); null when it has none. */
  table: string | null;
  matches: Match[];
}

/** Matches grouped by competition; groups and matches keep the order they first appear in. */
export function groupByCompetition(matches: readonly Match[]): CompetitionGroup[] {
  const groups = new Map<string, CompetitionGroup>();
  for (const match of matches) {
    const key = match.competition.slug || match.competition.name;
    let group = groups.get(key);
    if (!group) {
      group = { key, name: match.competition.name, table: standingsPagePath(match.competition.slug), matches: [] };
      groups.set(key, group);
    }
    group.matches.push(match);
  }
  return [...groups.values()];
}

/** Goals of one match as the page last showed them (null before kick-off). */
export interface GoalCount {
  home: number | null;
  away: number | null;
}

/**
 * Goals scored since the previous refresh: one pt-BR sentence per match whose home or away
 * goals went up, e.g. "Gol! Flamengo 3 x 1 Palmeiras". Matches not shown before are ignored.
 */
export function buildGoalAnnouncements(previous: ReadonlyMap<string, GoalCount>, current: readonly Match[]): string[] {
  const sentences: string[] = [];
  for (const match of current) {
    const old = previous.get(match.id);
    if (!old || !hasScore(match)) continue;
    const homeUp = (match.score.home ?? 0) > (old.home ?? 0);
    const awayUp = (match.score.away ?? 0) > (old.away ?? 0);
    if (homeUp || awayUp) sentences.push(`Gol! ${match.homeTeam.name} ${buildScoreText(match)} ${match.awayTeam.name}`);
  }
  return sentences;
}

/** The São Paulo day of a listing's data: `generatedAt` is written in São Paulo time. */
export function buildDataDay(generatedAt: string | null): string | null {
  return generatedAt === null ? null : generatedAt.slice(0, 10);
}

/** "19:41:05" (24 h, São Paulo) for "Última atualização", or "—" before the first fetch. */
export function buildLastUpdateText(generatedAt: string | null): string {
  return generatedAt === null ? '—' : formatSaoPauloClock(new Date(generatedAt));
}

/** What a page knows about a listing beyond its envelope: whether a fetch was tried and failed. */
export interface FetchState {
  /** No data ever, and at least one fetch was tried (and failed). */
  fetchFailed: boolean;
  /** How often it is tried again: "a cada minuto" (ontem: "em intervalos crescentes, de 1 minuto a 1 hora"). */
  retryEvery: string;
}

/** The pt-BR notice for data that is not fresh, or null when the data is fresh. */
export function buildStaleNotice(
  envelope: Pick<ListEnvelope, 'generatedAt' | 'stale'>,
  fetch: FetchState = { fetchFailed: false, retryEvery: 'a cada minuto' },
): string | null {
  if (envelope.generatedAt === null) {
    // After a failed first fetch, "still fetching" would be a promise nobody keeps: say what happened.
    if (fetch.fetchFailed) return `Não foi possível acessar o site de origem — nova tentativa ${fetch.retryEvery}.`;
    return 'Ainda buscando os dados no site de origem. Os jogos aparecem aqui assim que chegarem.';
  }
  if (!envelope.stale) return null;
  const day = envelope.generatedAt;
  return `Dados desatualizados: sem atualização desde ${day.slice(8, 10)}/${day.slice(5, 7)} às ${buildLastUpdateText(day)}. O placar mostrado pode estar antigo.`;
}
