/**
 * The statistics and lineup rows of a match page, one step per row (parse-match-tables.ts reads each): the
 * statistics, and the starters of each side — the bench is counted, not kept — within the model's limits.
 */
import { DETAIL_LIMITS, type LineupPlayer, type Statistic } from '../../lib/model/model.ts';
import type { Steps } from '../../lib/model/steps.ts';
import type { MatchPageReading } from './match-page-reading.ts';
import { readLineupRow, readStatisticRow } from './parse-match-tables.ts';
import type { TableRowRecord } from './scan-match-page.ts';

const BENCH_HEADING = /reserva|banco|suplente/i;

export interface MatchTables {
  statistics: Statistic[];
  lineups: { home: LineupPlayer[]; away: LineupPlayer[] };
}

/** What the rows read so far left: the tables, and which one holds the starters once known. */
interface TablesRead extends MatchTables {
  startersTable: number | null;
}

function readTableRow(reading: MatchPageReading, row: TableRowRecord, into: TablesRead): void {
  const section = row.kind === 'statistic' ? 'statistic' : 'lineup';
  const snippet = reading.snippetOf(row.start, row.end);
  const element = reading.readPiece(section, row);
  if (!element) return;
  if (row.kind === 'statistic') {
    const read = readStatisticRow(element);
    if ('reason' in read) reading.skips.skip(section, read.reason, snippet);
    else into.statistics.push(read.statistic);
    return;
  }
  // Starters are the first lineup table not headed as the bench; other tables are the bench.
  if (into.startersTable === null && !BENCH_HEADING.test(row.heading)) into.startersTable = row.table;
  const read = readLineupRow(element);
  for (const reason of read.skipped) reading.skips.skip(section, reason, snippet);
  if (row.table !== into.startersTable) {
    reading.counts.benchPlayers += read.home.length + read.away.length;
    return;
  }
  into.lineups.home.push(...read.home);
  into.lineups.away.push(...read.away);
}

/** Every table row of the scan, one step each; a page with more than the detail holds is refused. */
export function* readTableRowsSteps(reading: MatchPageReading): Steps<MatchTables> {
  const read: TablesRead = { statistics: [], lineups: { home: [], away: [] }, startersTable: null };
  for (const row of reading.scan.tableRows) {
    yield;
    readTableRow(reading, row, read);
  }
  const { statistics, lineups } = read;
  reading.counts.statistics = statistics.length;
  reading.counts.lineupPlayers = lineups.home.length + lineups.away.length;
  if (statistics.length > DETAIL_LIMITS.statistics) {
    throw reading.fail(
      `a página tem ${statistics.length} estatísticas, mais do que as ${DETAIL_LIMITS.statistics} que cabem no detalhe`,
    );
  }
  for (const [players, side] of [
    [lineups.home, 'mandante'],
    [lineups.away, 'visitante'],
  ] as const) {
    if (players.length > DETAIL_LIMITS.lineup)
      throw reading.fail(
        `a escalação do ${side} tem ${players.length} jogadores, mais do que os ${DETAIL_LIMITS.lineup} que cabem no detalhe`,
      );
  }
  return { statistics, lineups };
}
