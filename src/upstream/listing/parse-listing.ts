/**
 * Pure: an upstream listing page (HTML + its URL) → its matches, in the listing's order, and
 * what the parser found on the way (for `--explain` and /healthz).
 *
 * The upstream writes matches in two markups, read by two parsers chosen per candidate:
 * rows (parse-match-row.ts, the listings today) and cards (parse-match-card.ts, its competition
 * and team pages). A page may hold either or both. The row page, as the upstream writes it
 * (see test/fixtures/upstream/README.md):
 *   <div id="livescore">
 *     <div class="row row-fix"><div class="col-12"><h3 class="match-list_league-name">Jogos em destaque</h3></div></div>
 *     <div class="container content trending-box">
 *       <a href="/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html">
 *         <div class="match-card-league-name">Brasileirão Série A</div>
 *         <div class="row align-items-center content">…a match row…</div>
 *       </a>
 *     </div>
 *     <a href="/brasileirao-serie-a"><div class="row row-fix">…<h3 class="match-list_league-name">Brasileirão Série A</h3>…</div></a>
 *     <div class="container content">
 *       <a href="/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html">…a match row…</a>
 *       <a href="/brasileirao-serie-a" class="see-table">Ver tabela e classificação</a>
 *     </div>
 *   </div>
 * Card pages have no #livescore: their cards sit in #main (else anywhere in <body>).
 *
 * A row's competition is the league header before it or, inside the featured block, the
 * card's own league name; a card names its own. Ordering and repeats: order-listing.ts.
 */
// htmlparser2 (cheerio/slim) rather than parse5: at 1,000 matches a day it builds the three
// listings' documents in a third of the memory (16 vs 48 MB) and about 3× faster. The page is
// never one tree: scan-listing.ts walks it once, and each candidate is a small tree of its own,
// so the parse is linear in the page whatever its shape.
import * as cheerio from 'cheerio/slim';
import { DomUtils, parseDocument } from 'htmlparser2';
import { LIMITS, MatchSchema, type Match } from '../../lib/model/model.ts';
import { finishSteps, type Steps } from '../../lib/model/steps.ts';
import { ParseError } from '../fetch/errors.ts';
import { DiagnosticsCollector, type CandidateMarkup, type ListingDiagnostics } from './listing-diagnostics.ts';
import { MAX_DEPTH } from '../scan-page-steps.ts';
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
import { orderListingSteps, type ListedMatch } from './order-listing.ts';
import { SCOPE, scanListingSteps, type LinkRecord, type ListingScan } from './scan-listing.ts';

const FEATURED_HEADER = 'jogos em destaque';
/** Headers and league labels are read up to this many characters (names longer than LIMITS.text fail anyway). */
const MAX_LABEL_CHARS = 10 * LIMITS.text;

