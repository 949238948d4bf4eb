/**
 * The event rows of a match page (goals, cards, substitutions), one step per row: each row's cells are parsed as one
 * small tree and read by parse-match-event.ts; the lists come back in match order, within the model's limits.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { DETAIL_LIMITS, type Card, type Goal, type Substitution } from '../../lib/model/model.ts';
import type { Steps } from '../../lib/model/steps.ts';
import { MAX_PIECE_ELEMENTS, TOO_LARGE, type MatchPageReading } from './match-page-reading.ts';
import { parseEventRow, type RowCells } from './parse-match-event.ts';
import type { EventRowRecord } from './scan-match-page.ts';

export interface MatchEventLists {
  goals: Goal[];
  cards: Card[];
  substitutions: Substitution[];
}

interface Ordered<T> {
  value: T;
  order: number;
}

/** The lists as read so far, each item with its place on the page. */
interface OrderedEvents {
  goals: Ordered<Goal>[];
  cards: Ordered<Card>[];
  substitutions: Ordered<Substitution>[];
  next: number;
}

/** Match order: minute, then added time ("45'" before "45+1'"), then page order. */
function inMatchOrder<T extends { minute: number; injuryTime: number | null }>(items: Ordered<T>[]): T[] {
  return items
    .sort(
      (a, b) =>
        a.value.minute - b.value.minute || (a.value.injuryTime ?? -1) - (b.value.injuryTime ?? -1) || a.order - b.order,
    )
    .map((item) => item.value);
}

function readEventRow(reading: MatchPageReading, row: EventRowRecord, into: OrderedEvents): void {
  const first = row.cells[0];
  const last = row.cells.at(-1);
  if (!first || !last) return;
  const snippet = reading.snippetOf(first.start, last.end);
  if (row.cells.some((cell) => cell.elements > MAX_PIECE_ELEMENTS))
    return reading.skips.skip('event', TOO_LARGE, snippet);
  // The row's cells are siblings: one small tree for the three, each cell found by where it starts.
  const fragment = parseDocument(reading.html.slice(first.start, last.end), { withStartIndices: true });
  const byStart = new Map(
    fragment.children.filter(DomUtils.isTag).map((node) => [first.start + (node.startIndex ?? 0), node]),
  );
  const cells: RowCells = { home: null, minute: null, away: null };
  for (const cell of row.cells) {
    const role = cell.role === 'side' ? 'home' : cell.role;
    cells[role] ??= byStart.get(cell.start) ?? null;
  }
  const events = parseEventRow(cells);
  for (const goal of events.goals) into.goals.push({ value: goal, order: into.next++ });
  for (const card of events.cards) into.cards.push({ value: card, order: into.next++ });
  for (const substitution of events.substitutions) into.substitutions.push({ value: substitution, order: into.next++ });
  for (const reason of events.skipped) reading.skips.skip('event', reason, snippet);
}

/** Every event row of the scan, one step each; a page with more of a kind than the detail holds is refused. */
export function* readEventRowsSteps(reading: MatchPageReading): Steps<MatchEventLists> {
  const read: OrderedEvents = { goals: [], cards: [], substitutions: [], next: 0 };
  for (const row of reading.scan.eventRows) {
    yield;
    readEventRow(reading, row, read);
  }
  const { counts } = reading;
  counts.goals = read.goals.length;
  counts.cards = read.cards.length;
  counts.substitutions = read.substitutions.length;
  for (const [list, what] of [
    [read.goals, 'gols'],
    [read.cards, 'cartões'],
    [read.substitutions, 'substituições'],
  ] as const) {
    if (list.length > DETAIL_LIMITS.events)
      throw reading.fail(
        `a página tem ${list.length} ${what}, mais do que os ${DETAIL_LIMITS.events} que cabem no detalhe`,
      );
  }
  return {
    goals: inMatchOrder(read.goals),
    cards: inMatchOrder(read.cards),
    substitutions: inMatchOrder(read.substitutions),
  };
}
