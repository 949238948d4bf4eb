/**
 * Pure: an upstream competition page ("Ver tabela e classificação", `/<slug>`) → its table, one
 * group per standings table, and what the parser found on the way (for `--explain`).
 *
 * The older layout writes `table.standing-table` rows; the newer one's table is known from no
 * public source (test/fixtures/upstream/competition-pages/README.md), so every table on the page,
 * `<table>` or `div` grid (scan-competition-page.ts), is read **by its header words** — Pontos /
 * PTS / P, J, V, E, D, GP, GC, SG, % — never by where a column stands. A table without them
 * (top scorers, lists of matches under date headings) is not standings; a page with none (a
 * knockout) has no table: `groups` is empty, nothing is invented. A page without the frame of
 * a competition page (an error or block page), cut short, or past the limits is a
 * CompetitionPageParseError: the last good table is kept.
 */
import { finishSteps, type Steps } from '../../lib/model/steps.ts';
import { STANDINGS_LIMITS, type StandingsGroupRead, type StandingsRowRead } from '../../lib/model/table.ts';
import type { CompetitionPageDiagnostics } from './competition-page-diagnostics.ts';
import { CompetitionPageParseError } from './competition-page-parse-error.ts';
import { normalizeText, resolveHttpUrl, teamSlugFromCrest } from '../match-fields.ts';
import { MAX_DEPTH } from '../scan-page-steps.ts';
import {
  MAX_KEPT_ROWS,
  scanCompetitionPageSteps,
  type ScannedCell,
  type ScannedTable,
} from './scan-competition-page.ts';

export type { CompetitionPageDiagnostics };

export interface CompetitionPageRead {
  groups: StandingsGroupRead[];
  diagnostics: CompetitionPageDiagnostics;
}

type Field =
  | 'position'
  | 'team'
  | 'points'
  | 'played'
  | 'won'
  | 'drawn'
  | 'lost'
  | 'goalsFor'
  | 'goalsAgainst'
  | 'goalDifference'
  | 'percent';

/** Header words, upper case, without accents, dots or spaces. */
const HEADER_WORDS: Readonly<Record<string, Field>> = {
  '#': 'position',
  POS: 'position',
  POSICAO: 'position',
  CL: 'position',
  CLASS: 'position',
  EQUIPE: 'team',
  EQUIPES: 'team',
  TIME: 'team',
  TIMES: 'team',
  CLUBE: 'team',
  CLUBES: 'team',
  CLASSIFICACAO: 'team',
  PONTOS: 'points',
  PTS: 'points',
  PT: 'points',
  P: 'points',
  PG: 'points',
  J: 'played',
  PJ: 'played',
  JOGOS: 'played',
  V: 'won',
  VIT: 'won',
  VITORIAS: 'won',
  E: 'drawn',
  EMP: 'drawn',
  EMPATES: 'drawn',
  D: 'lost',
  DER: 'lost',
  DERROTAS: 'lost',
  GP: 'goalsFor',
  GOLSPRO: 'goalsFor',
  GC: 'goalsAgainst',
  GOLSCONTRA: 'goalsAgainst',
  SG: 'goalDifference',
  SALDO: 'goalDifference',
  SALDODEGOLS: 'goalDifference',
  '%': 'percent',
  APROV: 'percent',
  APROVEITAMENTO: 'percent',
};
const REQUIRED: readonly Field[] = ['points', 'played', 'won', 'drawn', 'lost'];
const MAX_IGNORED_LISTED = 20;
const MAX_SKIPPED_LISTED = 20;
/** A heading that titles the table or the page, not a group ("Classificação - Brasileirão Série A"). */
const TITLE_HEADING = /^(?:classifica[cç][aã]o|tabela|pr[oó]ximos jogos|[uú]ltimos jogos|artilh|jogos)/i;
const GROUP_WORD = /\b(?:grupo|chave|zona|group|confer[eê]ncia)\b.*/i;
const DATE_HEADING = /\b\d{1,2}\/\d{1,2}\b|\b\d{1,2} de [a-zç]+/i;

function headerWord(text: string): Field | null {
  const word = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[\s.:]/g, '');
  return HEADER_WORDS[word] ?? null;
}

