/**
 * Pure, one pass over a competition page ("Ver tabela e classificação"): every table on it —
 * `<table>` rows or a `div` grid (`.table` > `.table__row` > cells) — as rows of cell texts, with
 * the headings written before it, without building the page's tree (as scan-match-page.ts does
 * for match pages). Which of them are standings is parse-competition-page.ts's call, by their
 * header words. Everything kept is bounded: a page of a million rows costs counters, not memory.
 */
import { finishSteps, type Steps } from '../../lib/model/steps.ts';
import { MAX_DEPTH, TooDeep, scanPageSteps, type PageScanner } from '../scan-page-steps.ts';
import { STANDINGS_LIMITS } from '../../lib/model/table.ts';

export interface ScannedCell {
  text: string;
  /** The first image's address inside the cell (a crest), as written. */
  image: string | null;
}

export interface ScannedTable {
  kind: 'table' | 'grid';
  /** At most MAX_KEPT_ROWS rows; `rowCount` counts all of them. */
  rows: ScannedCell[][];
  rowCount: number;
  /** The last headings written since the previous table ended (or inside this one before its first row). */
  headings: string[];
}

export interface CompetitionPageScan {
  /** The page's title: `.jumbotron h1` (older) or `.content__title-text` (newer); '' when none. */
  title: string;
  /** The page has the frame of a competition page (`#livescore`, `.content__body`, the title block). */
  framed: boolean;
  /** At most MAX_TABLES tables; `tableCount` counts all of them. */
  tables: ScannedTable[];
  tableCount: number;
  /** The page nests elements past MAX_DEPTH (scan-page-steps.ts): the scan stopped there. */
  tooDeep: boolean;
}

/** A header row and a few more than a group's teams: past this a table is refused whole, not cut. */
export const MAX_KEPT_ROWS = STANDINGS_LIMITS.rows + 4;
/** Tables of any kind on one page (a real page has under 10). */
export const MAX_TABLES = 4 * STANDINGS_LIMITS.groups;
/** Cells of one row (a table has under 15 columns). */
export const MAX_CELLS = 40;
const MAX_TEXT = STANDINGS_LIMITS.text;
const MAX_HEADINGS = 3;

/** Headings that can name a group (h1 is the page's title). */
const HEADINGS = new Set(['h2', 'h3', 'h4', 'h5', 'h6', 'caption']);
/** A class naming a group ("standings__group-name", "group-title"). */
const GROUP_NAME_CLASS = /group-?(?:name|title)/;
/** A div grid's container ("table", "standings-table") and its rows ("table__row", "table__row--header", "row"). */
const GRID_CLASS = /^(?:[a-z0-9]+[-_]{1,2})?table$/;
const GRID_ROW_CLASS = /^(?:[a-z0-9]+[-_]{1,2})?(?:row|head|header)(?:--[a-z0-9-]+)?$/;
/** Lists of matches on the newer pages: never standings. */
const MATCH_LIST_IDS = new Set(['next_matches', 'last_matches']);
const NO_CLASSES: readonly string[] = [];

interface Context {
  table: ScannedTable;
  /** The depth of the element that opened it. */
  depth: number;
}

interface OpenElement {
  context: Context | null;
  row: boolean;
  cell: boolean;
  heading: boolean;
  title: boolean;
  excluded: boolean;
  jumbotron: boolean;
}

const squeeze = (text: string): string => text.replace(/\s+/g, ' ').trim();

export function scanCompetitionPage(html: string): CompetitionPageScan {
  return finishSteps(scanCompetitionPageSteps(html));
}

/** scanCompetitionPage in steps: the page is fed to the parser a chunk at a time. */
export function* scanCompetitionPageSteps(html: string): Steps<CompetitionPageScan> {
  const scanner = new CompetitionPageScanner();
  scanner.scan.tooDeep = !(yield* scanPageSteps(html, scanner));
  return scanner.scan;
}

interface OpenRow {
  cells: ScannedCell[];
  count: number;
  depth: number;
  context: Context;
}

interface OpenCell {
  text: string;
  image: string | null;
  depth: number;
}

/** The scan's state between the parser's callbacks: the open elements, tables, row, cell and texts being read. */
class CompetitionPageScanner implements PageScanner {
  readonly scan: CompetitionPageScan = { title: '', framed: false, tables: [], tableCount: 0, tooDeep: false };
  private readonly open: OpenElement[] = [];
  private readonly contexts: Context[] = [];
  private row: OpenRow | null = null;
  private cell: OpenCell | null = null;
  private headingDepth = 0;
  private headingText = '';
  private titleDepth = 0;
  private titleText = '';
  private inJumbotron = 0;
  private excluded = 0;
  private pendingHeadings: string[] = [];

