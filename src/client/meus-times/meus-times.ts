/**
 * "Meus times" at the top of a view (MeusTimes.astro, loaded by meus-times-loader.ts once a team
 * is followed): the view's rows of followed teams' matches,
 * copied from its list (same markup, grouped by competition) and redrawn whenever the list is
 * redrawn or the followed teams change; on Busca, the followed teams as one-tap searches too.
 * On a listing's view the rows it shows are hidden in the list below (never twice); on Ao Vivo it also
 * keeps a followed match after full time, with its final result (meus-times-finished.ts).
 * Shown only while at least one team is followed. The head script (meus-times-flag.ts) holds
 * what lies below hidden until this first drawing, so nothing jumps; drawing ends that hold.
 * The alerts' code (the "Ativar alertas" button, match-alerts.ts) is loaded only then: a page
 * whose reader follows nobody does not carry it.
 */
import { highlightScore, keepFocus } from '../listing/render-matches.ts';
import { followedTeamList, followedTeams, onFollowedTeamsChange } from '../follow/followed-teams.ts';

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

/**
 * Hides in the list below the rows "Meus times" shows (and a competition left with none); the
 * keyboard focus on a row that goes moves to the same control of its copy above.
 */
function hideShownRows(list: Element, followed: ReadonlySet<string>): void {
  const focused = document.activeElement;
  const row = focused && list.contains(focused) ? focused.closest<HTMLElement>('.match') : null;
  for (const competition of list.querySelectorAll<HTMLElement>('.competition')) {
    const matches = [...competition.querySelectorAll<HTMLElement>('.match')];
    for (const match of matches) match.hidden = isFollowedRow(match, followed);
    competition.hidden = matches.every((match) => match.hidden);
  }
  if (!row?.hidden || !focused) return;
  const copy = `[data-id="${CSS.escape(row.dataset.id ?? '')}"] [class="${focused.className}"]`;
  rows?.querySelector<HTMLElement>(copy)?.focus();
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

/** Ao Vivo's finished matches of followed teams (meus-times-finished.ts), loaded once something is followed. */
let todaysResults: typeof import('./meus-times-finished.ts') | null = null;
let todaysResultsLoading = false;

function loadTodaysResults(): void {
  if (todaysResultsLoading) return;
  todaysResultsLoading = true;
  import('./meus-times-finished.ts')
    .then((module) => {
      todaysResults = module;
      module.followTodaysResults(() => draw(followedTeams()));
    })
    .catch(() => {
      todaysResultsLoading = false;
    });
}

let alertsLoading = false;

function loadAlerts(): void {
  if (alertsLoading) return;
  alertsLoading = true;
  Promise.all([import('../alerts/alert-switch.ts'), import('../alerts/match-alerts.ts')]).catch(() => {
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
    loadTodaysResults();
    const shownIds = new Set([...viewList.querySelectorAll('.match')].map((row) => row.getAttribute('data-id') ?? ''));
    const results = todaysResults?.drawTodaysResults(followed, shownIds);
    if (results) todaysResults?.mergeSections(sections, followedSections(results, followed));
  }
  keepFocus(rows, () => rows.replaceChildren(...sections));
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
