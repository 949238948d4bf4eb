/**
 * The competition page parser (issue 34, item 1): the reference sample of the older layout, a
 * newer-layout div grid, tables read by their header words in any column order, several groups
 * named where the page names them, what is not standings (top scorers, lists of matches under
 * date headings, a knockout page), and hostile pages (refused with a reason, never cut).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STANDINGS_LIMITS, StandingsGroupReadSchema, type StandingsGroupRead } from '../../../src/lib/model/model.ts';
import { CompetitionPageParseError } from '../../../src/upstream/competition-page/competition-page-parse-error.ts';
import { explainCompetitionPage } from '../../../src/upstream/competition-page/explain-competition-page.ts';
import { detectPageKind } from '../../../src/upstream/page-kind.ts';
import { parseCompetitionPage } from '../../../src/upstream/competition-page/parse-competition-page.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/upstream');
const PAGE_URL = 'https://www.placardefutebol.com.br/brasileirao-serie-a';
const readFixture = (name: string): string => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const SAMPLE = readFixture('competition-pages/competicao-brasileirao-serie-a.html');
const EXPECTED = JSON.parse(readFixture('competition-pages/competicao-brasileirao-serie-a.expected.json')) as {
  competition: { name: string; slug: string };
  groups: {
    name: string | null;
    rows: (Omit<StandingsGroupRead['rows'][number], 'team'> & { team: { name: string } })[];
  }[];
};

/** The groups without the crests (the expected answer names the teams only). */
const withoutCrests = (groups: StandingsGroupRead[]) =>
  groups.map((group) => ({
    name: group.name,
    rows: group.rows.map(({ team, ...numbers }) => ({ ...numbers, team: { name: team.name } })),
  }));

function failure(html: string): CompetitionPageParseError {
  try {
    parseCompetitionPage(html, PAGE_URL);
  } catch (error) {
    if (error instanceof CompetitionPageParseError) return error;
    throw error;
  }
  throw new Error('the page was read');
}

interface TeamLine {
  position: number;
  name: string;
  points: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
}
const TEAMS: TeamLine[] = [
  { position: 1, name: 'Palmeiras', points: 7, played: 3, won: 2, drawn: 1, lost: 0, goalsFor: 6, goalsAgainst: 2 },
  { position: 2, name: 'Santos', points: 4, played: 3, won: 1, drawn: 1, lost: 1, goalsFor: 3, goalsAgainst: 3 },
  { position: 3, name: 'Água Santa', points: 3, played: 3, won: 1, drawn: 0, lost: 2, goalsFor: 2, goalsAgainst: 4 },
];
/** What each header word shows of a team, in a column order of the test's choosing. */
const COLUMNS: Record<string, (team: TeamLine) => string> = {
  '#': (team) => String(team.position),
  Time: (team) => `<img src="/images/teams/${team.position}.png"> <a href="/time/x">${team.name}</a>`,
  PTS: (team) => String(team.points),
  J: (team) => String(team.played),
  V: (team) => String(team.won),
  E: (team) => String(team.drawn),
  D: (team) => String(team.lost),
  GP: (team) => String(team.goalsFor),
  GC: (team) => String(team.goalsAgainst),
  SG: (team) => (team.goalsFor - team.goalsAgainst > 0 ? '+' : '') + String(team.goalsFor - team.goalsAgainst),
  '%': (team) => String(Math.round((100 * team.points) / (3 * team.played))),
};
const htmlTable = (order: string[], teams = TEAMS): string =>
  `<table class="table"><thead><tr>${order.map((word) => `<th>${word}</th>`).join('')}</tr></thead><tbody>` +
  teams.map((team) => `<tr>${order.map((word) => `<td>${COLUMNS[word]?.(team)}</td>`).join('')}</tr>`).join('') +
  '</tbody></table>';
const gridTable = (order: string[], teams = TEAMS): string =>
  '<div class="table standings__table"><div class="table__row table__row--header">' +
  order.map((word) => `<div class="table__row-cell">${word}</div>`).join('') +
  '</div>' +
  teams
    .map(
      (team) =>
        `<a class="table__row" href="/time/x">${order.map((word) => `<div class="table__row-cell">${COLUMNS[word]?.(team)}</div>`).join('')}</a>`,
    )
    .join('') +
  '</div>';
const olderPage = (body: string): string =>
  `<!DOCTYPE html><html><body><div class="jumbotron"><h1>Campeonato Paulista</h1></div><div id="livescore">${body}</div></body></html>`;
const newerPage = (body: string): string =>
  '<!DOCTYPE html><html><body><main class="content__body"><h1 class="content__title-text">Campeonato Paulista</h1>' +
  `${body}</main></body></html>`;
