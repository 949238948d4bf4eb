/**
 * The demo upstream's competition pages ("Ver tabela e classificação", `/<slug>`), consistent with
 * its simulated results: each team of a competition starts from a seeded record of earlier rounds,
 * and every match the listings show finished is counted in — so a match that ends moves the table
 * the next time Placar reads it, and while it is played Placar's live table moves. Cups ("copa…")
 * are knockouts: their page lists matches only, no table. One competition in two is written in the
 * older layout (`table.standing-table`, as test/fixtures/upstream/competition-pages/), the others
 * in the newer one (a `div.table` grid with GP, GC and %, under a group heading).
 */
import { parseStatus } from '../upstream/parse-status.ts';
import type { ListedMatchRow } from './demo-match-pages.ts';
import { escapeHtml } from './escape-html.ts';
import { seededInt } from './seeded-random.ts';

interface TeamRecord {
  name: string;
  points: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
}

const slugOfHref = (href: string): string => href.split('/')[1] ?? '';

/** The team's earlier rounds, the same for a seed and `key` (competition and team). */
function seededRecord(seed: number, key: string, name: string): TeamRecord {
  const played = seededInt(seed, `${key}:played`, 8, 12);
  const won = seededInt(seed, `${key}:won`, 0, played);
  const drawn = seededInt(seed, `${key}:drawn`, 0, played - won);
  const lost = played - won - drawn;
  const goalsFor = won * 2 + drawn + seededInt(seed, `${key}:gf`, 0, 6);
  const goalsAgainst = lost * 2 + drawn + seededInt(seed, `${key}:ga`, 0, 6);
  return { name, points: 3 * won + drawn, played, won, drawn, lost, goalsFor, goalsAgainst };
}

function addResult(team: TeamRecord, scored: number, conceded: number): void {
  team.played += 1;
  team.goalsFor += scored;
  team.goalsAgainst += conceded;
  if (scored > conceded) {
    team.won += 1;
    team.points += 3;
  } else if (scored === conceded) {
    team.drawn += 1;
    team.points += 1;
  } else team.lost += 1;
}

const byStanding = (a: TeamRecord, b: TeamRecord): number =>
  b.points - a.points ||
  b.won - a.won ||
  b.goalsFor - b.goalsAgainst - (a.goalsFor - a.goalsAgainst) ||
  b.goalsFor - a.goalsFor ||
  a.name.localeCompare(b.name);

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

function olderTable(teams: readonly TeamRecord[]): string {
  const rows = teams
    .map(
      (team, index) =>
        `<tr><th>${index + 1}</th><td><a href="/time/x">${escapeHtml(team.name)}</a></td><td><b><i>${team.points}</i></b></td>` +
        `<td>${team.played}</td><td>${team.won}</td><td>${team.drawn}</td><td>${team.lost}</td><td>${team.goalsFor - team.goalsAgainst}</td></tr>`,
    )
    .join('');
  return (
    '<div class="league-table"><table class="table standing-table"><thead><tr><th></th><th>Equipe</th><th>Pontos</th>' +
    `<th>J</th><th>V</th><th>E</th><th>D</th><th>SG</th></tr></thead><tbody>${rows}</tbody></table></div>`
  );
}

function newerTable(teams: readonly TeamRecord[]): string {
  const cell = (text: string | number): string => `<div class="table__row-cell">${text}</div>`;
  const header = ['#', 'Time', 'PTS', 'J', 'V', 'E', 'D', 'GP', 'GC', 'SG', '%'].map(cell).join('');
  const rows = teams
    .map((team, index) => {
      const percent = team.played > 0 ? Math.round((100 * team.points) / (3 * team.played)) : 0;
      return (
        `<a class="table__row" href="/time/x">${cell(index + 1)}${cell(escapeHtml(team.name))}${cell(team.points)}` +
        `${cell(team.played)}${cell(team.won)}${cell(team.drawn)}${cell(team.lost)}${cell(team.goalsFor)}` +
        `${cell(team.goalsAgainst)}${cell(signed(team.goalsFor - team.goalsAgainst))}${cell(percent)}</a>`
      );
    })
    .join('');
  return `<div class="table standings__table"><div class="table__row table__row--header">${header}</div>${rows}</div>`;
}

function matchList(rows: readonly ListedMatchRow[]): string {
  return rows
    .map(
      (row) =>
        `<a class="match__md table__row" href="${escapeHtml(row.href)}">${escapeHtml(row.home)} x ${escapeHtml(row.away)}</a>`,
    )
    .join('');
}

function page(name: string, body: string, layout: 'older' | 'newer'): string {
  const title = `<title>${escapeHtml(name)} - Tabela e classificação</title>`;
  return layout === 'older'
    ? `<!DOCTYPE html><html lang="pt-br"><head><meta charset="utf-8">${title}</head><body>` +
        `<div class="jumbotron"><h1>${escapeHtml(name)}</h1></div><div class="container main-content"><div id="livescore">` +
        `<div class="container content"><h3 class="match-list_league-name">Classificação - ${escapeHtml(name)}</h3>${body}</div>` +
        '</div></div></body></html>'
    : `<!DOCTYPE html><html lang="pt-br"><head><meta charset="utf-8">${title}</head><body><main class="content__body">` +
        `<h1 class="content__title-text">${escapeHtml(name)}</h1>${body}</main></body></html>`;
}

export interface CompetitionPagesOptions {
  /** Competitions whose page lists matches only (default: the cups, "copa…"). */
  isKnockout?: (slug: string) => boolean;
}

const isCup = (slug: string): boolean => slug.startsWith('copa');

/** One page per competition of `rows` (the demo's listed matches, dates as served), keyed by its path. */
export function writeCompetitionPages(
  rows: readonly ListedMatchRow[],
  seed: number,
  options: CompetitionPagesOptions = {},
): Record<string, string> {
  const isKnockout = options.isKnockout ?? isCup;
  const competitions = new Map<string, { name: string; rows: ListedMatchRow[] }>();
  for (const row of rows) {
    const slug = slugOfHref(row.href);
    if (!/^[a-z0-9-]+$/.test(slug)) continue;
    const entry = competitions.get(slug) ?? { name: row.competition, rows: [] };
    entry.rows.push(row);
    competitions.set(slug, entry);
  }
  const pages: Record<string, string> = {};
  for (const [slug, competition] of competitions) {
    const layout = seededInt(seed, `${slug}:layout`, 0, 1) === 0 ? 'older' : 'newer';
    const lists = `<div id="next_matches"><p class="standings__group-name">Próximos jogos</p><div class="table">${matchList(competition.rows)}</div></div>`;
    if (isKnockout(slug)) {
      pages[`/${slug}`] = page(competition.name, lists, layout);
      continue;
    }
    const teams = new Map<string, TeamRecord>();
    const team = (name: string): TeamRecord => {
      const found = teams.get(name) ?? seededRecord(seed, `${slug}:${name}`, name);
      teams.set(name, found);
      return found;
    };
    for (const row of competition.rows) {
      const home = team(row.home);
      const away = team(row.away);
      if (parseStatus(row.statusLabel).status !== 'FINISHED' || !row.score) continue;
      addResult(home, row.score.home, row.score.away);
      addResult(away, row.score.away, row.score.home);
    }
    const ordered = [...teams.values()].sort(byStanding);
    const table =
      layout === 'older'
        ? olderTable(ordered)
        : `<p class="standings__group-name">Grupo único</p>${newerTable(ordered)}`;
    pages[`/${slug}`] = page(competition.name, `${table}${lists}`, layout);
  }
  return pages;
}
