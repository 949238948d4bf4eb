/**
 * "Meus times" at the top of a view (MeusTimes.astro): the view's rows of followed teams' matches,
 * copied from its list (same markup, grouped by competition) and redrawn whenever the list is
 * redrawn or the followed teams change; on Busca, the followed teams as one-tap searches too.
 * Shown only while at least one team is followed. The head script (meus-times-flag.ts) holds
 * what lies below hidden until this first drawing, so nothing jumps; drawing ends that hold.
 * The alerts' code (the "Ativar alertas" button, match-alerts.ts) is loaded only then: a page
 * whose reader follows nobody does not carry it.
 */
import { highlightScore, keepFocus } from './render-matches.ts';
import { followedTeamList, followedTeams, onFollowedTeamsChange } from './followed-teams.ts';

const region = document.querySelector<HTMLElement>('[data-meus-times]');
const rows = region?.querySelector<HTMLElement>('[data-meus-times-list]');
const empty = region?.querySelector<HTMLElement>('[data-meus-times-empty]');
const searches = region?.querySelector<HTMLElement>('[data-team-searches]');
const heading = region?.querySelector<HTMLElement>('h2');
const viewList = document.querySelector<HTMLElement>('[data-match-list]');

function isFollowedRow(row: Element, followed: ReadonlySet<string>): boolean {
  return [...row.querySelectorAll('.team-name')].some((name) => followed.has(name.textContent ?? ''));
}

/** The view's competitions cut down to the followed teams' rows; headings one level down. */
function followedSections(list: Element, followed: ReadonlySet<string>): Element[] {
  return [...list.querySelectorAll('.competition')].flatMap((competition) => {
    const matches = [...competition.querySelectorAll('.match')].filter((row) => isFollowedRow(row, followed));
    if (matches.length === 0) return [];
    const section = competition.cloneNode(false) as Element;
    const title = document.createElement('h3');
    title.className = 'competition-name';
    title.textContent = competition.querySelector('.competition-name')?.textContent ?? '';
    const list = document.createElement('ul');
    list.className = 'matches';
    list.append(...matches.map((row) => row.cloneNode(true)));
    section.append(title, list);
    return [section];
  });
}

function drawSearches(teams: readonly string[]): void {
  searches?.replaceChildren(
    ...teams.map((team) => {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = `/busca?${new URLSearchParams({ q: team }).toString()}`;
      link.dataset.searchTerm = team;
      link.textContent = team;
      item.append(link);
      return item;
    }),
  );
}

let alertsLoading = false;

function loadAlerts(): void {
  if (alertsLoading) return;
  alertsLoading = true;
  Promise.all([import('./alert-switch.ts'), import('./match-alerts.ts')]).catch(() => {
    alertsLoading = false;
  });
}

function draw(followed: ReadonlySet<string>): void {
  if (!region || !rows) return;
  if (followed.size > 0) loadAlerts();
  region.hidden = followed.size === 0;
  const hadFocus = rows.contains(document.activeElement);
  const sections = viewList && followed.size > 0 ? followedSections(viewList, followed) : [];
  keepFocus(rows, () => rows.replaceChildren(...sections));
  // The row with focus went (its team unfollowed from here): the region keeps it.
  if (hadFocus && !rows.contains(document.activeElement)) heading?.focus();
  // A copied score still marked as just changed keeps the mark its few seconds here too.
  for (const score of rows.querySelectorAll('.score--changed')) highlightScore(score);
  if (empty) empty.hidden = rows.childElementCount > 0;
  drawSearches(followedTeamList());
  document.documentElement.removeAttribute('data-meus-times-pendente');
}

if (viewList) new MutationObserver(() => draw(followedTeams())).observe(viewList, { childList: true });
onFollowedTeamsChange(draw);
draw(followedTeams());