/** The newer pages' lists of matches: div.table of a.match__md cards under date headings. */
const MATCH_LISTS =
  '<div id="next_matches"><p class="standings__group-name">Sábado, 21/03</p><div class="table">' +
  '<a class="match__md table__row" href="/campeonato-paulista/21-03-2027-a-x-b.html"><span>Santos</span><span>16:00</span><span>Palmeiras</span></a></div></div>' +
  '<div id="last_matches"><p class="standings__group-name">14/03</p><div class="table">' +
  '<a class="match__md table__row" href="/campeonato-paulista/14-03-2027-c-x-d.html"><span>J</span><span>V</span><span>E</span></a></div></div>';

const expectedRows = (teams = TEAMS) =>
  teams.map((team) => ({
    position: team.position,
    team: { name: team.name },
    points: team.points,
    played: team.played,
    won: team.won,
    drawn: team.drawn,
    lost: team.lost,
    goalsFor: team.goalsFor,
    goalsAgainst: team.goalsAgainst,
    goalDifference: team.goalsFor - team.goalsAgainst,
  }));

describe('parseCompetitionPage on the reference sample (older layout)', () => {
  it('gives exactly the expected table: one unnamed group, not the top scorers nor the next matches', () => {
    const read = parseCompetitionPage(SAMPLE, PAGE_URL);
    expect(withoutCrests(read.groups)).toStrictEqual(EXPECTED.groups);
    expect(read.groups[0]?.rows[0]?.team.crestSource).toBe(
      'https://www.placardefutebol.com.br/images/teams/fortaleza.png',
    );
    for (const group of read.groups) expect(StandingsGroupReadSchema.safeParse(group).success).toBe(true);
    expect(read.diagnostics.layout).toBe('older');
    expect(read.diagnostics.title).toBe('Brasileirão Série A');
    expect(read.diagnostics.ignoredTables.map((table) => table.headers)).toEqual(['1 | Jogador 1 | Fortaleza | 9']);
  });

  it('is a competition page, not a match page, though it holds a match-info block', () => {
    expect(detectPageKind(SAMPLE, 'salvo.html')).toBe('competition');
    expect(detectPageKind('<html><body></body></html>', '/tmp/competicao-copa.html')).toBe('competition');
    expect(detectPageKind(readFixture('match-pages/jogo-antigo-corinthians-x-santos.html'), 'a.html')).toBe('match');
    expect(detectPageKind(readFixture('match-pages/jogo-flamengo-x-palmeiras.html'), 'a.html')).toBe('match');
    expect(detectPageKind(readFixture('jogos-de-hoje.html'), 'a.html')).toBe('listing');
  });

  it('is explained like the other pages', () => {
    const explained = explainCompetitionPage('competicao.html', SAMPLE, PAGE_URL);
    expect(explained.failed).toBe(false);
    expect(explained.lines).toContain('  grupo (sem nome): 20 times; 1º Fortaleza, 64 pontos em 30 jogos');
    expect(explained.lines.join('\n')).toContain('tabela ignorada');
    const broken = explainCompetitionPage('erro.html', '<html><body>Erro 500</body></html>', PAGE_URL);
    expect(broken.failed).toBe(true);
    expect(broken.lines.at(-1)).toMatch(/^erro: .*não reconhecida/);
  });
});

