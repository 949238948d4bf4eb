/**
 * Pure: how a table is shown (pt-BR): in a group with matches in play, the live order and
 * numbers, each row's move against the official position (↑ 2, ↓ 1), and the notice of a table
 * not read or old.
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

/** The rows as shown: the live table's order and numbers while the group has matches in play. */
export function buildShownRows(group: StandingsGroup): ShownRow[] {
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
      playing: (row.live?.match ?? null) !== null,
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

/** A team's place for the match page: "10º colocado", "10º colocado (9º ao vivo)", "2º no Grupo A". */
export function buildPositionText(place: TablePosition): string {
  const live = place.live !== null && place.live !== place.position ? ` (${place.live}º ao vivo)` : '';
  return `${place.position}º ${place.group ? `no ${place.group}` : 'colocado'}${live}`;
}
