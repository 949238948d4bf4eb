/**
 * One candidate of a listing page (a link the scan kept, or a loose card) → a listed match, or a skip with its reason
 * (diagnostics). Each candidate's HTML is parsed as its own small tree, read by parse-match-row.ts or
 * parse-match-card.ts, and checked against the model here, so one odd row never fails the whole listing.
 */
import { hash } from 'node:crypto';
import * as cheerio from 'cheerio/slim';
import { DomUtils, parseDocument } from 'htmlparser2';
import { LIMITS, MatchSchema } from '../../lib/model/model.ts';
import type { CandidateMarkup, DiagnosticsCollector } from './listing-diagnostics.ts';
import type { CandidateRead, ListingRowCache } from './listing-row-cache.ts';
import { findFirst, textOf, withClass, type DomElement } from '../dom-query.ts';
import {
  MAX_CANDIDATE_CHARS,
  MAX_CANDIDATE_ELEMENTS,
  SKIP_REASONS,
  normalizeText,
  parseMatchPath,
  skipped,
  type Selection,
} from '../match-fields.ts';
import { CARD_LINK_CLASSES, parseMatchCard } from './parse-match-card.ts';
import { parseMatchRow } from './parse-match-row.ts';
import type { ListedMatch } from './order-listing.ts';
import type { LinkRecord, ListingScan, LooseCardRecord } from './scan-listing.ts';

/** Headers and league labels are read up to this many characters (names longer than LIMITS.text fail anyway). */
export const MAX_LABEL_CHARS = 10 * LIMITS.text;

/** A match read from the page, with what its diagnostics need should it be skipped later (order, limits). */
export type ListingEntry = ListedMatch & { markup: CandidateMarkup; html: () => string };

/** One listing page's read under way: the page, its scan, and what is found on the way. */
export interface ListingReading {
  html: string;
  pageUrl: string;
  scan: ListingScan;
  collector: DiagnosticsCollector;
  /** The rows of this listing's previous read, if the caller keeps them (listing-row-cache.ts). */
  rows: ListingRowCache | null;
}

/** The competition the rows read now belong to: the last league header's, or none in the featured block. */
export interface LeagueContext {
  league: string;
  inFeatured: boolean;
}

/** One cheerio instance wraps every candidate's own small tree. */
const $ = cheerio.load('', null, false);

/** The candidate's HTML as its own tree: its first element (the <a>, or the loose card). */
function candidateElement(html: string, record: { start: number; end: number }): DomElement | null {
  const fragment = parseDocument(html.slice(record.start, record.end));
  return fragment.children.find(DomUtils.isTag) ?? null;
}

const asSelection = (element: DomElement | null): Selection => $(element ? [element] : []);

/** The candidate's tree as HTML (for --explain and /healthz, only for a candidate skipped). */
const htmlOf = (element: DomElement | null): string => $.html(asSelection(element));

/** The league name a featured row shows, in the row's link or just before it inside the block. */
function featuredLeagueName(link: DomElement, record: LinkRecord, scan: ListingScan): string {
  const inside = findFirst(link, withClass('match-card-league-name'));
  if (inside) return normalizeText(textOf(inside));
  return record.leagueLabel ? normalizeText(scan.text(record.leagueLabel, MAX_LABEL_CHARS)) : '';
}

/** The start of the candidate's HTML as written (for one too large to read as a tree). */
function rawHtmlOf(html: string, record: LinkRecord | LooseCardRecord): () => string {
  return () => html.slice(record.start, Math.min(record.end, record.start + 4 * MAX_LABEL_CHARS));
}

/** A skipped candidate's snippet: as a tree when it is small enough to read in one step. */
function skippedHtmlOf(html: string, record: LinkRecord | LooseCardRecord): () => string {
  return () =>
    record.end - record.start > MAX_CANDIDATE_CHARS
      ? rawHtmlOf(html, record)()
      : htmlOf(candidateElement(html, record));
}

/** A card inside a link is read with its link; one without a link cannot be identified. */
export function skipLooseCard({ html, collector }: ListingReading, record: LooseCardRecord): void {
  collector.candidate('card');
  collector.skip('card', SKIP_REASONS.noMatchLink, skippedHtmlOf(html, record));
}