/** Column index of each field the header names (the first column naming it). */
function readHeader(cells: readonly ScannedCell[]): Map<Field, number> {
  const columns = new Map<Field, number>();
  cells.forEach((cell, index) => {
    const field = headerWord(cell.text);
    if (field && !columns.has(field)) columns.set(field, index);
  });
  return columns;
}

const isStandingsHeader = (columns: Map<Field, number>): boolean =>
  REQUIRED.every((field) => columns.has(field)) &&
  (columns.has('goalDifference') || (columns.has('goalsFor') && columns.has('goalsAgainst')));

/** "12" → 12, "-3" / "−3" / "+3" → signed; anything else → null. */
function readInteger(text: string | undefined, signed: boolean): number | null {
  const normalized = (text ?? '').replace(/\u2212/g, '-').replace(/\s/g, '');
  const match = (signed ? /^[+-]?\d{1,4}$/ : /^\d{1,4}$/).exec(normalized);
  return match ? Number(normalized) : null;
}

/** The group's name from the headings written before its table; null when none names a group. */
function groupName(headings: readonly string[]): string | null {
  const last = headings.at(-1);
  if (!last || DATE_HEADING.test(last)) return null;
  if (!TITLE_HEADING.test(last)) return normalizeText(last).slice(0, STANDINGS_LIMITS.text) || null;
  // "Classificação - Grupo A": the group's part.
  const group = GROUP_WORD.exec(last.replace(/^[^-–]*[-–]\s*/, ''));
  return group ? normalizeText(group[0]) : null;
}

interface RowReading {
  row: StandingsRowRead | null;
  reason: string;
}

/** Columns not named: the team is the first holding words, the position the first holding a number before it. */
function unnamedColumns(header: readonly ScannedCell[], rows: readonly ScannedCell[][], columns: Map<Field, number>) {
  const named = new Set(columns.values());
  const sample = rows[0] ?? [];
  let team = columns.get('team') ?? -1;
  if (team < 0) team = sample.findIndex((cell, index) => !named.has(index) && readInteger(cell.text, true) === null);
  let position = columns.get('position') ?? -1;
  if (position < 0) {
    position = sample.findIndex(
      (cell, index) =>
        index < team && !named.has(index) && header[index]?.text === '' && readInteger(cell.text, false) !== null,
    );
  }
  return { team, position };
}

function readRow(
  cells: readonly ScannedCell[],
  columns: Map<Field, number>,
  team: number,
  position: number,
  ordinal: number,
  pageUrl: string,
): RowReading {
  const value = (field: Field, signed = false): number | null => {
    const index = columns.get(field);
    return index === undefined ? null : readInteger(cells[index]?.text, signed);
  };
  let name = normalizeText(cells[team]?.text ?? '');
  let printed = position >= 0 ? readInteger(cells[position]?.text.replace(/[.ºo°]$/, ''), false) : null;
  // A grid may write the position and the team in one cell ("1 Fortaleza").
  const joined = /^(\d{1,3})[.º°]?\s+(.+)$/.exec(name);
  if (joined && position < 0) {
    printed = Number(joined[1]);
    name = joined[2] ?? name;
  }
  if (name === '') return { row: null, reason: 'sem o nome do time' };
  if (name.length > STANDINGS_LIMITS.text) return { row: null, reason: 'nome do time longo demais' };
  const numbers = {
    points: value('points'),
    played: value('played'),
    won: value('won'),
    drawn: value('drawn'),
    lost: value('lost'),
  };
  const missing = Object.entries(numbers).find(([, number]) => number === null);
  if (missing) return { row: null, reason: `coluna ${missing[0]} sem um número` };
  const goalsFor = value('goalsFor');
  const goalsAgainst = value('goalsAgainst');
  const goalDifference =
    value('goalDifference', true) ?? (goalsFor !== null && goalsAgainst !== null ? goalsFor - goalsAgainst : null);
  if (goalDifference === null) return { row: null, reason: 'sem o saldo de gols' };
  const positionValue = printed !== null && printed > 0 ? printed : ordinal;
  const image = cells[team]?.image ?? null;
  const crestSource = image ? resolveHttpUrl(image, pageUrl) : null;
  return {
    row: {
      position: positionValue,
      team: { name, crestSource, slug: teamSlugFromCrest(crestSource) },
      points: numbers.points ?? 0,
      played: numbers.played ?? 0,
      won: numbers.won ?? 0,
      drawn: numbers.drawn ?? 0,
      lost: numbers.lost ?? 0,
      goalsFor,
      goalsAgainst,
      goalDifference,
    },
    reason: '',
  };
}

