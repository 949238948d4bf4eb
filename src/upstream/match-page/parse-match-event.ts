/**
 * Pure: one event row of a match page → its goals, cards and substitutions, or why a part of it
 * was skipped. Both layouts write a row as three cells — the home side, the minute, the away side:
 *   newer  <div class="row align-items-center content">
 *            <div class="col-5 event-line text-right">Pedro <img src="/images/goal.png"></div>
 *            <div class="col-2 match-card-events-space text-center">23'</div>
 *            <div class="col-5 event-line text-left"></div>
 *          </div>
 *   older  <div class="w-25 match-card-events-home-team"><p>Pedro <i class="fa fa-futbol"></i></p></div>
 *          <div class="w-25 match-card-events-space"><strong>23'</strong></div>
 *          <div class="w-25 match-card-events-away-team"></div>
 * The kind is an image (goal.png, own-goal.png, yellowcard.png, redcard.png, yellowred.png), a
 * Font Awesome icon (fa-futbol, own-goal, yellow-card, red-card, substitution-in/-out) or words
 * ("gol anulado", "(pênalti)", "(contra)"). A goal counts for the side it is written on (an own
 * goal is written on the side it counts for).
 */
import { DomUtils } from 'htmlparser2';
import { DETAIL_LIMITS, type Card, type Goal, type Substitution, type TeamSide } from '../../lib/model/model.ts';
import { findAll, findFirst, textOf, withTag, type DomElement, type DomNode } from '../dom-query.ts';
import { cleanName, parseMinuteCell, readEventText, type EventMinute } from './match-event-text.ts';

export type EventIcon = 'goal' | 'ownGoal' | 'penalty' | 'yellow' | 'red' | 'yellowRed' | 'in' | 'out';

export const EVENT_SKIP_REASONS = {
  empty: 'linha de lance vazia (sem jogador nem ícone)',
  noMinute: 'sem o minuto do lance',
  noPlayer: 'lance sem o nome do jogador',
  unknownKind: 'tipo de lance não reconhecido (nem imagem, nem ícone, nem palavra conhecida)',
  mixedKinds: 'gol e cartão no mesmo lance: não dá para saber qual é',
  halfSubstitution: 'substituição sem quem entra ou sem quem sai',
  longName: `nome com mais de ${DETAIL_LIMITS.text} caracteres`,
} as const;

/** Image file names (without extension) and icon classes, by what they mean. */
const IMAGE_ICONS: ReadonlyMap<string, EventIcon> = new Map([
  ['goal', 'goal'],
  ['gol', 'goal'],
  ['own-goal', 'ownGoal'],
  ['owngoal', 'ownGoal'],
  ['gol-contra', 'ownGoal'],
  ['penalty', 'penalty'],
  ['yellowcard', 'yellow'],
  ['yellow-card', 'yellow'],
  ['redcard', 'red'],
  ['red-card', 'red'],
  ['yellowred', 'yellowRed'],
  ['yellow-red', 'yellowRed'],
  ['yellowredcard', 'yellowRed'],
]);
const CLASS_ICONS: ReadonlyMap<string, EventIcon> = new Map([
  ['fa-futbol', 'goal'],
  ['fa-futbol-o', 'goal'],
  ['fa-soccer-ball', 'goal'],
  ['fa-soccer-ball-o', 'goal'],
  ['own-goal', 'ownGoal'],
  ['yellow-card', 'yellow'],
  ['red-card', 'red'],
  ['yellow-red-card', 'yellowRed'],
  ['second-yellow', 'yellowRed'],
  ['substitution-in', 'in'],
  ['substitution-out', 'out'],
]);
const BLOCKS = new Set(['p', 'div', 'br', 'li', 'span']);
const SUBSTITUTION_WORDS = /^(?:entra:?\s+)?(.+?)\s*(?:[,;/|–-]\s*)?\bsai:?\s+(.+)$/i;

