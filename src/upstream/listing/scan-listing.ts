/**
 * Pure, one pass over a listing page: where its league headers and match candidates are,
 * without building the page's tree. htmlparser2's parser walks the document once and this
 * keeps only the open elements and one small record per header/link/card; each candidate's
 * own HTML is parsed afterwards on its own (parse-listing.ts). Why not the page's DOM: a big page
 * of tiny elements is many times its size as a tree, and cheerio's `find` on an element with many
 * children is quadratic (css-select's removeSubsets).
 */
import { finishSteps, type Steps } from '../../lib/model/steps.ts';
import { MAX_DEPTH, TooDeep, scanPageSteps, type PageScanner } from '../scan-page-steps.ts';
import { CARD_CLASSES, CARD_LINK_CLASSES } from './parse-match-card.ts';

/** Where each record sits: inside the first #livescore, the first #main, the first <body>. */
export const SCOPE = { livescore: 1, main: 2, body: 4 } as const;

/** A range of the page's text pieces (see ListingScan.text). */
interface TextRange {
  from: number;
  to: number;
}

export interface HeaderRecord {
  kind: 'header';
  scope: number;
  text: TextRange;
}

/** An `<a href>` with what the parser must know about it before reading its HTML. */
export interface LinkRecord {
  kind: 'link';
  scope: number;
  /** The link's HTML is page.slice(start, end). */
  start: number;
  end: number;
  href: string;
  classes: readonly string[];
  /** Holds a team/status/score cell (a row candidate whatever its href). */
  rowCells: boolean;
  /** The closest link around a card element (or a card itself). */
  holdsCard: boolean;
  /** Inside a `.trending-box` (the featured block). */
  featured: boolean;
  /** The nearest previous sibling `.match-card-league-name`, if any. */
  leagueLabel: TextRange | null;
  /** Elements inside the link (a row has about 20). */
  elements: number;
}

/** A card element outside any link. */
export interface LooseCardRecord {
  kind: 'card';
  scope: number;
  start: number;
  end: number;
}

export type ListingRecord = HeaderRecord | LinkRecord | LooseCardRecord;

export interface ListingScan {
  records: ListingRecord[];
  hasLivescore: boolean;
  hasMain: boolean;
  hasBody: boolean;
  cardsInPage: boolean;
  cardsInMain: boolean;
  /** The page nests elements past MAX_DEPTH (scan-page-steps.ts): the scan stopped there (a hostile or broken page). */
  tooDeep: boolean;
  /** The text of `range`, at most `maxChars` (plus the piece that crosses it). */
  text(range: TextRange, maxChars: number): string;
}

const HEADER_CLASS = 'match-list_league-name';
const ROW_CELL_CLASSES = new Set(['team-name', 'team_link', 'status-name', 'match-score']);
const LEAGUE_LABEL_CLASS = 'match-card-league-name';
const FEATURED_CLASS = 'trending-box';
const CARD_CLASS_SET = new Set<string>(CARD_CLASSES);
const CARD_LINK_CLASS_SET = new Set<string>(CARD_LINK_CLASSES);

interface OpenElement {
  scopeBit: number;
  link: LinkRecord | null;
  card: LooseCardRecord | null;
  header: HeaderRecord | null;
  label: TextRange | null;
  featured: boolean;
  /** The last closed child with the league-label class (prevAll(...).first() of the next child). */
  lastLabel: TextRange | null;
}

/**
 * `isMatchHref` tells a link to a match page: other links that hold no card and no row cell are
 * no candidates, and their records are dropped as they close (a page of 300k plain links costs
 * no memory).
 */
export function scanListing(html: string, isMatchHref: (href: string) => boolean): ListingScan {
  return finishSteps(scanListingSteps(html, isMatchHref));
}

/** scanListing in steps: the page is fed to the parser a chunk at a time (indices stay the page's). */
export function* scanListingSteps(html: string, isMatchHref: (href: string) => boolean): Steps<ListingScan> {
  const scanner = new ListingScanner(html, isMatchHref);
  const tooDeep = !(yield* scanPageSteps(html, scanner));
  return scanner.finish(tooDeep);
}

/** The scan's state between the parser's callbacks: the open elements, the records and the texts kept. */
class ListingScanner implements PageScanner {
  private readonly html: string;
  private readonly isMatchHref: (href: string) => boolean;
  private readonly records: ListingRecord[] = [];
  private readonly texts: string[] = [];
  private readonly open: OpenElement[] = [];
  private readonly openLinks: LinkRecord[] = [];
  private readonly found = { livescore: false, main: false, body: false };
  private scope = 0;
  private featuredDepth = 0;
  private cardsInPage = false;
  private cardsInMain = false;
  // Text is kept only inside headers and league labels (the only texts read from the page itself).
  private collecting = 0;

  constructor(html: string, isMatchHref: (href: string) => boolean) {
    this.html = html;
    this.isMatchHref = isMatchHref;
  }