const cellsText = (cells: readonly ScannedCell[]): string =>
  cells
    .map((cell) => cell.text)
    .join(' | ')
    .slice(0, 160);

export function parseCompetitionPage(html: string, pageUrl: string): CompetitionPageRead {
  return finishSteps(parseCompetitionPageSteps(html, pageUrl));
}

/** parseCompetitionPage in steps: the page's scan a chunk at a time, then one step per table. */
export function* parseCompetitionPageSteps(html: string, pageUrl: string): Steps<CompetitionPageRead> {
  const scan = yield* scanCompetitionPageSteps(html);
  const diagnostics: CompetitionPageDiagnostics = {
    layout: 'none',
    title: normalizeText(scan.title),
    tables: scan.tables.filter((table) => table.rowCount > 0).length,
    ignoredTables: [],
    skippedRows: [],
  };
  const fail = (detail: string): CompetitionPageParseError =>
    new CompetitionPageParseError(pageUrl, detail, { diagnostics });
  if (scan.tooDeep) {
    throw fail(`a página aninha elementos em mais de ${MAX_DEPTH} níveis: página hostil ou quebrada, não lida`);
  }
  if (!scan.framed) {
    throw fail(
      'a página não tem o corpo de uma página de campeonato (#livescore, .content__body) em nenhum dos dois formatos conhecidos (página de erro, bloqueio ou novo layout)',
    );
  }
  if (!/<\/(?:html|body)\s*>/i.test(html)) throw fail('a página chegou incompleta (sem </body> nem </html>)');

  const groups: StandingsGroupRead[] = [];
  const seen = new Set<string>();
  const ignore = (table: ScannedTable, reason: string): void => {
    if (diagnostics.ignoredTables.length < MAX_IGNORED_LISTED)
      diagnostics.ignoredTables.push({ headers: cellsText(table.rows[0] ?? []), reason });
  };
  for (const [index, table] of scan.tables.entries()) {
    yield;
    // A wrapper around a <table> (div.league-table) has no rows of its own.
    if (table.rowCount === 0) continue;
    const headerAt = table.rows.findIndex((cells) => isStandingsHeader(readHeader(cells)));
    if (headerAt < 0) {
      ignore(table, 'sem o cabeçalho de uma classificação (Pontos, J, V, E, D, SG)');
      continue;
    }
    if (table.rowCount > MAX_KEPT_ROWS) {
      throw fail(
        `uma tabela tem ${table.rowCount - headerAt - 1} linhas, mais do que os ${STANDINGS_LIMITS.rows} times que cabem num grupo`,
      );
    }
    const header = table.rows[headerAt] ?? [];
    const columns = readHeader(header);
    const body = table.rows.slice(headerAt + 1);
    const { team, position } = unnamedColumns(header, body, columns);
    if (team < 0) {
      ignore(table, 'sem uma coluna com o nome dos times');
      continue;
    }
    const rows: StandingsRowRead[] = [];
    for (const cells of body) {
      const read = readRow(cells, columns, team, position, rows.length + 1, pageUrl);
      if (read.row) rows.push(read.row);
      else if (diagnostics.skippedRows.length < MAX_SKIPPED_LISTED)
        diagnostics.skippedRows.push({ table: index, cells: cellsText(cells), reason: read.reason });
    }
    if (rows.length === 0) {
      ignore(table, 'cabeçalho de classificação sem nenhuma linha legível');
      continue;
    }
    const group = { name: groupName(table.headings), rows };
    // A page may print one table twice (one for small screens, one for large).
    const key = JSON.stringify(group);
    if (seen.has(key)) continue;
    seen.add(key);
    groups.push(group);
    diagnostics.layout = table.kind === 'table' ? 'older' : 'newer';
    if (groups.length > STANDINGS_LIMITS.groups) {
      throw fail(`a página tem mais de ${STANDINGS_LIMITS.groups} tabelas de classificação`);
    }
  }
  return { groups, diagnostics };
}
