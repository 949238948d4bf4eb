/**
 * Pure: an upstream listing page (HTML + its URL) → its matches, in the listing's order, and
 * what the parser found on the way (for `--explain` and /healthz).
 *
 * The upstream writes matches in two markups, read by two parsers chosen per candidate:
 * rows (parse-match-row.ts, the listings today) and cards (parse-match-card.ts, its competition
 * and team pages). A page may hold either or both. The row page, as the upstream writes it
 * (see test/fixtures/upstream/README.md):
 *   <div id="livescore">
 *     <div class="row row-fix"><div class="col-12"><h3 class="match-list_league-name">Jogos em
 * destaque</h3></div></div>
 *     <div class="container content trending-box">
 *       <a href="/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html">
 *         <div class="match-card-league-name">Brasileirão Série A</div>
 *         <div class="row align-items-center content">…a match row…</div>
 *       </a>
 *     </div>
 *     <a href="/brasileirao-serie-a"><div class="row row-fix">…<h3 class="match-list_league-name">Brasileirão Série
 * A</h3>…</div></a>
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
// htmlparser2 (cheerio/slim) rather than parse5: smaller documents, built faster. The page is never
// one tree: scan-listing.ts walks it once and each candidate is a small tree of its own, so the parse
// is linear in the page whatever its shape (read-listing-candidate.ts reads each).
import { LIMITS, type Match } from '../../lib/model/model.ts';
import { finishSteps, type Steps } from '../../lib/model/steps.ts';
import { ListingParseError } from './listing-parse-error.ts';
import { DiagnosticsCollector, type ListingDiagnostics } from './listing-diagnostics.ts';
import { MAX_DEPTH } from '../scan-page-steps.ts';
import { SKIP_REASONS, normalizeText, parseMatchPath } from '../match-fields.ts';
import type { ListingRowCache } from './listing-row-cache.ts';
import { orderListingSteps, type ListedMatch } from './order-listing.ts';
import { SCOPE, scanListingSteps, type ListingScan } from './scan-listing.ts';
import {
  MAX_LABEL_CHARS,
  readLinkCandidate,
  skipLooseCard,
  type LeagueContext,
  type ListingEntry,
  type ListingReading,
} from './read-listing-candidate.ts';

const FEATURED_HEADER = 'jogos em destaque';

export interface ListingRead {
  matches: Match[];
  diagnostics: ListingDiagnostics;
}

/** Where the listing is on the page: the scope bits its records carry, and the container's name. */
interface ListingPlace {
  scope: number;
  container: string;
}

/**
 * Where the listing is: #livescore whenever the page has it (even empty: an empty listing, and
 * cards elsewhere on such a page are not the listing); else the cards' #main, else <body>;
 * null when the page has neither markup.
 */
function findListing(scan: ListingScan): ListingPlace | null {
  if (scan.hasLivescore) return { scope: SCOPE.livescore, container: '#livescore' };
  if (!scan.cardsInPage) return null;
  if (scan.hasMain && scan.cardsInMain) return { scope: SCOPE.main, container: '#main' };
  // A page without <body> (htmlparser2 adds none): the whole page.
  return { scope: scan.hasBody ? SCOPE.body : 0, container: 'body' };
}

export function readListingPage(html: string, pageUrl: string, rows: ListingRowCache | null = null): ListingRead {
  return finishSteps(readListingPageSteps(html, pageUrl, rows));
}

/**
 * readListingPage in steps: the page's scan a chunk at a time, then one step per candidate. `rows`, when given, holds
 * the rows of this listing's previous read (listing-row-cache.ts): those unchanged are not read again.
 */
