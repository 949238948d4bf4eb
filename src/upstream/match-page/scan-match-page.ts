/**
 * Pure, one pass over a match page: where its scoreboard, venue/referee block, event cells and
 * statistics/lineup table rows are, without building the page's tree (as scan-listing.ts does
 * for listings). htmlparser2's parser walks the document once; this keeps the open elements and
 * one small record per piece the parser reads, each later parsed as its own small tree
 * (parse-match-page.ts). A page of 100k event cells costs a counter past the cap, not memory.
 */
import { DETAIL_LIMITS } from '../../lib/model/model.ts';
import { finishSteps, type Steps } from '../../lib/model/steps.ts';
import { MAX_DEPTH, TooDeep, scanPageSteps, type PageScanner } from '../scan-page-steps.ts';

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
  row: OpenTableRow | null;
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
  const scanner = new MatchPageScanner(html);
  scanner.scan.tooDeep = !(yield* scanPageSteps(html, scanner));
  return scanner.scan;
}

/** A table row being read: what its cells say it is. */
interface OpenTableRow {
  record: TableRowRecord;
  spansAtOpen: number;
  statistic: boolean;
  lineup: boolean;
}

/** The event row being filled: its parent element and the order of its last cell. */
interface EventRowState {
  parent: number;
  lastOrder: number;
  hasMinute: boolean;
  /** null past MAX_EVENT_ROWS: the row is counted, not kept. */
  record: EventRowRecord | null;
}