  openTag(name: string, attribs: Record<string, string>): void {
    if (this.open.length >= MAX_DEPTH) throw new TooDeep();
    const classes = attribs.class ? attribs.class.toLowerCase().split(/\s+/) : NO_CLASSES;
    const depth = this.open.length;
    const element: OpenElement = {
      context: null,
      row: false,
      cell: false,
      heading: false,
      title: false,
      excluded: false,
      jumbotron: classes.includes('jumbotron'),
    };
    if (attribs.id === 'livescore' || classes.includes('content__body') || classes.includes('jumbotron')) {
      this.scan.framed = true;
    }
    if (element.jumbotron) this.inJumbotron++;
    if (attribs.id && MATCH_LIST_IDS.has(attribs.id)) {
      element.excluded = true;
      this.excluded++;
    }
    this.openCellOrRow(element, name, attribs, classes, depth);
    if (!element.row && !element.cell && this.excluded === 0 && !this.row)
      this.openTable(element, name, classes, depth);
    const title = classes.includes('content__title-text') || (name === 'h1' && this.inJumbotron > 0);
    if (!title && (HEADINGS.has(name) || classes.some((token) => GROUP_NAME_CLASS.test(token)))) {
      element.heading = true;
      if (this.headingDepth++ === 0) this.headingText = '';
    }
    if (title) {
      element.title = true;
      if (this.titleDepth++ === 0) this.titleText = '';
    }
    this.open.push(element);
  }

  text(text: string): void {
    const { cell } = this;
    if (cell && cell.text.length < MAX_TEXT) cell.text += text;
    if (this.headingDepth > 0 && this.headingText.length < MAX_TEXT) this.headingText += text;
    if (this.titleDepth > 0 && this.titleText.length < MAX_TEXT) this.titleText += text;
  }

  closeTag(): void {
    const element = this.open.pop();
    if (!element) return;
    if (element.jumbotron) this.inJumbotron--;
    if (element.excluded) this.excluded--;
    const { cell, row } = this;
    if (element.cell && cell && row) {
      if (row.cells.length < MAX_CELLS)
        row.cells.push({ text: squeeze(cell.text).slice(0, MAX_TEXT), image: cell.image });
      this.cell = null;
    }
    if (element.row && row) {
      const table = row.context.table;
      table.rowCount++;
      if (table.rows.length < MAX_KEPT_ROWS && row.cells.length > 0) table.rows.push(row.cells);
      this.row = null;
    }
    if (element.heading && --this.headingDepth === 0) {
      const text = squeeze(this.headingText).slice(0, MAX_TEXT);
      if (text !== '') this.pushHeading(text);
    }
    if (element.title && --this.titleDepth === 0 && this.scan.title === '')
      this.scan.title = squeeze(this.titleText).slice(0, MAX_TEXT);
    if (element.context) {
      this.contexts.pop();
      this.pendingHeadings = [];
    }
  }

  /** Inside a cell: its first image; a child of the open row: a cell; in a table with no open row: a row. */
  private openCellOrRow(
    element: OpenElement,
    name: string,
    attribs: Record<string, string>,
    classes: readonly string[],
    depth: number,
  ): void {
    const { cell, row } = this;
    const context = this.contexts.at(-1);
    if (cell) {
      if (name === 'img' && cell.image === null) cell.image = attribs.src ?? attribs['data-src'] ?? null;
    } else if (row && context === row.context && depth === row.depth + 1) {
      // A cell: th/td of a table row, any child element of a grid row.
      if (row.context.table.kind === 'grid' || name === 'td' || name === 'th') {
        row.count++;
        if (row.count <= MAX_CELLS) {
          this.cell = { text: '', image: null, depth };
          element.cell = true;
        }
      }
    } else if (!row && context && this.excluded === 0) {
      const isRow =
        context.table.kind === 'table' ? name === 'tr' : classes.some((token) => GRID_ROW_CLASS.test(token));
      if (isRow && (context.table.kind === 'grid' || name === 'tr')) {
        this.row = { cells: [], count: 0, depth, context };
        element.row = true;
      }
    }
  }

  /** A `<table>`, or a div grid not inside another: a new table, with the headings written before it. */
  private openTable(element: OpenElement, name: string, classes: readonly string[], depth: number): void {
    const { scan } = this;
    const context = this.contexts.at(-1);
    // A grid inside a grid is its parts (a body, a head), not another table.
    const grid = context?.table.kind !== 'grid' && classes.some((token) => GRID_CLASS.test(token));
    const kind = name === 'table' ? 'table' : grid ? 'grid' : null;
    if (!kind) return;
    scan.tableCount++;
    // A table in a wrapper not yet holding rows (div.league-table > table) has the wrapper's headings.
    const inherited = context && context.table.rowCount === 0 ? context.table.headings : [];
    const table: ScannedTable = { kind, rows: [], rowCount: 0, headings: [...inherited, ...this.pendingHeadings] };
    this.pendingHeadings = [];
    if (scan.tableCount <= MAX_TABLES) scan.tables.push(table);
    element.context = { table, depth };
    this.contexts.push(element.context);
  }

  /** A heading goes to the open table while it has no rows yet, else to the next table; the last few are kept. */
  private pushHeading(text: string): void {
    const context = this.contexts.at(-1);
    const target = context && context.table.rowCount === 0 && !this.row ? context.table.headings : this.pendingHeadings;
    target.push(text);
    if (target.length > MAX_HEADINGS) target.shift();
  }
}