describe('tables read by their header words, never by column position', () => {
  const orders = [
    ['#', 'Time', 'PTS', 'J', 'V', 'E', 'D', 'GP', 'GC', 'SG', '%'],
    ['#', 'Time', 'J', 'V', 'E', 'D', 'GP', 'GC', 'SG', 'PTS'],
    ['Time', '%', 'SG', 'GC', 'GP', 'D', 'E', 'V', 'J', 'PTS', '#'],
    ['#', 'Time', 'PTS', 'J', 'V', 'E', 'D', 'GP', 'GC'],
  ];
  for (const order of orders) {
    it(`reads ${order.join(' ')} as a <table> and as a div grid`, () => {
      for (const page of [olderPage(htmlTable(order)), newerPage(gridTable(order))]) {
        const read = parseCompetitionPage(page, PAGE_URL);
        expect(withoutCrests(read.groups)).toStrictEqual([{ name: null, rows: expectedRows() }]);
      }
    });
  }

  it('takes the other spellings of the header words (Pontos, Pts., P, Jogos, Saldo) and a minus sign', () => {
    const page = olderPage(
      '<table><tr><th>Pos.</th><th>Equipe</th><th>P</th><th>Jogos</th><th>Vitórias</th><th>Empates</th><th>Derrotas</th><th>Saldo</th></tr>' +
        '<tr><td>1º</td><td>Grêmio</td><td>10</td><td>5</td><td>3</td><td>1</td><td>1</td><td>+4</td></tr>' +
        '<tr><td>2º</td><td>Inter</td><td>4</td><td>5</td><td>1</td><td>1</td><td>3</td><td>\u22124</td></tr></table>',
    );
    const [group] = parseCompetitionPage(page, PAGE_URL).groups;
    expect(group?.rows.map((row) => [row.position, row.team.name, row.points, row.goalDifference])).toEqual([
      [1, 'Grêmio', 10, 4],
      [2, 'Inter', 4, -4],
    ]);
  });

  // Issue 48 §5: the format characters and the Braille blank leave team and competition names too.
  it('reads team names without format characters (U+FFF9, U+0600…) or Braille blanks (U+2800)', () => {
    const page = olderPage(
      '<table><tr><th>Pos.</th><th>Equipe</th><th>P</th><th>Jogos</th><th>Vitórias</th><th>Empates</th><th>Derrotas</th><th>Saldo</th></tr>' +
        '<tr><td>1º</td><td>\u2800Gr\ufff9êmio&#xFFFB;</td><td>10</td><td>5</td><td>3</td><td>1</td><td>1</td><td>+4</td></tr>' +
        '<tr><td>2º</td><td>Inter\u2800de\u0600 Limeira\u2800</td><td>4</td><td>5</td><td>1</td><td>1</td><td>3</td><td>0</td></tr></table>',
    );
    const [group] = parseCompetitionPage(page, PAGE_URL).groups;
    expect(group?.rows.map((row) => row.team.name)).toEqual(['Grêmio', 'Inter de Limeira']);
  });

  it('reads a grid that writes the position in the team cell', () => {
    const page = newerPage(
      '<div class="table"><div class="table__row"><span>Clube</span><span>Pts</span><span>J</span><span>V</span><span>E</span><span>D</span><span>SG</span></div>' +
        '<div class="table__row"><span>1 Bahia</span><span>9</span><span>3</span><span>3</span><span>0</span><span>0</span><span>5</span></div></div>',
    );
    expect(parseCompetitionPage(page, PAGE_URL).groups[0]?.rows[0]).toMatchObject({
      position: 1,
      team: { name: 'Bahia' },
    });
  });
});

describe('groups', () => {
  it('are several tables, named by the headings the page writes before each', () => {
    const order = ['#', 'Time', 'PTS', 'J', 'V', 'E', 'D', 'SG'];
    const older = olderPage(
      '<h3 class="match-list_league-name">Classificação - Campeonato Paulista</h3><p class="match-stage">Fase de Grupos</p>' +
        `<h4>Grupo A</h4><div class="league-table">${htmlTable(order)}</div>` +
        `<h4>Grupo B</h4><div class="league-table">${htmlTable(order, TEAMS.slice(0, 2))}</div>`,
    );
    const newer = newerPage(
      `${MATCH_LISTS}<p class="standings__group-name">Grupo A</p>${gridTable(order)}` +
        `<p class="standings__group-name">Grupo B</p>${gridTable(order, TEAMS.slice(0, 2))}`,
    );
    for (const page of [older, newer]) {
      const groups = parseCompetitionPage(page, PAGE_URL).groups;
      expect(groups.map((group) => [group.name, group.rows.length])).toEqual([
        ['Grupo A', 3],
        ['Grupo B', 2],
      ]);
    }
  });

  it('are unnamed when only the page title, a date or a stage precedes them; "Classificação - Grupo C" names C', () => {
    const order = ['#', 'Time', 'PTS', 'J', 'V', 'E', 'D', 'SG'];
    const names = (page: string) => parseCompetitionPage(page, PAGE_URL).groups.map((group) => group.name);
    expect(names(olderPage(`<h3>Classificação - Paulistão</h3>${htmlTable(order)}`))).toEqual([null]);
    expect(names(newerPage(`<p class="standings__group-name">21/03</p>${gridTable(order)}`))).toEqual([null]);
    expect(names(olderPage(`<h3>Classificação - Grupo C</h3>${htmlTable(order)}`))).toEqual(['Grupo C']);
  });

  it('keep one copy of a table the page prints twice (small and large screens)', () => {
    const order = ['#', 'Time', 'PTS', 'J', 'V', 'E', 'D', 'SG'];
    expect(parseCompetitionPage(olderPage(htmlTable(order) + htmlTable(order)), PAGE_URL).groups).toHaveLength(1);
  });
});

