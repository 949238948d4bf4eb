/**
 * The demo upstream's competition pages ("Ver tabela e classificação", `/<slug>`), consistent with
 * its simulated results: each league's table has its whole size of teams, each starting from a
 * seeded record of the rounds before its current one (demo-season.ts), and every match the
 * listings show finished is counted in — so a match that ends moves the table
 * the next time Placar reads it, and while it is played Placar's live table moves. Cups ("copa…")
 * are knockouts: their page lists matches only, no table. One competition in two is written in the
 * older layout (`table.standing-table`, as test/fixtures/upstream/competition-pages/), the others
 * in the newer one (a `div.table` grid with GP, GC and %, under a group heading).
 */
import { parseStatus } from '../upstream/parse-status.ts';
import type { ListedMatchRow } from './demo-match-pages.ts';
import { competitionSlugOf, isCup, leagueTeamsBefore, type TeamRecord } from './demo-season.ts';
import { escapeHtml } from './escape-html.ts';
import { seededInt } from './seeded-random.ts';

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

/** One page per competition of `rows` (the demo's listed matches, dates as served), keyed by its path. */
export function writeCompetitionPages(
  rows: readonly ListedMatchRow[],
  seed: number,
  options: CompetitionPagesOptions = {},
): Record<string, string> {
  const isKnockout = options.isKnockout ?? isCup;
  const competitions = new Map<string, { name: string; rows: ListedMatchRow[] }>();
  for (const row of rows) {
    const slug = competitionSlugOf(row.href);
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
    const listedTeams = [...new Set(competition.rows.flatMap((row) => [row.home, row.away]))];
    const teams = new Map(leagueTeamsBefore(seed, slug, listedTeams).map((team) => [team.name, team]));
    for (const row of competition.rows) {
      const home = teams.get(row.home);
      const away = teams.get(row.away);
      if (!home || !away || parseStatus(row.statusLabel).status !== 'FINISHED' || !row.score) continue;
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
