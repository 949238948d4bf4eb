/**
 * Browser rendering of a match list from API data, cloning the <template>s that
 * MatchTemplates.astro renders from MatchRow.astro. Data only ever goes into textContent
 * and attributes, never into HTML.
 */
import {
  buildScoreParts,
  buildStatusBadge,
  buildWinner,
  groupByCompetition,
  type GoalCount,
} from '../../lib/display/match-display.ts';
import { buildMatchLink } from '../../lib/display/match-link.ts';
import { isCrestPath } from '../../lib/model/crest-path.ts';
import type { Match, Team } from '../../lib/model/model.ts';
import { showFollowButton } from '../follow/follow-button.ts';

export function cloneTemplate(id: string): Element {
  const template = document.getElementById(id);
  if (!(template instanceof HTMLTemplateElement) || !template.content.firstElementChild) {
    throw new Error(`template #${id} missing`);
  }
  return template.content.firstElementChild.cloneNode(true) as Element;
}

function fillTeam(cell: Element | null, team: Team): void {
  if (!cell) return;
  const name = cell.querySelector('.team-name');
  if (name) name.textContent = team.name;
  const crest = cell.querySelector('img');
  if (!crest) return;
  // Only Placar's own copies: an answer cached before crests were served from /escudos/ names the upstream's.
  if (isCrestPath(team.crest)) crest.setAttribute('src', team.crest);
  else crest.remove();
}

function element(tag: 'span' | 'small', className: string, text: string): HTMLElement {
  const made = document.createElement(tag);
  made.className = className;
  made.textContent = text;
  return made;
}

/** The score cell as MatchRow.astro writes it: goals in their own spans, penalties apart. */
function fillScore(score: Element, match: Match): void {
  const parts = buildScoreParts(match);
  if (parts.home === null || parts.away === null) {
    // No kickoff time (a postponed match): a bare "x", which phones hide (it would sit under the status).
    score.replaceChildren(element('span', parts.kickoff === null ? 'score-x' : 'kickoff', parts.kickoff ?? 'x'));
    return;
  }
  const nodes = [
    element('span', 'goals goals--home', parts.home),
    element('span', 'score-x', ' x '),
    element('span', 'goals goals--away', parts.away),
  ];
  if (parts.penalties !== null) nodes.push(element('small', 'penalties', ` ${parts.penalties}`));
  score.replaceChildren(...nodes);
}

/** One row as MatchRow.astro draws it, from the #match-template skeleton (its star buttons included). */
export function buildRow(match: Match, today: string | null): Element {
  const row = cloneTemplate('match-template');
  row.setAttribute('data-id', match.id);
  row.setAttribute('data-home', String(match.score.home ?? ''));
  row.setAttribute('data-away', String(match.score.away ?? ''));
  const winner = buildWinner(match);
  if (winner === null) row.removeAttribute('data-winner');
  else row.setAttribute('data-winner', winner);
  const link = buildMatchLink(match);
  const anchor = row.querySelector('a');
  anchor?.setAttribute('href', link.href);
  if (link.external) anchor?.setAttribute('rel', 'external');
  const badge = buildStatusBadge(match, today);
  const badgeElement = row.querySelector('.badge');
  if (badgeElement) {
    badgeElement.className = `badge badge--${badge.tone}`;
    badgeElement.textContent = badge.text;
    badgeElement.setAttribute('title', badge.text);
  }
  fillTeam(row.querySelector('.team--home'), match.homeTeam);
  fillTeam(row.querySelector('.team--away'), match.awayTeam);
  const score = row.querySelector('.score');
  if (score) fillScore(score, match);
  for (const [side, team] of [
    ['home', match.homeTeam],
    ['away', match.awayTeam],
  ] as const) {
    const button = row.querySelector<HTMLButtonElement>(`.follow--${side}`);
    if (button) showFollowButton(button, team.name);
  }
  return row;
}

/** The link or button of a row keyboard focus is on, to put it back on the same one after a redraw. */
const FOCUSABLE_IN_ROW = ['.match-link', '.follow--home', '.follow--away'];

/** A competition heading's link to its table (issue 34), found again by where it leads. */
const TABLE_LINK = '.competition-name a';

/** Where keyboard focus is in the list, in terms that survive a redraw: a match's control, or a table link. */
function findFocusTarget(list: Element): (() => HTMLElement | null | undefined) | null {
  const focused = document.activeElement;
  if (!focused || !list.contains(focused)) return null;
  if (focused.matches(TABLE_LINK)) {
    const href = focused.getAttribute('href');
    return () => [...list.querySelectorAll<HTMLElement>(TABLE_LINK)].find((link) => link.getAttribute('href') === href);
  }
  const id = focused.closest('.match')?.getAttribute('data-id');
  const control = FOCUSABLE_IN_ROW.find((selector) => focused.matches(selector));
  if (!id || !control) return null;
  return () => findRow(list, id)?.querySelector<HTMLElement>(control);
}

/**
 * Runs `redraw` (which replaces the list's rows) and puts keyboard focus back on the same
 * control of the same match, or the same competition's table link, when the list had it and
 * it is still there: a minute's redraw must not throw a keyboard user back to the page's start.
 */
export function keepFocus(list: Element, redraw: () => void): void {
  const target = findFocusTarget(list);
  redraw();
  target?.()?.focus();
}

/** Replaces the list's content; keeps keyboard focus on the same match when it is still listed. */
export function renderMatchList(list: Element, matches: readonly Match[], today: string | null): void {
  const groups = groupByCompetition(matches).map((group) => {
    const section = cloneTemplate('competition-template');
    const heading = section.querySelector('.competition-name');
    if (heading && group.table) {
      const link = document.createElement('a');
      link.href = group.table;
      link.textContent = group.name;
      heading.replaceChildren(link);
    } else if (heading) heading.textContent = group.name;
    section.querySelector('.matches')?.append(...group.matches.map((match) => buildRow(match, today)));
    return section;
  });
  keepFocus(list, () => list.replaceChildren(...groups));
}

export function findRow(list: Element, id: string): Element | undefined {
  return [...list.querySelectorAll('.match')].find((row) => row.getAttribute('data-id') === id);
}

/** Score text and goals of each match the list shows now, by match id. */
export function readShownScores(list: Element): Map<string, GoalCount & { text: string }> {
  const shown = new Map<string, GoalCount & { text: string }>();
  for (const row of list.querySelectorAll('.match')) {
    const id = row.getAttribute('data-id');
    if (!id) continue;
    const goals = (name: string): number | null => {
      const value = row.getAttribute(name);
      return value ? Number(value) : null;
    };
    const text = row.querySelector('.score')?.textContent ?? '';
    shown.set(id, { home: goals('data-home'), away: goals('data-away'), text });
  }
  return shown;
}

const HIGHLIGHT_MS = 5_000;

/** Marks a score as just changed, for a few seconds. */
export function highlightScore(score: Element): void {
  score.classList.add('score--changed');
  setTimeout(() => score.classList.remove('score--changed'), HIGHLIGHT_MS);
}

/** Marks for a few seconds the scores that differ from what the list showed before (`shown`). */
export function highlightChangedScores(
  list: Element,
  shown: ReadonlyMap<string, { text: string }>,
  matches: readonly Match[],
): void {
  for (const match of matches) {
    const before = shown.get(match.id);
    const score = findRow(list, match.id)?.querySelector('.score');
    if (before && score && before.text !== score.textContent) highlightScore(score);
  }
}
