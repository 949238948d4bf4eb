/**
 * Pure, one pass over a listing page: where its league headers and match candidates are,
 * without building the page's tree. htmlparser2's parser walks the document once and this
 * keeps only the open elements and one small record per header/link/card; each candidate's
 * own HTML is parsed afterwards on its own (parse-listing.ts). Why not the page's DOM: a 5 MB
 * page of 700k tiny elements is hundreds of MB as a tree, and cheerio's
 * `find` on an element with many children is quadratic (css-select's removeSubsets).
 */
import { Parser } from 'htmlparser2';
import { finishSteps, type Steps } from '../../lib/model/steps.ts';
import { MAX_DEPTH, TooDeep, feedPageSteps } from '../scan-page-steps.ts';
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
  const records: ListingRecord[] = [];
  const texts: string[] = [];
  const open: OpenElement[] = [];
  const openLinks: LinkRecord[] = [];
  const found = { livescore: false, main: false, body: false };
  let scope = 0;
  let featuredDepth = 0;
  let cardsInPage = false;
  let cardsInMain = false;
  // Text is kept only inside headers and league labels (the only texts read from the page itself).
  let collecting = 0;

  const parser: Parser = new Parser(
    {
      onopentag(name, attribs) {
        if (open.length >= MAX_DEPTH) throw new TooDeep();
        const start = parser.startIndex;
        const classes = (attribs.class ?? '').split(/\s+/).filter((c) => c !== '');
        const has = (set: ReadonlySet<string>): boolean => classes.some((c) => set.has(c));
        const innermost = openLinks.at(-1);
        if (innermost) {
          innermost.elements++;
          if (has(ROW_CELL_CLASSES)) innermost.rowCells = true;
        }
        const isCard = has(CARD_CLASS_SET);
        if (isCard || (name === 'a' && has(CARD_LINK_CLASS_SET))) {
          cardsInPage = true;
          if (scope & SCOPE.main) cardsInMain = true;
        }
        const featured = classes.includes(FEATURED_CLASS);
        if (featured) featuredDepth++;
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
          element.header = { kind: 'header', scope, text: { from: texts.length, to: texts.length } };
          records.push(element.header);
          collecting++;
        }
        if (name === 'a' && attribs.href !== undefined) {
          const link: LinkRecord = {
            kind: 'link',
            scope,
            start,
            end: html.length,
            href: attribs.href,
            classes,
            rowCells: false,
            holdsCard: isCard,
            featured: featuredDepth > 0,
            leagueLabel: open.at(-1)?.lastLabel ?? null,
            elements: 0,
          };
          element.link = link;
          records.push(link);
          openLinks.push(link);
        } else if (isCard) {
          if (innermost) innermost.holdsCard = true;
          else {
            element.card = { kind: 'card', scope, start, end: html.length };
            records.push(element.card);
          }
        }
        if (classes.includes(LEAGUE_LABEL_CLASS)) {
          element.label = { from: texts.length, to: texts.length };
          collecting++;
        }
        // Containers: the records inside them (never the container itself) carry its bit.
        const id = attribs.id;
        if (id === 'livescore' && !found.livescore) element.scopeBit = SCOPE.livescore;
        else if (id === 'main' && !found.main) element.scopeBit = SCOPE.main;
        else if (name === 'body' && !found.body) element.scopeBit = SCOPE.body;
        if (element.scopeBit === SCOPE.livescore) found.livescore = true;
        if (element.scopeBit === SCOPE.main) found.main = true;
        if (element.scopeBit === SCOPE.body) found.body = true;
        scope |= element.scopeBit;
        open.push(element);
      },
      ontext(text) {
        if (collecting > 0) texts.push(text);
      },
      onclosetag() {
        const element = open.pop();
        if (!element) return;
        const end = Math.min(html.length, Math.max(parser.endIndex + 1, parser.startIndex));
        scope &= ~element.scopeBit;
        if (element.featured) featuredDepth--;
        if (element.header) {
          element.header.text.to = texts.length;
          collecting--;
        }
        if (element.card) element.card.end = end;
        const link = element.link;
        if (link) {
          link.end = end;
          openLinks.pop();
          const outer = openLinks.at(-1);
          if (outer) {
            outer.elements += link.elements;
            outer.rowCells ||= link.rowCells;
          }
          const candidate =
            link.holdsCard ||
            link.rowCells ||
            link.classes.some((c) => CARD_LINK_CLASS_SET.has(c)) ||
            isMatchHref(link.href);
          if (!candidate && records.at(-1) === link) records.pop();
        }
        const parent = open.at(-1);
        if (element.label) {
          element.label.to = texts.length;
          collecting--;
          if (parent) parent.lastLabel = element.label;
        }
      },
    },
    { decodeEntities: true },
  );
  const tooDeep = !(yield* feedPageSteps(parser, html));

  return {
    records,
    hasLivescore: found.livescore,
    hasMain: found.main,
    hasBody: found.body,
    cardsInPage,
    cardsInMain,
    tooDeep,
    text(range, maxChars) {
      let joined = '';
      for (let index = range.from; index < range.to && joined.length <= maxChars; index++) joined += texts[index];
      return joined;
    },
  };
}