describe('what is not standings', () => {
  it('a knockout page (lists of matches only) gives no table — none invented', () => {
    const read = parseCompetitionPage(newerPage(MATCH_LISTS), PAGE_URL);
    expect(read.groups).toEqual([]);
    expect(read.diagnostics.layout).toBe('none');
    const older = olderPage(
      '<h3 class="match-list_league-name">Próximos jogos</h3><div class="container content"><a href="/x/21-03-2027-a-x-b.html">A x B</a></div>' +
        '<div class="container match-info"><h3>Artilheiros</h3><table class="table"><tr><th>Jogador</th><th>Time</th><th>Gols</th></tr>' +
        '<tr><td>Fulano</td><td>Santos</td><td>5</td></tr></table></div>',
    );
    expect(parseCompetitionPage(older, PAGE_URL).groups).toEqual([]);
  });

  it('a row that is not a team (a note, an empty line) is left and said so, the others kept', () => {
    const order = ['#', 'Time', 'PTS', 'J', 'V', 'E', 'D', 'SG'];
    const table = htmlTable(order).replace(
      '</tbody>',
      '<tr><td colspan="8">Critérios de desempate: …</td></tr></tbody>',
    );
    const read = parseCompetitionPage(olderPage(table), PAGE_URL);
    expect(read.groups[0]?.rows).toHaveLength(3);
    expect(read.diagnostics.skippedRows).toHaveLength(1);
  });
});

describe('hostile and broken pages', () => {
  it('an error or block page, a redesign, is an error (the last good table is kept), not an empty table', () => {
    expect(failure('<html><body><h1>Acesso negado</h1></body></html>').message).toMatch(
      /não reconhecida.*corpo de uma página de campeonato/,
    );
  });

  it('a page cut short is an error', () => {
    expect(failure(SAMPLE.slice(0, SAMPLE.length / 2)).message).toMatch(/incompleta/);
  });

  it('a table of a million rows is refused whole with its count, not cut', () => {
    const order = ['#', 'Time', 'PTS', 'J', 'V', 'E', 'D', 'SG'];
    const many = Array.from({ length: 200_000 }, (_, i) => ({ ...TEAMS[0], position: i + 1 }) as TeamLine);
    expect(failure(olderPage(htmlTable(order, many))).message).toMatch(/200000 linhas/);
  });

  it('more groups than the limit is an error; thousands of other tables cost counters only', () => {
    const order = ['#', 'Time', 'PTS', 'J', 'V', 'E', 'D', 'SG'];
    const groups = Array.from(
      { length: STANDINGS_LIMITS.groups + 1 },
      (_, i) => `<h4>Grupo ${i}</h4>${htmlTable(order)}`,
    );
    expect(failure(olderPage(groups.join(''))).message).toMatch(/mais de 64 tabelas/);
    const other = '<table><tr><td>x</td></tr></table>'.repeat(50_000);
    const read = parseCompetitionPage(olderPage(other + htmlTable(order)), PAGE_URL);
    expect(read.groups).toEqual([]);
  });

  it('deep nesting is refused; long texts and many cells are bounded', () => {
    expect(failure(olderPage('<div>'.repeat(10_000))).message).toMatch(/aninha/);
    const long = 'A'.repeat(100_000);
    const wide = '<td>1</td>'.repeat(10_000);
    const page = olderPage(
      `<table><tr><th>#</th><th>Time</th><th>PTS</th><th>J</th><th>V</th><th>E</th><th>D</th><th>SG</th></tr>` +
        `<tr><td>1</td><td>${long}</td><td>1</td><td>1</td><td>0</td><td>1</td><td>0</td><td>0</td>${wide}</tr></table>`,
    );
    const [group] = parseCompetitionPage(page, PAGE_URL).groups;
    expect(group?.rows[0]?.team.name.length).toBeLessThanOrEqual(STANDINGS_LIMITS.text);
    expect(StandingsGroupReadSchema.safeParse(group).success).toBe(true);
  });

  it('numbers that are not counts (letters, huge values) make the row skipped, never NaN', () => {
    const page = olderPage(
      '<table><tr><th>#</th><th>Time</th><th>PTS</th><th>J</th><th>V</th><th>E</th><th>D</th><th>SG</th></tr>' +
        '<tr><td>1</td><td>A</td><td>x</td><td>1</td><td>0</td><td>1</td><td>0</td><td>0</td></tr>' +
        '<tr><td>2</td><td>B</td><td>99999999</td><td>1</td><td>0</td><td>1</td><td>0</td><td>0</td></tr></table>',
    );
    const read = parseCompetitionPage(page, PAGE_URL);
    expect(read.groups).toEqual([]);
    expect(read.diagnostics.skippedRows.map((row) => row.reason)).toEqual([
      'coluna points sem um número',
      'coluna points sem um número',
    ]);
  });
});
