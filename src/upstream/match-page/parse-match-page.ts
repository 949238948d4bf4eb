/**
 * Pure: an upstream match page (HTML + its URL) → the match's detail (goals, cards,
 * substitutions, lineups, statistics, venue, referee), the page's own scoreboard score, and what
 * the parser found on the way (for `--explain` and the refresh's diagnosis).
 *
 * The upstream has written match pages in two layouts (test/fixtures/upstream/match-pages/README.md);
 * both are read, piece by piece, whichever the page uses:
 *   scoreboard   .match-scoreboard (.status-name, .match-score-text ×2), .match-card-second-row (.team_link ×2)
 *   venue/ref.   newer .match-details > p (img[title]); older .match-info (p i ~ strong, "Cidade:", "Árbitro:")
 *   events       newer .event-line.text-right | .match-card-events-space | .event-line.text-left;
 *                older .match-card-events-home-team | .match-card-events-space | .match-card-events-away-team
 *                (parse-match-event.ts)
 *   tables       statistics rows (td.stats-*), lineup rows (span > small "N.") (parse-match-tables.ts)
 * The page is never one tree: scan-match-page.ts walks it once, and each piece is a small tree of
 * its own, so the parse is linear in the page whatever its shape. A page with none of this markup
 * (an error or block page, a redesign), a page cut short, or one past the model's limits is a
 * MatchPageParseError carrying what was found — never an empty or cut detail.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import {
  DETAIL_LIMITS,
  MatchDetailSchema,
  type Card,
  type Goal,
  type LineupPlayer,
  type MatchDetail,
  type MatchPageFacts,
  type Statistic,
  type Substitution,
} from '../../lib/model/model.ts';
import { finishSteps, type Steps } from '../../lib/model/steps.ts';
import type { DomElement } from '../dom-query.ts';
import { MatchPageParseError } from '../fetch/errors.ts';
import {
  MatchPageSkips,
  NO_COUNTS,
  type MatchPageCounts,
  type MatchPageDiagnostics,
  type MatchPageLayout,
  type MatchPageSection,
} from './match-page-diagnostics.ts';
import { normalizeText } from '../match-fields.ts';
import { readPlace, readScoreboard, readTeams, type PageScore } from './parse-match-header.ts';
import { readKickoffLine, readTeamSlugs } from './parse-match-facts.ts';
import { parseEventRow, type RowCells } from './parse-match-event.ts';
import { readLineupRow, readStatisticRow } from './parse-match-tables.ts';
import { MAX_DEPTH } from '../scan-page-steps.ts';
import {
  MAX_EVENT_ROWS,
  MAX_TABLE_ROWS,
  scanMatchPageSteps,
  type EventRowRecord,
  type MatchPageScan,
  type PageRange,
  type TableRowRecord,
} from './scan-match-page.ts';

export type { PageScore };

export interface MatchPageRead {
  detail: MatchDetail;
  /** The page's own scoreboard (`span.match-score-text` ×2); null when it shows no score. */
  pageScore: PageScore | null;
  /** The kick-off of the page's date line and the teams' keys (null where the page shows none). */
  facts: MatchPageFacts;
  diagnostics: MatchPageDiagnostics;
}

/** A piece of the page far bigger than its markup ever is (a row has under 20 elements) is not read. */
const MAX_PIECE_ELEMENTS = 300;
/** The HTML kept for a skipped row's snippet (the snippet shows 160 characters of it). */
const MAX_SNIPPET_SOURCE = 2_000;
const BENCH_HEADING = /reserva|banco|suplente/i;

const TOO_LARGE = `grande demais para ser o que parece (mais de ${MAX_PIECE_ELEMENTS} elementos), não lido`;

function pieceElement(html: string, range: PageRange): DomElement | null {
  return parseDocument(html.slice(range.start, range.end)).children.find(DomUtils.isTag) ?? null;
}

function layoutOf(scan: MatchPageScan): MatchPageLayout {
  if (scan.markers.older > scan.markers.newer) return 'older';
  if (scan.markers.newer > 0 || scan.scoreboard || scan.teamsRow) return 'newer';
  return 'none';
}

interface Ordered<T> {
  value: T;
  order: number;
}

/** Match order: minute, then added time ("45'" before "45+1'"), then page order. */
function inMatchOrder<T extends { minute: number; injuryTime: number | null }>(items: Ordered<T>[]): T[] {
  return items
    .sort(
      (a, b) =>
        a.value.minute - b.value.minute || (a.value.injuryTime ?? -1) - (b.value.injuryTime ?? -1) || a.order - b.order,
    )
    .map((item) => item.value);
}

