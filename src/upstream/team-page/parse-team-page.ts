/**
 * Pure: one of the upstream's team pages (`/time/<slug>/proximos-jogos`, `/ultimos-jogos`) → its
 * matches in page order. Each `a.match__lg` card is read by the listings' card reader
 * (parse-match-card.ts, through read-listing-candidate.ts), so every rule of the listings holds:
 * depth and size bounds, ids, invisible characters, team keys (crest address first).
 *
 * The card, as test/fixtures/upstream/team-pages/README.md describes it:
 *   <a class="match__lg" href="/copa-do-nordeste/21-03-2027-sport-x-nautico.html"><div class="match__lg_card">
 *     --league, --ht-name, --at-name, --ht-logo img, --at-logo img, then
 *     --datetime "SÁB 21/03<br>16:00" (to come; the time may be missing), or
 *     --date "SÁB, 14/03" and --scoreboard "<b>1</b><b>2</b>" (finished), or --live "67'" (in play).
 * A card's status comes from its texts as in the listings; a card they leave unknown is finished when it shows both
 * goals (the recent page writes no status word) and scheduled when it shows only a date. Unlike a listing, the page
 * keeps its own order (soonest or latest first), a match listed twice is kept once, and an empty page is one that
 * has the team's header and no card (a team without matches), never an error page.
 */
import type { Match } from '../../lib/model/model.ts';
import { finishSteps, type Steps } from '../../lib/model/steps.ts';
import { TEAM_HOME_LIMITS } from '../../lib/model/team-home.ts';
import { DiagnosticsCollector } from '../listing/listing-diagnostics.ts';
import { readLinkCandidate, type ListingReading } from '../listing/read-listing-candidate.ts';
import { SCOPE, scanListingSteps, type ListingScan } from '../listing/scan-listing.ts';
import { parseMatchPath } from '../match-fields.ts';
import { MAX_DEPTH } from '../scan-page-steps.ts';
import { TeamPageParseError } from './team-page-parse-error.ts';

/** The team's header on its pages: a page with it and no card is a team with nothing listed. */
const TEAM_HEADER = /class\s*=\s*["'][^"']*\bteam__header\b/i;
/** A card's date alone ("SÁB 21/03", "sáb., 21/03"): a match to come whose time is not set yet. */
const DATE_ONLY = /^(?:(?:DOM|SEG|TER|QUA|QUI|SEX|SÁB|SAB)\.?,?\s*)?\d{1,2}\/\d{1,2}(?:\/\d{2,4})?$/;
const FINISHED_LABEL = 'ENCERRADO';

export function parseTeamPage(html: string, pageUrl: string): Match[] {
  return finishSteps(parseTeamPageSteps(html, pageUrl));
}

/** parseTeamPage in steps: the page's scan a chunk at a time, then one step per candidate. */
export function* parseTeamPageSteps(html: string, pageUrl: string): Steps<Match[]> {
  const scan = yield* scanListingSteps(html, (href) => parseMatchPath(href, pageUrl) !== null);
  const scope = placeCards(scan, html, pageUrl);
  const reading: ListingReading = { html, pageUrl, scan, collector: new DiagnosticsCollector(), rows: null };
  const matches: Match[] = [];
  const seen = new Set<string>();
  const context = { league: '', inFeatured: false };
  for (const record of scan.records) {
    yield;
    if (record.kind !== 'link' || (record.scope & scope) !== scope) continue;
    const entry = readLinkCandidate(reading, record, context);
    if (entry?.markup !== 'card' || seen.has(entry.match.id)) continue;
    if (entry.match.competition.name === '' || matches.length >= TEAM_HOME_LIMITS.pageMatches) continue;
    seen.add(entry.match.id);
    matches.push(withTeamPageStatus(entry.match));
  }
  const cards = reading.collector.finish('#main', matches.length).cardCandidates;
  if (cards > 0 && matches.length === 0) {
    throw new TeamPageParseError(
      pageUrl,
      `nenhum dos ${cards} cartões de jogo pôde ser lido (o formato da página mudou?)`,
    );
  }
  return matches;
}

/** The scope bits of the cards' container (#main, else <body>), or the page refused. */
function placeCards(scan: ListingScan, html: string, pageUrl: string): number {
  if (scan.tooDeep) {
    throw new TeamPageParseError(
      pageUrl,
      `a página aninha elementos em mais de ${MAX_DEPTH} níveis (uma página real tem menos de 40): página hostil ou quebrada, não lida`,
    );
  }
  if (!scan.cardsInPage && !(scan.hasMain && TEAM_HEADER.test(html))) {
    throw new TeamPageParseError(
      pageUrl,
      'a página não tem cartões de jogo match__lg nem o cabeçalho de um time (página de erro, bloqueio ou novo layout)',
    );
  }
  // The parser closes whatever a cut-off page leaves open: a truncated page would read as a shorter list.
  if (!/<\/(?:html|body)\s*>/i.test(html)) {
    throw new TeamPageParseError(pageUrl, 'a página chegou incompleta (sem </body> nem </html>)');
  }
  if (scan.hasMain && (scan.cardsInMain || !scan.cardsInPage)) return SCOPE.main;
  return scan.hasBody ? SCOPE.body : 0;
}

/** The status a team page's card means when its texts say none Placar knows (see the file's comment). */
function withTeamPageStatus(match: Match): Match {
  if (match.status !== 'UNKNOWN') return match;
  if (match.score.home !== null && match.score.away !== null) {
    return { ...match, status: 'FINISHED', statusLabel: FINISHED_LABEL };
  }
  if (DATE_ONLY.test(match.statusLabel)) return { ...match, status: 'SCHEDULED', kickoff: null };
  return match;
}
