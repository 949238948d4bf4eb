/**
 * Pure: an upstream match page (HTML + its URL) → the match's detail (goals, cards,
 * substitutions, lineups, statistics, venue, referee, channels), the page's own scoreboard score, and what
 * the parser found on the way (for `--explain` and the refresh's diagnosis).
 *
 * The upstream has written match pages in two layouts (test/fixtures/upstream/match-pages/README.md);
 * both are read, piece by piece, whichever the page uses:
 *   scoreboard   .match-scoreboard (.status-name, .match-score-text ×2), .match-card-second-row (.team_link ×2)
 *   venue/ref.   newer .match-details > p (img[title]); older .match-info (p i ~ strong, "Cidade:", "Árbitro:")
 *   channels     either block's p with img[src$=/images/tv.png] (parse-broadcasts.ts)
 *   events       newer .event-line.text-right | .match-card-events-space | .event-line.text-left;
 *                older .match-card-events-home-team | .match-card-events-space | .match-card-events-away-team
 *                (parse-match-event.ts)
 *   tables       statistics rows (td.stats-*), lineup rows (span > small "N.") (parse-match-tables.ts)
 * The page is never one tree: scan-match-page.ts walks it once, and each piece is a small tree of
 * its own, so the parse is linear in the page whatever its shape. A page with none of this markup
 * (an error or block page, a redesign), a page cut short, or one past the model's limits is a
 * MatchPageParseError carrying what was found — never an empty or cut detail.
 */
import {
  DETAIL_LIMITS,
  MatchDetailSchema,
  type Broadcast,
  type MatchDetail,
  type MatchPageFacts,
} from '../../lib/model/model.ts';
import { finishSteps, type Steps } from '../../lib/model/steps.ts';
import { MatchPageParseError } from './match-page-parse-error.ts';
import type { MatchPageDiagnostics } from './match-page-diagnostics.ts';
import { normalizeText } from '../match-fields.ts';
import { readPlace, readScoreboard, readTeams, type PageScore } from './parse-match-header.ts';
import { readKickoffLine, readTeamSlugs } from './parse-match-facts.ts';
import { readBroadcasts } from './parse-broadcasts.ts';
import { MAX_DEPTH } from '../scan-page-steps.ts';
import { MAX_EVENT_ROWS, MAX_TABLE_ROWS, scanMatchPageSteps } from './scan-match-page.ts';
import { MatchPageReading } from './match-page-reading.ts';
import { readEventRowsSteps } from './read-event-rows.ts';
import { readTableRowsSteps } from './read-table-rows.ts';

export type { PageScore };

export interface MatchPageRead {
  detail: MatchDetail;
  /** The page's own scoreboard (`span.match-score-text` ×2); null when it shows no score. */
  pageScore: PageScore | null;
  /** The kick-off of the page's date line and the teams' keys (null where the page shows none). */
  facts: MatchPageFacts;
  diagnostics: MatchPageDiagnostics;
}

/** What the page's head says: its scoreboard, the teams' keys and kick-off, venue and referee. */
interface PageHead {
  pageScore: PageScore | null;
  facts: MatchPageFacts;
  venue: string | null;
  referee: string | null;
  /** null until a block holds a channel row. */
  broadcasts: Broadcast[] | null;
}

export function readMatchPage(html: string, pageUrl: string): MatchPageRead {
  return finishSteps(readMatchPageSteps(html, pageUrl));
}

