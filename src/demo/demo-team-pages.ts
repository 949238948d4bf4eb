/**
 * The demo upstream's team pages (`/time/<slug>/proximos-jogos`, `/ultimos-jogos`), consistent with
 * its listings: every team of the listed matches (yesterday, today, tomorrow) has both, in the
 * card markup of test/fixtures/upstream/team-pages/ — its matches to come soonest first, with a match
 * in play as a `--live` card at the top of the upcoming page, and its finished ones latest first with
 * their score. A team's slug is the one Placar reads from the listings (the match link's part, else
 * from the name), and the crests are the demo's own. A team no listing names has no page (404).
 */
import * as cheerio from 'cheerio';
import { teamSlugFromName } from '../lib/model/team-slug.ts';
import { parseMatchPath } from '../upstream/match-fields.ts';
import { parseStatus } from '../upstream/parse-status.ts';
import { demoCrestPath } from './demo-crests.ts';
import { readListedRows, type ListedMatchRow } from './demo-match-pages.ts';
import { escapeHtml } from './escape-html.ts';

const C = 'match__lg_card';
const WEEKDAYS = ['DOM', 'SEG', 'TER', 'QUA', 'QUI', 'SEX', 'SÁB'] as const;
/** Any origin: only the match link's path is read. */
const ANY_ORIGIN = 'http://upstream.invalid/';

type Kind = 'live' | 'next' | 'last';

interface TeamMatch {
  row: ListedMatchRow;
  kind: Kind;
  /** YYYY-MM-DD from the match link. */
  date: string;
  kickoff: string | null;
  minuteText: string;
}

function kindOf(row: ListedMatchRow): { kind: Kind; kickoff: string | null } | null {
  const parsed = parseStatus(row.statusLabel);
  if (parsed.status === 'IN_PLAY' || parsed.status === 'PAUSED') return { kind: 'live', kickoff: null };
  if (parsed.status === 'FINISHED') return row.score ? { kind: 'last', kickoff: null } : null;
  if (parsed.status === 'SCHEDULED') return { kind: 'next', kickoff: parsed.kickoffTime };
  return null;
}

/** "SÁB 21/03" (the upcoming page) or "SÁB, 14/03" (the recent one) of a YYYY-MM-DD. */
function dayText(date: string, comma: boolean): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] ?? '';
  return `${weekday}${comma ? ',' : ''} ${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}`;
}

function cardHtml(match: TeamMatch): string {
  const { row } = match;
  const part = (name: string, inner: string): string => `<div class="${C}--${name}">${inner}</div>`;
  const logo = (name: string): string => `<img src="${demoCrestPath(name)}" alt="${escapeHtml(name)}">`;
  const scoreboard = row.score ? part('scoreboard', `<b>${row.score.home}</b><b>${row.score.away}</b>`) : '';
  const tail =
    match.kind === 'live'
      ? `${scoreboard}${part('live', escapeHtml(match.minuteText))}`
      : match.kind === 'last'
        ? `${part('date', dayText(match.date, true))}${scoreboard}`
        : part('datetime', `${dayText(match.date, false)}${match.kickoff ? `<br>${match.kickoff}` : ''}`);
  return (
    `<a class="match__lg" href="${escapeHtml(row.href)}"><div class="${C}">${part('league', escapeHtml(row.competition))}` +
    `${part('ht-name text', escapeHtml(row.home))}${part('at-name text', escapeHtml(row.away))}` +
    `${part('ht-logo', logo(row.home))}${part('at-logo', logo(row.away))}${tail}</div></a>`
  );
}

function pageHtml(team: string, title: string, matches: readonly TeamMatch[]): string {
  return (
    `<!DOCTYPE html><html lang="pt-br"><head><meta charset="utf-8"><title>${escapeHtml(team)} - ${title} - Placar de Futebol</title></head>` +
    `<body><nav class="navbar"><a href="/">Placar de Futebol</a></nav><div id="main"><div class="team__header"><h1>${escapeHtml(team)}</h1></div>` +
    `<div class="matches">${matches.map(cardHtml).join('')}</div></div><footer>Placar de Futebol</footer></body></html>`
  );
}

const byDate = (a: TeamMatch, b: TeamMatch): number =>
  a.date.localeCompare(b.date) ||
  (a.kickoff ?? '').localeCompare(b.kickoff ?? '') ||
  a.row.href.localeCompare(b.row.href);

/** Both team pages of every team of `rows` (the demo's listed matches, dates as served), keyed by path. */
export function writeTeamPages(rows: readonly ListedMatchRow[]): Record<string, string> {
  const teams = new Map<string, { name: string; matches: TeamMatch[] }>();
  const seen = new Set<string>();
  for (const row of rows) {
    const path = parseMatchPath(row.href, ANY_ORIGIN);
    if (!path || seen.has(row.href)) continue;
    seen.add(row.href);
    // A postponed or cancelled match is on neither page; its teams still have theirs.
    const kind = kindOf(row);
    const match: TeamMatch | null = kind
      ? { row, ...kind, date: path.date, minuteText: row.statusLabel.toLocaleLowerCase('pt-BR') }
      : null;
    const sides = [
      [row.home, path.teamSlugs.home],
      [row.away, path.teamSlugs.away],
    ] as const;
    for (const [name, linkSlug] of sides) {
      const slug = linkSlug ?? teamSlugFromName(name);
      if (slug === null) continue;
      const team = teams.get(slug) ?? { name, matches: [] };
      if (match) team.matches.push(match);
      teams.set(slug, team);
    }
  }
  const pages: Record<string, string> = {};
  for (const [slug, team] of teams) {
    const live = team.matches.filter((m) => m.kind === 'live');
    const next = team.matches.filter((m) => m.kind === 'next').sort(byDate);
    const last = team.matches.filter((m) => m.kind === 'last').sort((a, b) => byDate(b, a));
    pages[`/time/${slug}/proximos-jogos`] = pageHtml(team.name, 'Próximos jogos', [...live, ...next]);
    pages[`/time/${slug}/ultimos-jogos`] = pageHtml(team.name, 'Últimos jogos', last);
  }
  return pages;
}

/** The team pages of recorded listing pages as they are (no simulated time): the test upstream's. */
export function fixtureTeamPages(listingPages: Readonly<Record<string, string>>): Record<string, string> {
  return writeTeamPages(Object.values(listingPages).flatMap((html) => readListedRows(cheerio.load(html))));
}