/** What an element means as an icon, or null. */
export function iconOf(element: DomElement): EventIcon | null {
  if (element.name === 'img') {
    const src = (element.attribs.src ?? element.attribs['data-src'] ?? '').split(/[?#]/)[0] ?? '';
    const file = (src.split('/').at(-1) ?? '').toLowerCase().replace(/\.[a-z0-9]+$/, '');
    const icon = IMAGE_ICONS.get(file);
    if (icon) return icon;
  }
  for (const name of (element.attribs.class ?? '').split(/\s+/)) {
    const icon = CLASS_ICONS.get(name);
    if (icon) return icon;
  }
  return null;
}

function iconsIn(unit: DomElement): Set<EventIcon> {
  const icons = new Set<EventIcon>();
  const own = iconOf(unit);
  if (own) icons.add(own);
  for (const element of findAll(unit, () => true)) {
    const icon = iconOf(element);
    if (icon) icons.add(icon);
  }
  return icons;
}

export interface RowEvents {
  goals: Goal[];
  cards: Card[];
  substitutions: Substitution[];
  /** Reasons, one per part of the row skipped. */
  skipped: string[];
}

export interface RowCells {
  home: DomElement | null;
  minute: DomElement | null;
  away: DomElement | null;
}

/** The minute cell's minute: its <strong> (older layout) or its whole text. */
function rowMinute(cell: DomElement | null): EventMinute | null {
  if (!cell) return null;
  const strong = findFirst(cell, withTag('strong'));
  return parseMinuteCell(textOf(strong ?? cell)) ?? (strong ? parseMinuteCell(textOf(cell)) : null);
}

/**
 * A substitution's two names, by the icon each stands beside: "▲ In ▼ Out" (names after their
 * icons) or "In ▲ Out ▼" (names before); without icons, "Entra X, sai Y".
 */
function substitutionNames(unit: DomElement): { playerIn: string; playerOut: string } | null {
  const parts: ({ icon: 'in' | 'out' } | { text: string })[] = [];
  const walk = (nodes: readonly DomNode[]): void => {
    for (const node of nodes) {
      if (DomUtils.isText(node)) parts.push({ text: node.data });
      else if (DomUtils.isTag(node)) {
        const icon = iconOf(node);
        if (icon === 'in' || icon === 'out') parts.push({ icon });
        else {
          const block = BLOCKS.has(node.name);
          if (block) parts.push({ text: ' ' });
          walk(node.children);
          if (block) parts.push({ text: ' ' });
        }
      }
    }
  };
  walk(unit.children);
  const names: Partial<Record<'in' | 'out', string>> = {};
  const firstMeaningful = parts.find((part) => 'icon' in part || cleanName(part.text) !== '');
  const namesFollowIcons = firstMeaningful !== undefined && 'icon' in firstMeaningful;
  let pending = '';
  let lastIcon: 'in' | 'out' | null = null;
  for (const part of parts) {
    if ('text' in part) {
      pending += part.text;
      continue;
    }
    if (namesFollowIcons) {
      if (lastIcon) names[lastIcon] ??= pending;
    } else names[part.icon] ??= pending;
    pending = '';
    lastIcon = part.icon;
  }
  if (namesFollowIcons && lastIcon) names[lastIcon] ??= pending;
  if (lastIcon === null) {
    const words = SUBSTITUTION_WORDS.exec(cleanName(textOf(unit)));
    if (!words) return null;
    names.in = words[1];
    names.out = words[2];
  }
  const playerIn = readEventText(names.in ?? '').name;
  const playerOut = readEventText(names.out ?? '').name;
  return { playerIn, playerOut };
}

type UnitEvent =
  | { kind: 'goal'; goal: Goal }
  | { kind: 'card'; card: Card }
  | { kind: 'substitution'; substitution: Substitution }
  | { kind: 'skipped'; reason: string }
  | { kind: 'empty' };

const tooLong = (...names: string[]): boolean => names.some((name) => name.length > DETAIL_LIMITS.text);

function readUnit(
  unit: DomElement,
  team: TeamSide,
  rowMinuteRead: EventMinute | null,
  icons: Set<EventIcon>,
): UnitEvent {
  const text = readEventText(textOf(unit));
  const minute = rowMinuteRead ?? text.minute;
  if (icons.has('in') || icons.has('out') || (icons.size === 0 && /\bsai:?\s/i.test(text.name))) {
    const names = substitutionNames(unit);
    if (!names || names.playerIn === '' || names.playerOut === '')
      return { kind: 'skipped', reason: EVENT_SKIP_REASONS.halfSubstitution };
    if (!minute) return { kind: 'skipped', reason: EVENT_SKIP_REASONS.noMinute };
    if (tooLong(names.playerIn, names.playerOut)) return { kind: 'skipped', reason: EVENT_SKIP_REASONS.longName };
    return { kind: 'substitution', substitution: { team, ...minute, ...names } };
  }
  const { qualifiers, name } = text;
  const isGoal =
    icons.has('goal') || icons.has('ownGoal') || icons.has('penalty') || qualifiers.ownGoal || qualifiers.penalty;
  const isCancelledGoal = qualifiers.cancelled;
  const isCard = icons.has('yellow') || icons.has('red') || icons.has('yellowRed') || qualifiers.secondYellow;
  if (!isGoal && !isCancelledGoal && !isCard) {
    return name === '' ? { kind: 'empty' } : { kind: 'skipped', reason: EVENT_SKIP_REASONS.unknownKind };
  }
  if ((isGoal || isCancelledGoal) && isCard) return { kind: 'skipped', reason: EVENT_SKIP_REASONS.mixedKinds };
  if (name === '') return { kind: 'skipped', reason: EVENT_SKIP_REASONS.noPlayer };
  if (!minute) return { kind: 'skipped', reason: EVENT_SKIP_REASONS.noMinute };
  if (tooLong(name)) return { kind: 'skipped', reason: EVENT_SKIP_REASONS.longName };
  if (isCard) {
    const secondYellow = icons.has('yellowRed') || qualifiers.secondYellow || (icons.has('yellow') && icons.has('red'));
    const color = secondYellow || icons.has('red') ? 'RED' : 'YELLOW';
    return { kind: 'card', card: { team, player: name, ...minute, color, secondYellow } };
  }
  return {
    kind: 'goal',
    goal: {
      team,
      player: name,
      ...minute,
      ownGoal: icons.has('ownGoal') || qualifiers.ownGoal,
      penalty: icons.has('penalty') || qualifiers.penalty,
      cancelled: qualifiers.cancelled,
    },
  };
}

/** A side cell's events (with their icons): one per paragraph when it holds several, else the cell is one event. */
function unitsOf(cell: DomElement): [DomElement, Set<EventIcon>][] {
  const icons = iconsIn(cell);
  if (icons.has('in') || icons.has('out')) return [[cell, icons]];
  const paragraphs = findAll(cell, withTag('p'));
  return paragraphs.length > 1 ? paragraphs.map((p) => [p, iconsIn(p)]) : [[cell, icons]];
}

export function parseEventRow(cells: RowCells): RowEvents {
  const events: RowEvents = { goals: [], cards: [], substitutions: [], skipped: [] };
  const minute = rowMinute(cells.minute);
  for (const [team, cell] of [
    ['HOME', cells.home],
    ['AWAY', cells.away],
  ] as const) {
    if (!cell) continue;
    for (const [unit, icons] of unitsOf(cell)) {
      const read = readUnit(unit, team, minute, icons);
      if (read.kind === 'goal') events.goals.push(read.goal);
      else if (read.kind === 'card') events.cards.push(read.card);
      else if (read.kind === 'substitution') events.substitutions.push(read.substitution);
      else if (read.kind === 'skipped') events.skipped.push(read.reason);
    }
  }
  const found = events.goals.length + events.cards.length + events.substitutions.length + events.skipped.length;
  if (found === 0) events.skipped.push(EVENT_SKIP_REASONS.empty);
  return events;
}
