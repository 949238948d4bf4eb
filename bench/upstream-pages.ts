/**
 * Upstream listing pages at a chosen size, in the upstream's own markup (the rows of
 * test/fixtures/upstream/jogos-de-hoje.html), so the real fetch + parser do the real work:
 * `matchesPerDay` matches today and tomorrow in leagues of ten, one in five of today's live.
 * Plain string templates (no cheerio): generating 1,000 matches takes milliseconds, so the
 * benchmark's own CPU stays out of what it measures. `round` changes the live scores, which
 * gives a new page (new ETag) for every round. On request, the competition pages ("Ver tabela e
 * classificação", `/<slug>`) of every competition the listings name, in the demo's two layouts
 * (src/demo/demo-competition-pages.ts), every one with a table.
 */
import { writeCompetitionPages } from '../src/demo/demo-competition-pages.ts';
import type { ListedMatchRow } from '../src/demo/demo-match-pages.ts';
import { LISTING_PATHS } from '../src/lib/model/model.ts';
import { saoPauloDate } from '../src/lib/model/time.ts';

const TEAMS = [
  'Flamengo',
  'Palmeiras',
  'São Paulo',
  'Grêmio',
  'Athletico-PR',
  'Vasco da Gama',
  'Atlético-MG',
  'Red Bull Bragantino',
  'Ceará',
  'Vitória',
  'Fortaleza',
  'Cruzeiro',
  'Corinthians',
  'Santos',
  'Botafogo',
  'Fluminense',
  'Internacional',
  'Bahia',
  'Sport',
  'Juventude',
  'Goiás',
  'Coritiba',
  'Avaí',
  'Chapecoense',
  'Náutico',
  'Paysandu',
  'Remo',
  'CRB',
];
const LEAGUES = [
  'Brasileirão Série A',
  'Brasileirão Série B',
  'Copa do Brasil',
  'Campeonato Paulista',
  'Campeonato Carioca',
  'Copa Libertadores',
  'Copa Sul-Americana',
  'Premier League',
  'La Liga',
  'Série A Itália',
  'Bundesliga',
  'Ligue 1',
];
const MATCHES_PER_LEAGUE = 10;
/** Every LIVE_EVERY-th match of today is being played. */
const LIVE_EVERY = 5;

export interface Row {
  /** The row's place in its day's listing. */
  index: number;
  league: string;
  path: string;
  status: string;
  badge: 'success' | 'danger' | 'warning';
  home: string;
  away: string;
  score: [number, number] | null;
}

/** "brasileirao-serie-a"; with `separator` "_" a slug Placar gives no table (not a plain slug), its matches still their pages. */
function slugOf(text: string, separator: '-' | '_' = '-'): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, separator)
    .replace(/^[-_]|[-_]$/g, '');
}

function dayPath(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}-${month}-${year}`;
}

function scoreCell(goals: number | null, side: 'end' | 'start'): string {
  const inner = goals === null ? '' : `<h4><span class="badge badge-default">${goals}</span></h4>`;
  return `<div class="w-25 p-1 match-score d-flex justify-content-${side}">${inner}</div>`;
}

function renderRow(row: Row): string {
  return `  <a href="${row.path}">
          <div class="row align-items-center content">
          <div class="w-25 p-1 status text-center"><span class="badge badge-${row.badge} status-name${row.badge === 'success' ? ' blink' : ''}">${row.status}</span></div>
          <div class="w-25 p-2 team-name"><h5 class="text-right team_link">${row.home}</h5></div>
          ${scoreCell(row.score?.[0] ?? null, 'end')}
          <div class="h5 text-center">x</div>
          ${scoreCell(row.score?.[1] ?? null, 'start')}
          <div class="w-25 p-2 team-name"><h5 class="text-left team_link">${row.away}</h5></div>
          <div class="w-25 p-1 link_to_match"><img src="/images/tv.png" alt=""></div>
          </div>
  </a>