/** The link's markup as a candidate: a card, a row, or no candidate at all (null). */
function markupOf(record: LinkRecord, pageUrl: string): CandidateMarkup | null {
  const cardLink = record.classes.some((name) => (CARD_LINK_CLASSES as readonly string[]).includes(name));
  const isCard = record.holdsCard || cardLink;
  const isRow = !isCard && (record.rowCells || parseMatchPath(record.href, pageUrl) !== null);
  return isCard ? 'card' : isRow ? 'row' : null;
}

/**
 * Everything a link's read depends on: its markup and page, the competition it is read under (a featured row's may
 * come from the label before it) and its HTML. Hashed: the cache then holds no copy of the page.
 */
function candidateKey(
  reading: ListingReading,
  record: LinkRecord,
  markup: CandidateMarkup,
  featured: boolean,
  league: string,
): string {
  const label = featured && record.leagueLabel ? reading.scan.text(record.leagueLabel, MAX_LABEL_CHARS) : '';
  const context = `${markup}\n${reading.pageUrl}\n${featured ? 'featured' : ''}\n${league}\n${label}\n`;
  return hash('sha1', context + reading.html.slice(record.start, record.end), 'base64');
}

/** The link read as a match (null: no candidate, or skipped with its reason). */
export function readLinkCandidate(
  reading: ListingReading,
  record: LinkRecord,
  context: LeagueContext,
): ListingEntry | null {
  const { html, pageUrl, scan, collector } = reading;
  const markup = markupOf(record, pageUrl);
  if (!markup) return null;
  collector.candidate(markup);
  if (record.elements > MAX_CANDIDATE_ELEMENTS || record.end - record.start > MAX_CANDIDATE_CHARS) {
    collector.skip(markup, SKIP_REASONS.tooLarge, rawHtmlOf(html, record));
    return null;
  }
  // A match link without a single team cell: what parseMatchRow would say, without building its tree.
  if (markup === 'row' && !record.rowCells) {
    collector.skip(markup, SKIP_REASONS.noTeams, skippedHtmlOf(html, record));
    return null;
  }
  const featured = context.inFeatured || record.featured;
  const key = reading.rows ? candidateKey(reading, record, markup, featured, context.league) : '';
  const known = reading.rows?.get(key);
  if (known) return listed(reading, known, featured, markup, () => htmlOf(candidateElement(html, record)));
  const element = candidateElement(html, record);
  const nodeHtml = (): string => htmlOf(element);
  const outcome =
    markup === 'card'
      ? parseMatchCard(asSelection(element), pageUrl, featured ? '' : context.league)
      : element
        ? parseMatchRow(element, pageUrl, featured ? featuredLeagueName(element, record, scan) : context.league)
        : skipped(SKIP_REASONS.noMatchLink);
  if (outcome.kind === 'skipped') {
    collector.skip(markup, outcome.reason, nodeHtml);
    return null;
  }
  // One odd row (a 300-letter name) is skipped here, rather than failing the whole listing
  // when the scrape validates it against the model.
  const checked = MatchSchema.safeParse(outcome.match);
  if (!checked.success) {
    const fields = [...new Set(checked.error.issues.map((issue) => issue.path.join('.')))].join(', ');
    collector.skip(markup, `${SKIP_REASONS.outOfBounds}: ${fields}`, nodeHtml);
    return null;
  }
  const read: CandidateRead = { match: outcome.match, statusRecognised: outcome.statusRecognised };
  reading.rows?.set(key, read);
  return listed(reading, read, featured, markup, nodeHtml);
}

/** The listing's entry for a candidate read as a match (now, or at the listing's last read). */
function listed(
  { collector }: ListingReading,
  read: CandidateRead,
  featured: boolean,
  markup: CandidateMarkup,
  html: () => string,
): ListingEntry {
  if (!read.statusRecognised) collector.unknownLabel(read.match.statusLabel);
  return { match: read.match, featured, markup, html };
}