/** The scan's state between the parser's callbacks: the open elements and the records they fill. */
class MatchPageScanner implements PageScanner {
  readonly scan: MatchPageScan = {
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
  private readonly html: string;
  private readonly open: OpenElement[] = [];
  private readonly openRanges: PageRange[] = [];
  private readonly openTables: { ordinal: number; heading: string }[] = [];
  private readonly openRows: OpenTableRow[] = [];
  private nextId = 0;
  private tables = 0;
  private cellDepth = 0;
  private openSpans = 0;
  private headingDepth = 0;
  private headingText = '';
  private lastHeading = '';
  private roundDepth = 0;
  private roundText: string | null = null;
  private row: EventRowState | null = null;

  constructor(html: string) {
    this.html = html;
  }

  openTag(name: string, attribs: Record<string, string>, start: number): void {
    if (this.open.length >= MAX_DEPTH) throw new TooDeep();
    const classAttr = attribs.class;
    const classes = classAttr ? classAttr.split(/\s+/) : NO_CLASSES;
    const enclosing = this.openRanges.at(-1);
    if (enclosing) enclosing.elements++;
    const parent = this.open.at(-1);
    const element: OpenElement = {
      id: this.nextId++,
      range: null,
      cell: null,
      row: null,
      table: null,
      heading: false,
      span: name === 'span',
      round: this.scan.round === null && this.roundDepth === 0 && classes.includes('match-group'),
    };
    if (element.round) this.roundText = '';
    if (element.round || this.roundDepth > 0) this.roundDepth++;
    if (classes.includes('match-details') || classes.includes('event-line')) this.scan.markers.newer++;
    if (classes.some((c) => OLDER_MARKERS.has(c))) this.scan.markers.older++;
    this.recordPiece(element, classes, start, parent?.id ?? -1);
    if (name === 'tr' && !element.range) this.openTableRow(element, start);
    if (element.cell) this.cellDepth++;
    this.openTableOrHeading(element, name, classes);
    this.markOpenRow(name, classes);
    if (element.span) this.openSpans++;
    if (element.row) this.openRows.push(element.row);
    if (element.range) this.openRanges.push(element.range);
    this.open.push(element);
  }

  text(text: string): void {
    if (this.headingDepth > 0 && this.headingText.length < MAX_HEADING_CHARS) this.headingText += text;
    if (this.roundDepth > 0 && this.roundText !== null && this.roundText.length < MAX_HEADING_CHARS)
      this.roundText += text;
  }

  closeTag(end: number): void {
    const element = this.open.pop();
    if (!element) return;
    if (element.span) this.openSpans--;
    if (element.cell) this.cellDepth--;
    if (this.roundDepth > 0 && --this.roundDepth === 0)
      this.scan.round = (this.roundText ?? '').slice(0, MAX_HEADING_CHARS);
    if (element.table) this.openTables.pop();
    if (element.heading && --this.headingDepth === 0) {
      this.lastHeading = this.headingText.replace(/\s+/g, ' ').trim().slice(0, MAX_HEADING_CHARS);
    }
    if (element.range) {
      element.range.end = end;
      this.openRanges.pop();
      const outer = this.openRanges.at(-1);
      if (outer) outer.elements += element.range.elements;
    }
    const tableRow = element.row;
    if (tableRow) this.openRows.pop();
    if (tableRow && (tableRow.statistic || tableRow.lineup)) {
      tableRow.record.kind = tableRow.statistic ? 'statistic' : 'lineup';
      this.scan.tableRowCount++;
      if (this.scan.tableRowCount <= MAX_TABLE_ROWS) this.scan.tableRows.push(tableRow.record);
    }
  }

  /** An event cell, or the first scoreboard, teams row, details or info block: its range is recorded. */
  private recordPiece(element: OpenElement, classes: readonly string[], start: number, parent: number): void {
    const { scan } = this;
    const fresh = (): PageRange => ({ start, end: this.html.length, elements: 0 });
    const role = this.cellDepth === 0 && classes.length > 0 ? cellRole(classes) : null;
    if (role) {
      const cell: EventCell = { start, end: this.html.length, elements: 0, role };
      element.range = cell;
      element.cell = cell;
      this.addCell(cell, parent);
    } else if (classes.length === 0) {
      // Most elements: nothing to record but a table row.
    } else if (classes.includes('match-scoreboard') && !scan.scoreboard) element.range = scan.scoreboard = fresh();
    else if (classes.includes('match-card-second-row') && !scan.teamsRow) element.range = scan.teamsRow = fresh();
    else if (classes.includes('match-details') && !scan.details) element.range = scan.details = fresh();
    else if (classes.includes('match-info') && !scan.info) element.range = scan.info = fresh();
  }

  /** Adds the cell to the event row being filled, or starts a new row when the cell cannot follow its last. */
  private addCell(cell: EventCell, parent: number): void {
    const { scan } = this;
    const row = this.row;
    const role = cell.role === 'side' ? (row?.parent === parent && row.hasMinute ? 'away' : 'home') : cell.role;
    const order = CELL_ORDER[role];
    cell.role = role;
    let filling = row;
    if (!filling || filling.parent !== parent || order <= filling.lastOrder) {
      scan.eventRowCount++;
      const record = scan.eventRowCount <= MAX_EVENT_ROWS ? { cells: [] } : null;
      if (record) scan.eventRows.push(record);
      filling = { parent, lastOrder: -1, hasMinute: false, record };
      this.row = filling;
    }
    filling.lastOrder = order;
    filling.hasMinute ||= role === 'minute';
    filling.record?.cells.push(cell);
  }

  /** A `<tr>` that is no other piece: a table row, told a statistic or a lineup row by what it holds. */
  private openTableRow(element: OpenElement, start: number): void {
    const table = this.openTables.at(-1);
    const record: TableRowRecord = {
      start,
      end: this.html.length,
      elements: 0,
      kind: 'lineup',
      table: table?.ordinal ?? -1,
      heading: table?.heading ?? '',
    };
    element.range = record;
    element.row = { record, spansAtOpen: this.openSpans, statistic: false, lineup: false };
  }

  /** A table takes the last heading before it; a heading starts collecting its text. */
  private openTableOrHeading(element: OpenElement, name: string, classes: readonly string[]): void {
    if (name === 'table') {
      element.table = { ordinal: this.tables++, heading: this.lastHeading };
      this.openTables.push(element.table);
    }
    if (HEADINGS.has(name) || classes.includes('section-title')) {
      element.heading = true;
      if (this.headingDepth++ === 0) this.headingText = '';
    }
  }

  /** What makes the innermost open row a statistics or a lineup row. */
  private markOpenRow(name: string, classes: readonly string[]): void {
    const openRow = this.openRows.at(-1);
    if (!openRow) return;
    if (name === 'td' && classes.some((c) => c.startsWith('stats-'))) openRow.statistic = true;
    if (name === 'small' && this.openSpans > openRow.spansAtOpen) openRow.lineup = true;
  }
}