export function* readListingPageSteps(
  html: string,
  pageUrl: string,
  rows: ListingRowCache | null = null,
): Steps<ListingRead> {
  const scan = yield* scanListingSteps(html, (href) => parseMatchPath(href, pageUrl) !== null);
  const listing = placeListing(scan, html, pageUrl);
  rows?.startRead();
  const reading: ListingReading = { html, pageUrl, scan, collector: new DiagnosticsCollector(), rows };
  const entries = yield* readCandidatesSteps(reading, listing);
  const { ordered, duplicates } = yield* orderListingSteps(entries);
  reading.collector.duplicates = duplicates;
  const entryOf = new Map(entries.map((entry) => [entry.match, entry]));
  const matches = yield* keepListedSteps(ordered, entryOf, reading.collector);
  const diagnostics = reading.collector.finish(listing.container, matches.length);
  if (diagnostics.candidates > 0 && matches.length === 0) throw noneRead(pageUrl, diagnostics);
  return { matches, diagnostics };
}

/** Where the listing is, or the page refused: too deep, without either markup, or cut short. */
function placeListing(scan: ListingScan, html: string, pageUrl: string): ListingPlace {
  if (scan.tooDeep) {
    throw new ListingParseError(
      pageUrl,
      `a página aninha elementos em mais de ${MAX_DEPTH} níveis (uma página real tem menos de 40): página hostil ou quebrada, não lida`,
    );
  }
  const listing = findListing(scan);
  if (!listing) {
    const diagnostics = new DiagnosticsCollector().finish(null, 0);
    throw new ListingParseError(
      pageUrl,
      'a página não tem o contêiner de jogos #livescore (linhas) nem cartões de jogo match__md/match__lg (página de erro, bloqueio ou novo layout)',
      { diagnostics },
    );
  }
  // The parser closes whatever a cut-off page leaves open, so a truncated page would parse as a
  // shorter valid list: require the end of the document instead.
  if (!/<\/(?:html|body)\s*>/i.test(html)) {
    throw new ListingParseError(pageUrl, 'a página chegou incompleta (sem </body> nem </html>)');
  }
  return listing;
}

/** Every record inside the listing in page order, one step each: headers set the league, candidates are read. */
function* readCandidatesSteps(reading: ListingReading, listing: ListingPlace): Steps<ListingEntry[]> {
  const { scan } = reading;
  const entries: ListingEntry[] = [];
  const context: LeagueContext = { league: '', inFeatured: false };
  for (const record of scan.records) {
    // A step per record, whatever it turns out to be: a page of 100k headers or skipped links
    // lets requests in between too (the runner decides how many steps make a slice).
    yield;
    if ((record.scope & listing.scope) !== listing.scope) continue;
    if (record.kind === 'header') {
      const name = normalizeText(scan.text(record.text, MAX_LABEL_CHARS));
      context.inFeatured = name.toLowerCase() === FEATURED_HEADER;
      context.league = context.inFeatured ? '' : name;
    } else if (record.kind === 'card') skipLooseCard(reading, record);
    else {
      const entry = readLinkCandidate(reading, record, context);
      if (entry) entries.push(entry);
    }
  }
  return entries;
}

/**
 * The listed matches in order, those a listing cannot keep skipped and counted: a match whose competition could not
 * be told (featured card without a label, never listed again; a row before any header) is as malformed as one
 * without teams, and a listing keeps at most LIMITS.matches matches, the first ones in its order.
 */
function* keepListedSteps(
  ordered: readonly ListedMatch[],
  entryOf: ReadonlyMap<Match, ListingEntry>,
  collector: DiagnosticsCollector,
): Steps<Match[]> {
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
  return matches;
}

/** The page refused: it had candidates, and not one could be read. */
function noneRead(pageUrl: string, diagnostics: ListingDiagnostics): ListingParseError {
  const what =
    diagnostics.markup === 'cards'
      ? `nenhum dos ${diagnostics.candidates} cartões de jogo pôde ser lido`
      : diagnostics.markup === 'mixed'
        ? `nenhuma das ${diagnostics.candidates} linhas e cartões de jogo pôde ser lida`
        : `nenhuma das ${diagnostics.candidates} linhas de jogo pôde ser lida`;
  return new ListingParseError(pageUrl, `${what} (o formato da página mudou?)`, { diagnostics });
}

/** The matches of a listing page (readListingPage without the diagnostics). */
export function parseListingPage(html: string, pageUrl: string): Match[] {
  return readListingPage(html, pageUrl).matches;
}
