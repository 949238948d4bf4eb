/**
 * Pure: how a table is shown (pt-BR): in a group with matches in play or results not yet in the
 * official table, the live order and numbers, each row's move against the official position
 * (↑ 2, ↓ 1), the notice of a table not read or old, and the note naming those results.
 */
import type { StandingsEnvelope, StandingsGroup, StandingsRow } from '../model/model.ts';
import type { TablePosition } from './match-page-data.ts';

export interface ShownRow {
  position: number;
  team: StandingsRow['team'];
  points: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number | null;
  goalsAgainst: number | null;
  goalDifference: number;
  /** Aproveitamento, whole percent; null before any match. */
  percent: number | null;
  /** Places gained (> 0) or lost (< 0) in the live table; 0 when none or not live. */
  move: number;
  /** The team is playing now (its numbers include the match in play). */
  playing: boolean;
}

/** The row's team is playing now: its live numbers add a match in play, not a finished result still pending. */
export function isPlaying(row: StandingsRow, pending: ReadonlySet<string>): boolean {
  const match = row.live?.match ?? null;
  return match !== null && !pending.has(match);
}

/** The ids of the finished matches the official table does not count yet. */
export function pendingMatchIds(envelope: StandingsEnvelope): Set<string> {
  return new Set(envelope.pendingResults.map((result) => result.match));
}

/**
 * The rows as shown: the live table's order and numbers while the group has matches in play or
 * pending results (`pending`: their ids, whose teams are not marked playing).
 */
export function buildShownRows(group: StandingsGroup, pending: ReadonlySet<string> = new Set()): ShownRow[] {
  const rows = group.rows.map((row): ShownRow & { order: number } => {
    const numbers = row.live ?? row;
    return {
      position: row.live?.position ?? row.position,
      order: row.live?.position ?? row.position,
      team: row.team,
      points: numbers.points,
      played: numbers.played,
      won: numbers.won,
      drawn: numbers.drawn,
      lost: numbers.lost,
      goalsFor: numbers.goalsFor,
      goalsAgainst: numbers.goalsAgainst,
      goalDifference: numbers.goalDifference,
      percent: numbers.played > 0 ? Math.round((100 * numbers.points) / (3 * numbers.played)) : null,
      move: row.live ? row.position - row.live.position : 0,
      playing: isPlaying(row, pending),
    };
  });
  return rows.sort((a, b) => a.order - b.order).map(({ order: _order, ...row }) => row);
}

export function isGroupLive(group: StandingsGroup): boolean {
  return group.rows.some((row) => row.live !== null);
}

/** "+5", "0", "−3" (a true minus sign). */
export function formatGoalDifference(difference: number): string {
  return difference > 0 ? `+${difference}` : difference < 0 ? `\u2212${-difference}` : '0';
}

/** "↑2" / "↓1" and what a screen reader says of it; null when the team did not move. */
export function buildMoveText(move: number): { symbol: string; label: string } | null {
  if (move === 0) return null;
  const places = Math.abs(move) === 1 ? '1 posição' : `${Math.abs(move)} posições`;
  return move > 0 ? { symbol: `↑${move}`, label: `subiu ${places}` } : { symbol: `↓${-move}`, label: `caiu ${places}` };
}

/** Why the table shown is missing or may be old; null when it is fresh. */
export function buildStandingsNotice(envelope: StandingsEnvelope): string | null {
  if (envelope.readAt === null)
    return 'A tabela desta competição ainda não foi lida no site de origem. Ela aparece aqui assim que for lida.';
  if (envelope.groups.length === 0)
    return 'Esta competição não tem tabela de classificação no site de origem (mata-mata ou só jogos).';
  if (envelope.stale)
    return 'Esta tabela pode estar desatualizada: a última leitura do site de origem falhou ou é antiga.';
  return null;
}

const LIST = new Intl.ListFormat('pt-BR', { style: 'long', type: 'conjunction' });

/**
 * The results of the listings the official table does not count yet ("Ceará 2 x 1 Vitória"), and why
 * the table shown already has them; null when there are none.
 */
export function buildPendingResultsNote(envelope: StandingsEnvelope): string | null {
  const results = envelope.pendingResults.map(
    (result) => `${result.homeTeam} ${result.score.home} x ${result.score.away} ${result.awayTeam}`,
  );
  if (results.length === 0) return null;
  const one = results.length === 1;
  return (
    `${one ? 'Resultado ainda fora' : 'Resultados ainda fora'} da tabela oficial: ${LIST.format(results)}. ` +
    `A classificação abaixo já ${one ? 'o conta' : 'os conta'}; a tabela do site de origem é lida de novo ` +
    'pouco depois de cada jogo, até trazer o resultado.'
  );
}

/** A team's place for the match page: "10º colocado", "10º colocado (9º ao vivo)", "2º no Grupo A". */
export function buildPositionText(place: TablePosition): string {
  const live = place.live !== null && place.live !== place.position ? ` (${place.live}º ao vivo)` : '';
  return `${place.position}º ${place.group ? `no ${place.group}` : 'colocado'}${live}`;
}
