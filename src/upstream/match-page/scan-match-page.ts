/**
 * Pure, one pass over a match page: where its scoreboard, venue/referee block, event cells and
 * statistics/lineup table rows are, without building the page's tree (as scan-listing.ts does
 * for listings). htmlparser2's parser walks the document once; this keeps the open elements and
 * one small record per piece the parser reads, each later parsed as its own small tree
 * (parse-match-page.ts). A page of 100k event cells costs a counter past the cap, not memory.
 */
import { Parser } from 'htmlparser2';
import { DETAIL_LIMITS } from '../../lib/model/model.ts';
import { finishSteps, type Steps } from '../../lib/model/steps.ts';
import { MAX_DEPTH, TooDeep, feedPageSteps } from '../scan-page-steps.ts';

/** A piece of the page: page.slice(start, end), with the elements inside it. */
export interface PageRange {
  start: number;
  end: number;
  elements: number;
}

/**
 * An event cell: the home side, the minute, the away side; 'side' is an `.event-line` that does
 * not say which (told by its place: before the minute it is the home side).
 */
export type EventCellRole = 'home' | 'minute' | 'away' | 'side';

export interface EventCell extends PageRange {
  role: EventCellRole;
}

/** The cells of one event: siblings in page order, home → minute → away (any may be missing). */
export interface EventRowRecord {
  cells: EventCell[];
}

export interface TableRowRecord extends PageRange {
  kind: 'statistic' | 'lineup';
  /** Ordinal of the row's table on the page (-1: a row outside any table). */
  table: number;
  /** The last heading before that table ("Escalações", "Reservas"), '' when none. */
  heading: string;
}

export interface MatchPageScan {
  /** The first `.match-scoreboard` (status and score) and `.match-card-second-row` (team names). */
  scoreboard: PageRange | null;
  teamsRow: PageRange | null;
  /** The newer layout's `.match-details` and the older one's `.match-info` (venue, referee). */
  details: PageRange | null;
  info: PageRange | null;
  /** At most MAX_EVENT_ROWS rows; `eventRowCount` counts all of them. */
  eventRows: EventRowRecord[];
  eventRowCount: number;
  /** At most MAX_TABLE_ROWS rows; `tableRowCount` counts all of them. */
  tableRows: TableRowRecord[];
  tableRowCount: number;
  /** Elements only one layout writes (`.match-details`, `.event-line` / `.match-info`, `.match-card-events-*-team`). */
  markers: { newer: number; older: number };
  /** The page nests elements past MAX_DEPTH (scan-page-steps.ts): the scan stopped there (a hostile or broken page). */
  tooDeep: boolean;
  /** The text of the first `.match-group` (both layouts: "Rodada 12"), at most MAX_HEADING_CHARS; null when none. */
  round: string | null;
}

/** Each row holds at least one event: a page past this many holds more than the model's lists can. */
export const MAX_EVENT_ROWS = 3 * DETAIL_LIMITS.events;
/** Statistics, then the starters' and the bench's rows (one row per pair of players). */
export const MAX_TABLE_ROWS = DETAIL_LIMITS.statistics + 2 * DETAIL_LIMITS.lineup;

const MAX_HEADING_CHARS = 200;
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const NO_CLASSES: readonly string[] = [];
const OLDER_MARKERS = new Set(['match-info', 'match-card-events-home-team', 'match-card-events-away-team']);
const CELL_ORDER: Readonly<Record<Exclude<EventCellRole, 'side'>, number>> = { home: 0, minute: 1, away: 2 };

interface OpenElement {
  id: number;
  range: PageRange | null;
  cell: EventCell | null;
  row: { record: TableRowRecord; spansAtOpen: number; statistic: boolean; lineup: boolean } | null;
  table: { ordinal: number; heading: string } | null;
  heading: boolean;
  span: boolean;
  round: boolean;
}

function cellRole(classes: readonly string[]): EventCellRole | null {
  if (classes.includes('match-card-events-space')) return 'minute';
  if (classes.includes('match-card-events-home-team')) return 'home';
  if (classes.includes('match-card-events-away-team')) return 'away';
  if (!classes.includes('event-line')) return null;
  if (classes.includes('text-right')) return 'home';
  if (classes.includes('text-left')) return 'away';
  return 'side';
}

export function scanMatchPage(html: string): MatchPageScan {
  return finishSteps(scanMatchPageSteps(html));
}