export function readMatchPage(html: string, pageUrl: string): MatchPageRead {
  return finishSteps(readMatchPageSteps(html, pageUrl));
}

/** readMatchPage in steps: the page's scan a chunk at a time, then one step per event or table row. */
export function* readMatchPageSteps(html: string, pageUrl: string): Steps<MatchPageRead> {
  const scan = yield* scanMatchPageSteps(html);
  const layout = layoutOf(scan);
  const skips = new MatchPageSkips();
  const counts: MatchPageCounts = { ...NO_COUNTS, eventRows: scan.eventRowCount };
  const header: Pick<MatchPageDiagnostics, 'statusLabel' | 'teams'> = { statusLabel: null, teams: null };
  const fail = (detail: string): MatchPageParseError =>
    new MatchPageParseError(pageUrl, detail, { diagnostics: skips.finish(layout, header, counts) });

  if (scan.tooDeep) {
    throw fail(
      `a página aninha elementos em mais de ${MAX_DEPTH} níveis (uma página real tem menos de 40): página hostil ou quebrada, não lida`,
    );
  }
  if (!scan.scoreboard && !scan.teamsRow && !scan.details && !scan.info && scan.eventRowCount === 0) {
    throw new MatchPageParseError(
      pageUrl,
      'a página não tem o placar (.match-scoreboard) nem os detalhes de uma partida em nenhum dos dois formatos conhecidos (página de erro, bloqueio ou novo layout)',
      { diagnostics: skips.finish('none', header, counts) },
    );
  }
  // The parser closes whatever a cut-off page leaves open: a truncated page would read as a
  // match with fewer events.
  if (!/<\/(?:html|body)\s*>/i.test(html)) throw fail('a página chegou incompleta (sem </body> nem </html>)');
  if (scan.eventRowCount > MAX_EVENT_ROWS) {
    throw fail(
      `a página tem ${scan.eventRowCount} linhas de lances, mais do que as ${MAX_EVENT_ROWS} que cabem no detalhe (${DETAIL_LIMITS.events} gols, cartões e substituições de cada)`,
    );
  }
  if (scan.tableRowCount > MAX_TABLE_ROWS) {
    throw fail(
      `a página tem ${scan.tableRowCount} linhas de estatísticas e escalações, mais do que as ${MAX_TABLE_ROWS} que cabem no detalhe`,
    );
  }

  const snippetOf =
    (from: number, to: number): (() => string) =>
    () =>
      html.slice(from, Math.min(to, from + MAX_SNIPPET_SOURCE));
  const readPiece = (section: MatchPageSection, range: PageRange | null): DomElement | null => {
    if (!range) return null;
    if (range.elements > MAX_PIECE_ELEMENTS) {
      skips.skip(section, TOO_LARGE, snippetOf(range.start, range.end));
      return null;
    }
    return pieceElement(html, range);
  };

  const scoreboard = readPiece('scoreboard', scan.scoreboard);
  const board = scoreboard ? readScoreboard(scoreboard) : { statusLabel: null, score: null };
  const teamsRow = readPiece('scoreboard', scan.teamsRow);
  header.statusLabel = board.statusLabel;
  header.teams = teamsRow ? readTeams(teamsRow) : null;
  const facts: MatchPageFacts = {
    kickoff: null,
    ...(teamsRow ? readTeamSlugs(teamsRow, pageUrl) : { homeSlug: null, awaySlug: null }),
  };
  let venue: string | null = null;
  let referee: string | null = null;
  for (const range of [scan.details, scan.info]) {
    const block = readPiece('details', range);
    if (!block || !range) continue;
    facts.kickoff ??= readKickoffLine(block);
    const place = readPlace(block);
    venue ??= place.venue;
    referee ??= place.referee;
    for (const reason of place.skipped) skips.skip('details', reason, snippetOf(range.start, range.end));
  }

  const goals: Ordered<Goal>[] = [];
  const cards: Ordered<Card>[] = [];
  const substitutions: Ordered<Substitution>[] = [];
  let order = 0;
  for (const row of scan.eventRows) {
    yield;
    readEventRecord(row);
  }
  function readEventRecord(row: EventRowRecord): void {
    const first = row.cells[0];
    const last = row.cells.at(-1);
    if (!first || !last) return;
    const snippet = snippetOf(first.start, last.end);
    if (row.cells.some((cell) => cell.elements > MAX_PIECE_ELEMENTS)) return skips.skip('event', TOO_LARGE, snippet);
    // The row's cells are siblings: one small tree for the three, each cell found by where it starts.
    const fragment = parseDocument(html.slice(first.start, last.end), { withStartIndices: true });
    const byStart = new Map(
      fragment.children.filter(DomUtils.isTag).map((node) => [first.start + (node.startIndex ?? 0), node]),
    );
    const cells: RowCells = { home: null, minute: null, away: null };
    for (const cell of row.cells) {
      const role = cell.role === 'side' ? 'home' : cell.role;
      cells[role] ??= byStart.get(cell.start) ?? null;
    }
    const events = parseEventRow(cells);
    for (const goal of events.goals) goals.push({ value: goal, order: order++ });
    for (const card of events.cards) cards.push({ value: card, order: order++ });
    for (const substitution of events.substitutions) substitutions.push({ value: substitution, order: order++ });
    for (const reason of events.skipped) skips.skip('event', reason, snippet);
  }
  counts.goals = goals.length;
  counts.cards = cards.length;
  counts.substitutions = substitutions.length;
  for (const [list, what] of [
    [goals, 'gols'],
    [cards, 'cartões'],
    [substitutions, 'substituições'],
  ] as const) {
    if (list.length > DETAIL_LIMITS.events)
      throw fail(`a página tem ${list.length} ${what}, mais do que os ${DETAIL_LIMITS.events} que cabem no detalhe`);
  }

  const statistics: Statistic[] = [];
  const lineups = { home: [] as LineupPlayer[], away: [] as LineupPlayer[] };
  let startersTable: number | null = null;
  for (const row of scan.tableRows) {
    yield;
    readTableRecord(row);
  }
  function readTableRecord(row: TableRowRecord): void {
    const section = row.kind === 'statistic' ? 'statistic' : 'lineup';
    const snippet = snippetOf(row.start, row.end);
    const element = readPiece(section, row);
    if (!element) return;
    if (row.kind === 'statistic') {
      const read = readStatisticRow(element);
      if ('reason' in read) skips.skip(section, read.reason, snippet);
      else statistics.push(read.statistic);
      return;
    }
    // Starters are the first lineup table not headed as the bench; other tables are the bench.
    if (startersTable === null && !BENCH_HEADING.test(row.heading)) startersTable = row.table;
    const read = readLineupRow(element);
    for (const reason of read.skipped) skips.skip(section, reason, snippet);
    if (row.table !== startersTable) {
      counts.benchPlayers += read.home.length + read.away.length;
      return;
    }
    lineups.home.push(...read.home);
    lineups.away.push(...read.away);
  }
  counts.statistics = statistics.length;
  counts.lineupPlayers = lineups.home.length + lineups.away.length;
  if (statistics.length > DETAIL_LIMITS.statistics) {
    throw fail(
      `a página tem ${statistics.length} estatísticas, mais do que as ${DETAIL_LIMITS.statistics} que cabem no detalhe`,
    );
  }
  for (const [players, side] of [
    [lineups.home, 'mandante'],
    [lineups.away, 'visitante'],
  ] as const) {
    if (players.length > DETAIL_LIMITS.lineup)
      throw fail(
        `a escalação do ${side} tem ${players.length} jogadores, mais do que os ${DETAIL_LIMITS.lineup} que cabem no detalhe`,
      );
  }

  const detail: MatchDetail = {
    venue,
    referee,
    round: normalizeText(scan.round ?? '').slice(0, DETAIL_LIMITS.text) || null,
    goals: inMatchOrder(goals),
    cards: inMatchOrder(cards),
    substitutions: inMatchOrder(substitutions),
    lineups: lineups.home.length + lineups.away.length > 0 ? lineups : null,
    statistics,
  };
  // Every value was bounded above; this says which field when a rule of the model was missed.
  const checked = MatchDetailSchema.safeParse(detail);
  if (!checked.success) {
    const fields = [...new Set(checked.error.issues.map((issue) => issue.path.join('.')))].slice(0, 5).join(', ');
    throw fail(`o detalhe lido não cabe no modelo (${fields})`);
  }
  return { detail, pageScore: board.score, facts, diagnostics: skips.finish(layout, header, counts) };
}
