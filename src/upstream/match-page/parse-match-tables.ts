/**
 * Pure: a match page's table rows, each its own small tree. Statistics (both layouts):
 *   <tr><td class="stats-home-team"><small>58%</small></td>
 *       <td class="stats-category"><small>Posse de bola</small></td>
 *       <td class="stats-away-team"><small>42%</small></td></tr>
 * Lineups, one pair of players a row, home then away (a player's span may carry icons of his
 * goals, cards and substitution, which are not part of the name):
 *   <tr><td><span><small>1.</small> Rossi</span></td><td><span><small>21.</small> Weverton</span></td></tr>
 */
import { DomUtils } from 'htmlparser2';
import { DETAIL_LIMITS, type LineupPlayer, type Statistic } from '../../lib/model/model.ts';
import { findAll, findFirst, textOf, textWithout, withClass, withTag, type DomElement } from '../dom-query.ts';
import { cleanName, readEventText } from './match-event-text.ts';
import { iconOf } from './parse-match-event.ts';

export const TABLE_SKIP_REASONS = {
  incompleteStatistic: 'estatística incompleta (sem o nome, ou sem o valor de um dos lados)',
  longStatistic: `estatística com texto de mais de ${DETAIL_LIMITS.text} caracteres`,
  unnamedPlayer: 'jogador da escalação sem nome',
  longPlayer: `jogador da escalação com nome de mais de ${DETAIL_LIMITS.text} caracteres`,
} as const;

/** The text of a statistics cell: its <small>, else the cell's own text. */
function cellText(row: DomElement, className: string): string {
  const cell = findFirst(row, withClass(className));
  if (!cell) return '';
  return cleanName(textOf(findFirst(cell, withTag('small')) ?? cell));
}

export function readStatisticRow(row: DomElement): { statistic: Statistic } | { reason: string } {
  const statistic = {
    label: cellText(row, 'stats-category'),
    home: cellText(row, 'stats-home-team'),
    away: cellText(row, 'stats-away-team'),
  };
  const values = [statistic.label, statistic.home, statistic.away];
  if (values.includes('')) return { reason: TABLE_SKIP_REASONS.incompleteStatistic };
  if (values.some((value) => value.length > DETAIL_LIMITS.text)) return { reason: TABLE_SKIP_REASONS.longStatistic };
  return { statistic };
}

const SHIRT_NUMBER = /^(\d{1,3})\s*[.º°-]?$/;

/** A span with a <small> of its own: one player ("<small>7.</small> Gerson"). */
const isPlayerSpan = (element: DomElement): boolean =>
  element.name === 'span' && element.children.some((child) => DomUtils.isTag(child) && child.name === 'small');

function readPlayers(cell: DomElement | undefined, skipped: string[]): LineupPlayer[] {
  if (!cell) return [];
  const players: LineupPlayer[] = [];
  for (const span of findAll(cell, isPlayerSpan)) {
    const small = span.children.find((child) => DomUtils.isTag(child) && child.name === 'small') ?? null;
    const numberText = cleanName(textOf(small));
    const shirt = SHIRT_NUMBER.exec(numberText);
    const rest = textWithout(span, (element) => (shirt !== null && element === small) || iconOf(element) !== null);
    const name = readEventText(rest).name;
    if (name === '') skipped.push(TABLE_SKIP_REASONS.unnamedPlayer);
    else if (name.length > DETAIL_LIMITS.text) skipped.push(TABLE_SKIP_REASONS.longPlayer);
    else players.push({ name, number: shirt ? Number(shirt[1]) : null });
  }
  return players;
}

export interface LineupRowRead {
  home: LineupPlayer[];
  away: LineupPlayer[];
  skipped: string[];
}

/** The row's first cell holds home players, its second the away ones. */
export function readLineupRow(row: DomElement): LineupRowRead {
  const cells = row.children.filter((child): child is DomElement => DomUtils.isTag(child) && child.name === 'td');
  const skipped: string[] = [];
  return { home: readPlayers(cells[0], skipped), away: readPlayers(cells[1], skipped), skipped };
}