export interface ListingRead {
  matches: Match[];
  diagnostics: ListingDiagnostics;
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

/**
 * Where the listing is: #livescore whenever the page has it (even empty: an empty listing, and
 * cards elsewhere on such a page are not the listing); else the cards' #main, else <body>;
 * null when the page has neither markup.
 */
function findListing(scan: ListingScan): { scope: number; container: string } | null {
  if (scan.hasLivescore) return { scope: SCOPE.livescore, container: '#livescore' };
  if (!scan.cardsInPage) return null;
  if (scan.hasMain && scan.cardsInMain) return { scope: SCOPE.main, container: '#main' };
  // A page without <body> (htmlparser2 adds none): the whole page.
  return { scope: scan.hasBody ? SCOPE.body : 0, container: 'body' };
}

type Entry = ListedMatch & { markup: CandidateMarkup; html: () => string };

export function readListingPage(html: string, pageUrl: string): ListingRead {
  return finishSteps(readListingPageSteps(html, pageUrl));
}

/** readListingPage in steps: the page's scan a chunk at a time, then one step per candidate. */
export function* readListingPageSteps(html: string, pageUrl: string): Steps<ListingRead> {
  const scan = yield* scanListingSteps(html, (href) => parseMatchPath(href, pageUrl) !== null);
  if (scan.tooDeep) {
    throw new ParseError(
      pageUrl,
      `a página aninha elementos em mais de ${MAX_DEPTH} níveis (uma página real tem menos de 40): página hostil ou quebrada, não lida`,
    );
  }
  const listing = findListing(scan);
  if (!listing) {
    const diagnostics = new DiagnosticsCollector().finish(null, 0);
    throw new ParseError(
      pageUrl,
      'a página não tem o contêiner de jogos #livescore (linhas) nem cartões de jogo match__md/match__lg (página de erro, bloqueio ou novo layout)',
      { diagnostics },
    );
  }
  // The parser closes whatever a cut-off page leaves open, so a truncated page would parse as a
  // shorter valid list: require the end of the document instead.
  if (!/<\/(?:html|body)\s*>/i.test(html)) {
    throw new ParseError(pageUrl, 'a página chegou incompleta (sem </body> nem </html>)');
  }

  const collector = new DiagnosticsCollector();
  const entries: Entry[] = [];
  const entryOf = new Map<Match, Entry>();
  let league = '';
  let inFeatured = false;
  for (const record of scan.records) {
    // A step per record, whatever it turns out to be: a page of 100k headers or skipped links
    // lets requests in between too (the runner decides how many steps make a slice).
    yield;
    if ((record.scope & listing.scope) !== listing.scope) continue;
    if (record.kind === 'header') {
      const name = normalizeText(scan.text(record.text, MAX_LABEL_CHARS));
      inFeatured = name.toLowerCase() === FEATURED_HEADER;
      league = inFeatured ? '' : name;
      continue;
    }
    const rawHtml = (): string => html.slice(record.start, Math.min(record.end, record.start + 4 * MAX_LABEL_CHARS));
    // A skipped candidate's snippet: as a tree when it is small enough to read in one step.
    const skippedHtml = (): string =>
      record.end - record.start > MAX_CANDIDATE_CHARS ? rawHtml() : htmlOf(candidateElement(html, record));
    if (record.kind === 'card') {
      // A card inside a link is read with its link; one without a link cannot be identified.
      collector.candidate('card');
      collector.skip('card', SKIP_REASONS.noMatchLink, skippedHtml);
      continue;
    }
    const cardLink = record.classes.some((name) => (CARD_LINK_CLASSES as readonly string[]).includes(name));
    const isCard = record.holdsCard || cardLink;
    const isRow = !isCard && (record.rowCells || parseMatchPath(record.href, pageUrl) !== null);
    const markup: CandidateMarkup | null = isCard ? 'card' : isRow ? 'row' : null;
    if (!markup) continue;
    collector.candidate(markup);
    if (record.elements > MAX_CANDIDATE_ELEMENTS || record.end - record.start > MAX_CANDIDATE_CHARS) {
      collector.skip(markup, SKIP_REASONS.tooLarge, rawHtml);
      continue;
    }
    // A match link without a single team cell: what parseMatchRow would say, without building its tree.
    if (markup === 'row' && !record.rowCells) {
      collector.skip(markup, SKIP_REASONS.noTeams, skippedHtml);
      continue;
    }
    const element = candidateElement(html, record);
    const nodeHtml = (): string => htmlOf(element);
    const featured = inFeatured || record.featured;
    const outcome =
      markup === 'card'
        ? parseMatchCard(asSelection(element), pageUrl, featured ? '' : league)
        : element
          ? parseMatchRow(element, pageUrl, featured ? featuredLeagueName(element, record, scan) : league)
          : skipped(SKIP_REASONS.noMatchLink);
    if (outcome.kind === 'skipped') {
      collector.skip(markup, outcome.reason, nodeHtml);
      continue;
    }
    // One odd row (a 300-letter name) is skipped here, rather than failing the whole listing
    // when the scrape validates it against the model.
    const checked = MatchSchema.safeParse(outcome.match);
    if (!checked.success) {
      const fields = [...new Set(checked.error.issues.map((issue) => issue.path.join('.')))].join(', ');
      collector.skip(markup, `${SKIP_REASONS.outOfBounds}: ${fields}`, nodeHtml);
      continue;
    }
    if (!outcome.statusRecognised) collector.unknownLabel(outcome.match.statusLabel);
    const entry: Entry = { match: outcome.match, featured, markup, html: nodeHtml };
    entries.push(entry);
    entryOf.set(entry.match, entry);
  }

  const { ordered, duplicates } = yield* orderListingSteps(entries);
  collector.duplicates = duplicates;
  // A match whose competition could not be told (featured card without a label, never listed
  // again; a row before any header) is as malformed as one without teams. A listing keeps at
  // most LIMITS.matches matches, the first ones in its order: the rest are skipped, counted.
  const matches: Match[] = [];
  for (const [at, { match }] of ordered.entries()) {
    if (at % 500 === 0) yield;
    const entry = entryOf.get(match);
    const skip = (reason: string): void =>
      collector.skip(entry?.markup ?? 'row', reason, entry?.html ?? (() => match.id));
    if (match.competition.name === '') skip(SKIP_REASONS.noCompetition);
    else if (matches.length >= LIMITS.matches) skip(SKIP_REASONS.overLimit);
    else matches.push(match);
  }
  const diagnostics = collector.finish(listing.container, matches.length);
  if (diagnostics.candidates > 0 && matches.length === 0) {
    const what =
      diagnostics.markup === 'cards'
        ? `nenhum dos ${diagnostics.candidates} cartões de jogo pôde ser lido`
        : diagnostics.markup === 'mixed'
          ? `nenhuma das ${diagnostics.candidates} linhas e cartões de jogo pôde ser lida`
          : `nenhuma das ${diagnostics.candidates} linhas de jogo pôde ser lida`;
    throw new ParseError(pageUrl, `${what} (o formato da página mudou?)`, { diagnostics });
  }
  return { matches, diagnostics };
}

/** The matches of a listing page (readListingPage without the diagnostics). */
export function parseListingPage(html: string, pageUrl: string): Match[] {
  return readListingPage(html, pageUrl).matches;
}