  openTag(name: string, attribs: Record<string, string>, start: number): void {
    if (this.open.length >= MAX_DEPTH) throw new TooDeep();
    const classes = (attribs.class ?? '').split(/\s+/).filter((c) => c !== '');
    const has = (set: ReadonlySet<string>): boolean => classes.some((c) => set.has(c));
    const innermost = this.openLinks.at(-1);
    if (innermost) {
      innermost.elements++;
      if (has(ROW_CELL_CLASSES)) innermost.rowCells = true;
    }
    const isCard = has(CARD_CLASS_SET);
    if (isCard || (name === 'a' && has(CARD_LINK_CLASS_SET))) {
      this.cardsInPage = true;
      if (this.scope & SCOPE.main) this.cardsInMain = true;
    }
    const featured = classes.includes(FEATURED_CLASS);
    if (featured) this.featuredDepth++;
    const element: OpenElement = {
      scopeBit: 0,
      link: null,
      card: null,
      header: null,
      label: null,
      featured,
      lastLabel: null,
    };
    if (name === 'h3' && classes.includes(HEADER_CLASS)) {
      element.header = { kind: 'header', scope: this.scope, text: this.startText() };
      this.records.push(element.header);
    }
    if (name === 'a' && attribs.href !== undefined) this.openLink(element, attribs.href, classes, start, isCard);
    else if (isCard) {
      if (innermost) innermost.holdsCard = true;
      else {
        element.card = { kind: 'card', scope: this.scope, start, end: this.html.length };
        this.records.push(element.card);
      }
    }
    if (classes.includes(LEAGUE_LABEL_CLASS)) element.label = this.startText();
    this.openScope(element, name, attribs.id);
    this.open.push(element);
  }

  text(text: string): void {
    if (this.collecting > 0) this.texts.push(text);
  }

  closeTag(end: number): void {
    const element = this.open.pop();
    if (!element) return;
    this.scope &= ~element.scopeBit;
    if (element.featured) this.featuredDepth--;
    if (element.header) {
      element.header.text.to = this.texts.length;
      this.collecting--;
    }
    if (element.card) element.card.end = end;
    if (element.link) this.closeLink(element.link, end);
    const parent = this.open.at(-1);
    if (element.label) {
      element.label.to = this.texts.length;
      this.collecting--;
      if (parent) parent.lastLabel = element.label;
    }
  }

  finish(tooDeep: boolean): ListingScan {
    const texts = this.texts;
    return {
      records: this.records,
      hasLivescore: this.found.livescore,
      hasMain: this.found.main,
      hasBody: this.found.body,
      cardsInPage: this.cardsInPage,
      cardsInMain: this.cardsInMain,
      tooDeep,
      text(range, maxChars) {
        let joined = '';
        for (let index = range.from; index < range.to && joined.length <= maxChars; index++) joined += texts[index];
        return joined;
      },
    };
  }

  /** Starts keeping the text of a header or league label, until it closes. */
  private startText(): TextRange {
    this.collecting++;
    return { from: this.texts.length, to: this.texts.length };
  }

  private openLink(
    element: OpenElement,
    href: string,
    classes: readonly string[],
    start: number,
    isCard: boolean,
  ): void {
    const link: LinkRecord = {
      kind: 'link',
      scope: this.scope,
      start,
      end: this.html.length,
      href,
      classes,
      rowCells: false,
      holdsCard: isCard,
      featured: this.featuredDepth > 0,
      leagueLabel: this.open.at(-1)?.lastLabel ?? null,
      elements: 0,
    };
    element.link = link;
    this.records.push(link);
    this.openLinks.push(link);
  }

  /** A closed link passes what it holds to the link around it; a link that is no candidate is dropped. */
  private closeLink(link: LinkRecord, end: number): void {
    link.end = end;
    this.openLinks.pop();
    const outer = this.openLinks.at(-1);
    if (outer) {
      outer.elements += link.elements;
      outer.rowCells ||= link.rowCells;
    }
    const candidate =
      link.holdsCard ||
      link.rowCells ||
      link.classes.some((c) => CARD_LINK_CLASS_SET.has(c)) ||
      this.isMatchHref(link.href);
    if (!candidate && this.records.at(-1) === link) this.records.pop();
  }

  /** Containers: the records inside them (never the container itself) carry its bit. */
  private openScope(element: OpenElement, name: string, id: string | undefined): void {
    const { found } = this;
    if (id === 'livescore' && !found.livescore) element.scopeBit = SCOPE.livescore;
    else if (id === 'main' && !found.main) element.scopeBit = SCOPE.main;
    else if (name === 'body' && !found.body) element.scopeBit = SCOPE.body;
    if (element.scopeBit === SCOPE.livescore) found.livescore = true;
    if (element.scopeBit === SCOPE.main) found.main = true;
    if (element.scopeBit === SCOPE.body) found.body = true;
    this.scope |= element.scopeBit;
  }
}