`;
}

export function renderPage(title: string, rows: readonly Row[]): string {
  const blocks: string[] = [];
  for (let start = 0; start < rows.length; ) {
    const league = rows[start]?.league ?? '';
    let end = start;
    while (end < rows.length && rows[end]?.league === league) end++;
    const group = rows.slice(start, end);
    start = end;
    const competition = (group[0]?.path ?? '').split('/')[1] ?? '';
    blocks.push(
      `<a href="/${competition}"><div class="row row-fix"><div class="col-10 col-md-11"><h3 class="match-list_league-name">${league}</h3></div></div></a>`,
      `<div class="container content">\n${group.map(renderRow).join('')}  <a href="/${competition}" class="see-table">Ver tabela e classificação</a>\n</div>`,
    );
  }
  const body =
    blocks.length > 0
      ? blocks.join('\n')
      : '<div class="alert alert-info text-center">Nenhuma partida no momento.</div>';
  return `<!DOCTYPE html>
<html lang="pt-br">
<head>
<meta charset="utf-8">
<title>${title} - Placar de Futebol</title>
<link rel="stylesheet" href="/css/bootstrap.min.css">
</head>
<body>
<nav class="navbar"><a href="/">Placar de Futebol</a> <a href="/jogos-em-andamento">Ao vivo</a> <a href="/jogos-de-hoje">Hoje</a> <a href="/jogos-de-amanha">Amanhã</a></nav>
<div class="container main-content">
<h1 class="page-title">${title}</h1>
<div id="livescore">
${body}
</div>
</div>
</body>
</html>
`;
}

/** League names repeat past the list with a number, so every group of ten has its own league. */
function leagueOf(group: number): string {
  const base = LEAGUES[group % LEAGUES.length] ?? 'Liga';
  const cycle = Math.floor(group / LEAGUES.length);
  return cycle === 0 ? base : `${base} ${cycle + 1}`;
}

function teamsOf(index: number, day: number): [string, string] {
  const home = TEAMS[(index * 2 + day) % TEAMS.length] ?? 'Time';
  const away = TEAMS[(index * 2 + 1 + day) % TEAMS.length] ?? 'Time';
  const suffix = index >= TEAMS.length / 2 ? ` ${Math.floor(index / (TEAMS.length / 2)) + 1}` : '';
  return [`${home}${suffix}`, `${away}${suffix}`];
}

type Day = 'ontem' | 'hoje' | 'amanha';

interface DayShape {
  /** Whether today's match at row `index` is being played (default: every fifth). */
  isLive: (index: number) => boolean;
  /** The score of live match `index` in `round` (default: home (index + round) % 4, away (index + round) % 3). */
  liveScore: (index: number, round: number) => [number, number];
  tablelessSlugs: boolean;
}

function buildDayRows(count: number, date: string, day: Day, round: number, shape: DayShape): Row[] {
  const separator = shape.tablelessSlugs ? '_' : '-';
  const rows: Row[] = [];
  for (let i = 0; i < count; i++) {
    const [home, away] = teamsOf(i, day === 'hoje' ? 0 : day === 'amanha' ? 1 : 2);
    const league = leagueOf(Math.floor(i / MATCHES_PER_LEAGUE));
    const path = `/${slugOf(league, separator)}/${dayPath(date)}-${slugOf(home)}-x-${slugOf(away)}.html`;
    const kickoff = `${String(12 + (i % 11)).padStart(2, '0')}:${i % 2 === 0 ? '00' : '30'}`;
    const row = { index: i, league, path, home, away };
    if (day === 'ontem') {
      rows.push({ ...row, status: 'ENCERRADO', badge: 'danger', score: [i % 3, (i >> 1) % 4] });
    } else if (day === 'amanha') {
      rows.push({ ...row, status: `AMANHÃ ${kickoff}`, badge: 'warning', score: null });
    } else if (shape.isLive(i)) {
      const minute = 1 + ((i * 7 + round) % 90);
      rows.push({ ...row, status: `${minute} MIN`, badge: 'success', score: shape.liveScore(i, round) });
    } else if (i % LIVE_EVERY <= 2) {
      rows.push({ ...row, status: 'ENCERRADO', badge: 'danger', score: [i % 4, (i >> 1) % 3] });
    } else {
      rows.push({ ...row, status: `HOJE ${kickoff}`, badge: 'warning', score: null });
    }
  }
  return rows;
}

export interface UpstreamPagesOptions {
  matchesPerDay: number;
  /** Changes every live score: each round is a different page. */
  round?: number;
  /** Home goals of the first live match (the one the freshness benchmark watches). */
  watchedGoals?: number;
  now?: Date;
  /** Whether today's match at row `index` is live (default: every fifth, one per five-match stretch). */
  isLive?: (index: number) => boolean;
  /** The score of today's live match at row `index` in `round` (overrides the default and watchedGoals). */
  liveScore?: (index: number, round: number) => [number, number];
  /**
   * Competitions written with "_" in their slugs ("brasileirao_serie_a"): Placar reads and renders no table for them
   * (only plain slugs get one) while their matches keep their pages — the same day without tables.
   */
  tablelessSlugs?: boolean;
  /** Also the competition pages of every competition the listings name (default: none). */
  competitionPages?: boolean;
}

/** A row as the demo's competition pages read listings (src/demo/demo-match-pages.ts). */
const listedRow = (row: Row): ListedMatchRow => ({
  href: row.path,
  competition: row.league,
  home: row.home,
  away: row.away,
  statusLabel: row.status,
  statusClass: `badge badge-${row.badge} status-name`,
  score: row.score ? { home: row.score[0], away: row.score[1] } : null,
});

/** The four listing pages keyed by upstream path, and the id of the first live match. */
export function buildUpstreamPages(options: UpstreamPagesOptions): {
  pages: Record<string, string>;
  watchedMatchId: string;
  /** Today's live rows, in the upstream's markup (a page of some of them: renderPage). */
  liveRows: Row[];
  /** With `competitionPages`: one page per competition of the three days, keyed by "/<slug>", each with a table. */
  competitionPages: Record<string, string>;
} {
  const now = options.now ?? new Date();
  const round = options.round ?? 0;
  const today = saoPauloDate(now);
  const tomorrow = saoPauloDate(new Date(now.getTime() + 24 * 3600 * 1000));
  const goals = (index: number): number =>
    index === 0 && options.watchedGoals !== undefined ? options.watchedGoals : (index + round) % 4;
  const shape: DayShape = {
    isLive: options.isLive ?? ((index) => index % LIVE_EVERY === 0),
    liveScore: options.liveScore ?? ((index, r) => [goals(index), (index + r) % 3]),
    tablelessSlugs: options.tablelessSlugs ?? false,
  };
  const todayRows = buildDayRows(options.matchesPerDay, today, 'hoje', round, shape);
  const liveRows = todayRows.filter((row) => shape.isLive(row.index));
  const tomorrowRows = buildDayRows(options.matchesPerDay, tomorrow, 'amanha', round, shape);
  const yesterday = saoPauloDate(new Date(now.getTime() - 24 * 3600 * 1000));
  // Yesterday's results do not change with the rounds: a conditional GET of it answers 304.
  const yesterdayRows = buildDayRows(options.matchesPerDay, yesterday, 'ontem', 0, shape);
  return {
    pages: {
      [LISTING_PATHS.live]: renderPage('Jogos em andamento', liveRows),
      [LISTING_PATHS.hoje]: renderPage('Jogos de hoje', todayRows),
      [LISTING_PATHS.amanha]: renderPage('Jogos de amanhã', tomorrowRows),
      [LISTING_PATHS.ontem]: renderPage('Jogos de ontem', yesterdayRows),
    },
    watchedMatchId: (todayRows[0]?.path ?? '').slice(1, -'.html'.length),
    liveRows,
    competitionPages: options.competitionPages
      ? writeCompetitionPages([...yesterdayRows, ...todayRows, ...tomorrowRows].map(listedRow), 1, {
          isKnockout: () => false,
        })
      : {},
  };
}
