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
// listings' documents in a third of the memory (16 vs 48 MB) and about 3× faster.
import * as cheerio from 'cheerio/slim';
import type { CheerioAPI } from 'cheerio/slim';
import { MatchSchema, type Match } from '../lib/model/model.ts';
import { ParseError } from './errors.ts';
import { DiagnosticsCollector, type CandidateMarkup, type ListingDiagnostics } from './listing-diagnostics.ts';
import { SKIP_REASONS, normalizeText, parseMatchPath, type Selection } from './match-fields.ts';
import { CARD_LINK_CLASSES, CARD_LINK_SELECTOR, CARD_SELECTOR, parseMatchCard } from './parse-match-card.ts';
import { parseMatchRow } from './parse-match-row.ts';
import { orderListing, type ListedMatch } from './order-listing.ts';

const FEATURED_HEADER = 'jogos em destaque';
const HEADER_SELECTOR = 'h3.match-list_league-name';
const ROW_CELLS = '.team-name, .team_link, .status-name, .match-score';

export interface ListingRead {
  matches: Match[];
  diagnostics: ListingDiagnostics;
}

/** A link is a match-row candidate when it points at a match page or holds match cells. */
function isCandidateRow(link: Selection, pageUrl: string): boolean {
  if (link.find(ROW_CELLS).length > 0) return true;
  return parseMatchPath(link.attr('href'), pageUrl) !== null;
}

/** The league name a featured row shows, in the row's link or just before it inside the block. */
function featuredLeagueName(link: Selection): string {
  const inside = link.find('.match-card-league-name').first();
  const label = inside.length > 0 ? inside : link.prevAll('.match-card-league-name').first();
  return normalizeText(label.text());
}

const CARDS = `${CARD_SELECTOR}, ${CARD_LINK_SELECTOR}`;

/**
 * Where the listing is: #livescore whenever the page has it (even empty: an empty listing, and
 * cards elsewhere on such a page are not the listing); else the cards' #main, else <body>;
 * null when the page has neither markup.
 */
function findListing($: CheerioAPI): { root: Selection; container: string } | null {
  const livescore = $('#livescore').first();
  if (livescore.length > 0) return { root: livescore, container: '#livescore' };
  if ($(CARDS).length === 0) return null;
  const main = $('#main').first();
  if (main.length > 0 && main.find(CARDS).length > 0) return { root: main, container: '#main' };
  return { root: $('body').first(), container: 'body' };
}

export function readListingPage(html: string, pageUrl: string): ListingRead {
  const $ = cheerio.load(html);
  const listing = findListing($);
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

  // Class checks and one lookup of the cards' links instead of a selector per element: the
  // selectors would be compiled again for every link of the page.
  const hasAnyClass = (node: Selection, classes: readonly string[]): boolean => classes.some((name) => node.hasClass(name));
  const cardLinks = new Set(listing.root.find(CARD_SELECTOR).closest('a[href]').toArray());
  const collector = new DiagnosticsCollector();
  const entries: (ListedMatch & { markup: CandidateMarkup; node: Selection })[] = [];
  let league = '';
  let inFeatured = false;
  for (const element of listing.root.find(`${HEADER_SELECTOR}, a[href], ${CARD_SELECTOR}`).toArray()) {
    const node = $(element);
    if (element.tagName === 'h3') {
      const name = normalizeText(node.text());
      inFeatured = name.toLowerCase() === FEATURED_HEADER;
      league = inFeatured ? '' : name;
      continue;
    }
    if (element.tagName !== 'a') {
      // A card inside a link is read with its link; one without a link cannot be identified.
      if (node.closest('a[href]').length === 0) {
        collector.candidate('card');
        collector.skip('card', SKIP_REASONS.noMatchLink, $.html(node));
      }
      continue;
    }
    const isCard = cardLinks.has(element) || hasAnyClass(node, CARD_LINK_CLASSES);
    const markup: CandidateMarkup | null = isCard ? 'card' : isCandidateRow(node, pageUrl) ? 'row' : null;
    if (!markup) continue;
    collector.candidate(markup);
    const featured = inFeatured || node.closest('.trending-box').length > 0;
    const outcome =
      markup === 'card'
        ? parseMatchCard(node, pageUrl, featured ? '' : league)
        : parseMatchRow(node, pageUrl, featured ? featuredLeagueName(node) : league);
    if (outcome.kind === 'skipped') {
      collector.skip(markup, outcome.reason, $.html(node));
      continue;
    }
    // One odd row (a 300-letter name) is skipped here, rather than failing the whole listing
    // when the scrape validates it against the model.
    const checked = MatchSchema.safeParse(outcome.match);
    if (!checked.success) {
      const fields = [...new Set(checked.error.issues.map((issue) => issue.path.join('.')))].join(', ');
      collector.skip(markup, `${SKIP_REASONS.outOfBounds}: ${fields}`, $.html(node));
      continue;
    }
    if (!outcome.statusRecognised) collector.unknownLabel(outcome.match.statusLabel);
    entries.push({ match: outcome.match, featured, markup, node });
  }

  const { ordered, duplicates } = orderListing(entries);
  collector.duplicates = duplicates;
  // A match whose competition could not be told (featured card without a label, never listed
  // again; a row before any header) is as malformed as one without teams.
  const matches: Match[] = [];
  for (const entry of ordered) {
    if (entry.match.competition.name !== '') matches.push(entry.match);
    else {
      const source = entries.find((e) => e.match === entry.match);
      collector.skip(source?.markup ?? 'row', SKIP_REASONS.noCompetition, source ? $.html(source.node) : entry.match.id);
    }
  }
  const diagnostics = collector.finish(listing.container, matches.length);
  if (diagnostics.candidates > 0 && matches.length === 0) {
    const what =
      diagnostics.markup === 'cards' ? `nenhum dos ${diagnostics.candidates} cartões de jogo pôde ser lido`
      : diagnostics.markup === 'mixed' ? `nenhuma das ${diagnostics.candidates} linhas e cartões de jogo pôde ser lida`
      : `nenhuma das ${diagnostics.candidates} linhas de jogo pôde ser lida`;
    throw new ParseError(pageUrl, `${what} (o formato da página mudou?)`, { diagnostics });
  }
  return { matches, diagnostics };
}

/** The matches of a listing page (readListingPage without the diagnostics). */
export function parseListingPage(html: string, pageUrl: string): Match[] {
  return readListingPage(html, pageUrl).matches;
}
