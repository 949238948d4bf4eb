/**
 * "Meus times" at the top of a view (MeusTimes.astro): the view's rows of followed teams' matches,
 * copied from its list (same markup, grouped by competition) and redrawn whenever the list is
 * redrawn or the followed teams change; on Busca, the followed teams as one-tap searches too.
 * On a listing's view the rows it shows are hidden in the list below (never twice); on Ao Vivo it also
 * keeps a followed match after full time, with its final result (meus-times-finished.ts).
 * Shown only while at least one team is followed. The head script (meus-times-flag.ts) holds
 * what lies below hidden until this first drawing, so nothing jumps; drawing ends that hold.
 * The alerts' code (the "Ativar alertas" button, match-alerts.ts) is loaded only then: a page
 * whose reader follows nobody does not carry it.
 */
import { highlightScore, keepFocus } from './render-matches.ts';
import { followedTeamList, followedTeams, onFollowedTeamsChange } from './followed-teams.ts';
import { drawTodaysResults, followTodaysResults } from './meus-times-finished.ts';

const region = document.querySelector<HTMLElement>('[data-meus-times]');
const rows = region?.querySelector<HTMLElement>('[data-meus-times-list]');
const empty = region?.querySelector<HTMLElement>('[data-meus-times-empty]');
const searches = region?.querySelector<HTMLElement>('[data-team-searches]');
const heading = region?.querySelector<HTMLElement>('h2');
const viewList = document.querySelector<HTMLElement>('[data-match-list]');
/** A listing's view (not Busca, whose results are what the fan asked for: all of them stay). */
const viewListing = document.querySelector<HTMLElement>('[data-listing]')?.dataset.listing;
const onLiveView = viewListing === 'live';

function isFollowedRow(row: Element, followed: ReadonlySet<string>): boolean {
  return [...row.querySelectorAll('.team-name')].some((name) => followed.has(name.textContent ?? ''));
}

/** A copy of `element`, shown even where the original is hidden in the list below. */
function shownCopy<T extends Element>(element: T, deep: boolean): T {
  const copy = element.cloneNode(deep) as T;
  copy.removeAttribute('hidden');
  return copy;
}

/** The view's competitions cut down to the followed teams' rows; headings one level down. */
function followedSections(list: Element, followed: ReadonlySet<string>): Element[] {
  return [...list.querySelectorAll('.competition')].flatMap((competition) => {
    const matches = [...competition.querySelectorAll('.match')].filter((row) => isFollowedRow(row, followed));
    if (matches.length === 0) return [];
    const section = shownCopy(competition, false);
    const title = document.createElement('h3');
    title.className = 'competition-name';
    title.textContent = competition.querySelector('.competition-name')?.textContent ?? '';
    const list = document.createElement('ul');
    list.className = 'matches';
    list.append(...matches.map((row) => shownCopy(row, true)));
    section.append(title, list);
    return [section];
  });
}

/** Sections of one competition made one (a live match and a finished one of the same competition). */
function mergeSections(sections: readonly Element[]): Element[] {
  const byName = new Map<string, Element>();
  return sections.filter((section) => {
    const name = section.querySelector('.competition-name')?.textContent ?? '';
    const first = byName.get(name);
    if (!first) {
      byName.set(name, section);
      return true;
    }
    first.querySelector('.matches')?.append(...section.querySelectorAll('.match'));
    return false;
  });
}

/**
 * Hides in the list below the rows "Meus times" shows (and a competition left with none); the
 * keyboard focus on a row that goes moves to the same control of its copy above.
 */
function hideShownRows(list: Element, followed: ReadonlySet<string>): void {
  const focused = document.activeElement;
  const focusedRow = focused && list.contains(focused) ? focused.closest('.match') : null;
  for (const competition of list.querySelectorAll<HTMLElement>('.competition')) {
    const matches = [...competition.querySelectorAll<HTMLElement>('.match')];
    for (const row of matches) row.hidden = isFollowedRow(row, followed);
    competition.hidden = matches.length > 0 && matches.every((row) => row.hidden);
  }
  if (!focused || !(focusedRow instanceof HTMLElement) || !focusedRow.hidden || !rows) return;
  const id = focusedRow.getAttribute('data-id');
  const copy = [...rows.querySelectorAll('.match')].find((row) => row.getAttribute('data-id') === id);
  const same = [...(copy?.querySelectorAll<HTMLElement>(focused.tagName) ?? [])].find(
    (control) => control.textContent === focused.textContent,
  );
  same?.focus();
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
  if (onLiveView && viewList && followed.size > 0) {
    followTodaysResults(() => draw(followedTeams()));
    const shownIds = new Set([...viewList.querySelectorAll('.match')].map((row) => row.getAttribute('data-id') ?? ''));
    const results = drawTodaysResults(followed, shownIds);
    if (results) sections.push(...followedSections(results, followed));
  }
  keepFocus(rows, () => rows.replaceChildren(...mergeSections(sections)));
  if (viewList && viewListing !== undefined) hideShownRows(viewList, followed);
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