/** readMatchPage in steps: the page's scan a chunk at a time, then one step per event or table row. */
export function* readMatchPageSteps(html: string, pageUrl: string): Steps<MatchPageRead> {
  const reading = new MatchPageReading(html, pageUrl, yield* scanMatchPageSteps(html));
  refuseUnreadable(reading);
  const head = readHead(reading);
  const events = yield* readEventRowsSteps(reading);
  const tables = yield* readTableRowsSteps(reading);
  const detail: MatchDetail = {
    venue: head.venue,
    referee: head.referee,
    round: normalizeText(reading.scan.round ?? '').slice(0, DETAIL_LIMITS.text) || null,
    ...events,
    lineups: tables.lineups.home.length + tables.lineups.away.length > 0 ? tables.lineups : null,
    statistics: tables.statistics,
    broadcasts: head.broadcasts ?? [],
  };
  // Every value was bounded above; this says which field when a rule of the model was missed.
  const checked = MatchDetailSchema.safeParse(detail);
  if (!checked.success) {
    const fields = [...new Set(checked.error.issues.map((issue) => issue.path.join('.')))].slice(0, 5).join(', ');
    throw reading.fail(`o detalhe lido não cabe no modelo (${fields})`);
  }
  return { detail, pageScore: head.pageScore, facts: head.facts, diagnostics: reading.diagnostics() };
}

/** Refuses, before any row is read, a page that cannot be a whole match page within the model's limits. */
function refuseUnreadable(reading: MatchPageReading): void {
  const { scan, html } = reading;
  if (scan.tooDeep) {
    throw reading.fail(
      `a página aninha elementos em mais de ${MAX_DEPTH} níveis (uma página real tem menos de 40): página hostil ou quebrada, não lida`,
    );
  }
  if (!scan.scoreboard && !scan.teamsRow && !scan.details && !scan.info && scan.eventRowCount === 0) {
    throw new MatchPageParseError(
      reading.pageUrl,
      'a página não tem o placar (.match-scoreboard) nem os detalhes de uma partida em nenhum dos dois formatos conhecidos (página de erro, bloqueio ou novo layout)',
      { diagnostics: reading.diagnostics('none') },
    );
  }
  // The parser closes whatever a cut-off page leaves open: a truncated page would read as a
  // match with fewer events.
  if (!/<\/(?:html|body)\s*>/i.test(html)) throw reading.fail('a página chegou incompleta (sem </body> nem </html>)');
  if (scan.eventRowCount > MAX_EVENT_ROWS) {
    throw reading.fail(
      `a página tem ${scan.eventRowCount} linhas de lances, mais do que as ${MAX_EVENT_ROWS} que cabem no detalhe (${DETAIL_LIMITS.events} gols, cartões e substituições de cada)`,
    );
  }
  if (scan.tableRowCount > MAX_TABLE_ROWS) {
    throw reading.fail(
      `a página tem ${scan.tableRowCount} linhas de estatísticas e escalações, mais do que as ${MAX_TABLE_ROWS} que cabem no detalhe`,
    );
  }
}

/** The scoreboard and teams row (into the diagnostics' header too), then the first venue, referee, kick-off and channels. */
function readHead(reading: MatchPageReading): PageHead {
  const { scan, header, pageUrl } = reading;
  const scoreboard = reading.readPiece('scoreboard', scan.scoreboard);
  const board = scoreboard ? readScoreboard(scoreboard) : { statusLabel: null, score: null };
  const teamsRow = reading.readPiece('scoreboard', scan.teamsRow);
  header.statusLabel = board.statusLabel;
  header.teams = teamsRow ? readTeams(teamsRow) : null;
  const head: PageHead = {
    pageScore: board.score,
    facts: { kickoff: null, ...(teamsRow ? readTeamSlugs(teamsRow, pageUrl) : { homeSlug: null, awaySlug: null }) },
    venue: null,
    referee: null,
    broadcasts: null,
  };
  for (const range of [scan.details, scan.info]) {
    const block = reading.readPiece('details', range);
    if (!block || !range) continue;
    head.facts.kickoff ??= readKickoffLine(block);
    const place = readPlace(block);
    head.venue ??= place.venue;
    head.referee ??= place.referee;
    const channels = head.broadcasts ? null : readBroadcasts(block);
    head.broadcasts ??= channels?.broadcasts ?? null;
    for (const reason of [...place.skipped, ...(channels?.skipped ?? [])])
      reading.skips.skip('details', reason, reading.snippetOf(range.start, range.end));
  }
  return head;
}