/** scanMatchPage in steps: the page is fed to the parser a chunk at a time (indices stay the page's). */
export function* scanMatchPageSteps(html: string): Steps<MatchPageScan> {
  const scan: MatchPageScan = {
    scoreboard: null,
    teamsRow: null,
    details: null,
    info: null,
    eventRows: [],
    eventRowCount: 0,
    tableRows: [],
    tableRowCount: 0,
    markers: { newer: 0, older: 0 },
    tooDeep: false,
    round: null,
  };
  const open: OpenElement[] = [];
  const openRanges: PageRange[] = [];
  const openTables: { ordinal: number; heading: string }[] = [];
  const openRows: NonNullable<OpenElement['row']>[] = [];
  let nextId = 0;
  let tables = 0;
  let cellDepth = 0;
  let openSpans = 0;
  let headingDepth = 0;
  let headingText = '';
  let lastHeading = '';
  let roundDepth = 0;
  let roundText: string | null = null;
  /** The event row being filled: its parent element and the order of its last cell. */
  let row: { parent: number; lastOrder: number; hasMinute: boolean; record: EventRowRecord | null } | null = null;

  const addCell = (cell: EventCell, parent: number): void => {
    const role = cell.role === 'side' ? (row?.parent === parent && row.hasMinute ? 'away' : 'home') : cell.role;
    const order = CELL_ORDER[role];
    cell.role = role;
    if (!row || row.parent !== parent || order <= row.lastOrder) {
      scan.eventRowCount++;
      const record = scan.eventRowCount <= MAX_EVENT_ROWS ? { cells: [] } : null;
      if (record) scan.eventRows.push(record);
      row = { parent, lastOrder: -1, hasMinute: false, record };
    }
    row.lastOrder = order;
    row.hasMinute ||= role === 'minute';
    row.record?.cells.push(cell);
  };

  const parser: Parser = new Parser(
    {
      onopentag(name, attribs) {
        if (open.length >= MAX_DEPTH) throw new TooDeep();
        const start = parser.startIndex;
        const classAttr = attribs.class;
        const classes = classAttr ? classAttr.split(/\s+/) : NO_CLASSES;
        const enclosing = openRanges.at(-1);
        if (enclosing) enclosing.elements++;
        const parent = open.at(-1);
        const element: OpenElement = {
          id: nextId++,
          range: null,
          cell: null,
          row: null,
          table: null,
          heading: false,
          span: name === 'span',
          round: scan.round === null && roundDepth === 0 && classes.includes('match-group'),
        };
        if (element.round) roundText = '';
        if (element.round || roundDepth > 0) roundDepth++;
        const fresh = (): PageRange => ({ start, end: html.length, elements: 0 });
        if (classes.includes('match-details') || classes.includes('event-line')) scan.markers.newer++;
        if (classes.some((c) => OLDER_MARKERS.has(c))) scan.markers.older++;

        const role = cellDepth === 0 && classes.length > 0 ? cellRole(classes) : null;
        if (role) {
          const cell: EventCell = { start, end: html.length, elements: 0, role };
          element.range = cell;
          element.cell = cell;
          addCell(cell, parent?.id ?? -1);
        } else if (classes.length === 0) {
          // Most elements: nothing to record but a table row.
        } else if (classes.includes('match-scoreboard') && !scan.scoreboard) element.range = scan.scoreboard = fresh();
        else if (classes.includes('match-card-second-row') && !scan.teamsRow) element.range = scan.teamsRow = fresh();
        else if (classes.includes('match-details') && !scan.details) element.range = scan.details = fresh();
        else if (classes.includes('match-info') && !scan.info) element.range = scan.info = fresh();
        if (name === 'tr' && !element.range) {
          const table = openTables.at(-1);
          const record: TableRowRecord = {
            ...fresh(),
            kind: 'lineup',
            table: table?.ordinal ?? -1,
            heading: table?.heading ?? '',
          };
          element.range = record;
          element.row = { record, spansAtOpen: openSpans, statistic: false, lineup: false };
        }
        if (element.cell) cellDepth++;
        if (name === 'table') {
          element.table = { ordinal: tables++, heading: lastHeading };
          openTables.push(element.table);
        }
        if (HEADINGS.has(name) || classes.includes('section-title')) {
          element.heading = true;
          if (headingDepth++ === 0) headingText = '';
        }
        // What makes the innermost open row a statistics or a lineup row.
        const openRow = openRows.at(-1);
        if (openRow) {
          if (name === 'td' && classes.some((c) => c.startsWith('stats-'))) openRow.statistic = true;
          if (name === 'small' && openSpans > openRow.spansAtOpen) openRow.lineup = true;
        }
        if (element.span) openSpans++;
        if (element.row) openRows.push(element.row);
        if (element.range) openRanges.push(element.range);
        open.push(element);
      },
      ontext(text) {
        if (headingDepth > 0 && headingText.length < MAX_HEADING_CHARS) headingText += text;
        if (roundDepth > 0 && roundText !== null && roundText.length < MAX_HEADING_CHARS) roundText += text;
      },
      onclosetag() {
        const element = open.pop();
        if (!element) return;
        const end = Math.min(html.length, Math.max(parser.endIndex + 1, parser.startIndex));
        if (element.span) openSpans--;
        if (element.cell) cellDepth--;
        if (roundDepth > 0 && --roundDepth === 0) scan.round = (roundText ?? '').slice(0, MAX_HEADING_CHARS);
        if (element.table) openTables.pop();
        if (element.heading && --headingDepth === 0) {
          lastHeading = headingText.replace(/\s+/g, ' ').trim().slice(0, MAX_HEADING_CHARS);
        }
        if (element.range) {
          element.range.end = end;
          openRanges.pop();
          const outer = openRanges.at(-1);
          if (outer) outer.elements += element.range.elements;
        }
        const tableRow = element.row;
        if (tableRow) openRows.pop();
        if (tableRow && (tableRow.statistic || tableRow.lineup)) {
          tableRow.record.kind = tableRow.statistic ? 'statistic' : 'lineup';
          scan.tableRowCount++;
          if (scan.tableRowCount <= MAX_TABLE_ROWS) scan.tableRows.push(tableRow.record);
        }
      },
    },
    { decodeEntities: true },
  );
  scan.tooDeep = !(yield* feedPageSteps(parser, html));
  return scan;
}
