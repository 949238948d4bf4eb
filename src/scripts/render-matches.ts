/**
 * Browser rendering of a match list from API data, cloning the <template>s that
 * MatchTemplates.astro renders from MatchRow.astro. Data only ever goes into textContent
 * and attributes, never into HTML.
 */
import { buildScoreText, buildStatusBadge, groupByCompetition, type GoalCount } from '../lib/match-display.ts';
import type { Match, Team } from '../lib/model.ts';

function cloneTemplate(id: string): Element {
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
  if (team.crest === null) crest.remove();
  else crest.setAttribute('src', team.crest);
}

function buildRow(match: Match, today: string | null): Element {
  const row = cloneTemplate('match-template');
  row.setAttribute('data-id', match.id);
  row.setAttribute('data-home', String(match.score.home ?? ''));
  row.setAttribute('data-away', String(match.score.away ?? ''));
  row.querySelector('a')?.setAttribute('href', match.url);
  const badge = buildStatusBadge(match, today);
  const badgeElement = row.querySelector('.badge');
  if (badgeElement) {
    badgeElement.className = `badge badge--${badge.tone}`;
    badgeElement.textContent = badge.text;
  }
  fillTeam(row.querySelector('.team--home'), match.homeTeam);
  fillTeam(row.querySelector('.team--away'), match.awayTeam);
  const score = row.querySelector('.score');
  if (score) score.textContent = buildScoreText(match);
  return row;
}

/** Replaces the list's content; keeps keyboard focus on the same match when it is still listed. */
export function renderMatchList(list: Element, matches: readonly Match[], today: string | null): void {
  const focusedId = document.activeElement?.closest('.match')?.getAttribute('data-id');
  const groups = groupByCompetition(matches).map((group) => {
    const section = cloneTemplate('competition-template');
    const heading = section.querySelector('.competition-name');
    if (heading) heading.textContent = group.name;
    section.querySelector('.matches')?.append(...group.matches.map((match) => buildRow(match, today)));
    return section;
  });
  list.replaceChildren(...groups);
  if (focusedId) findRow(list, focusedId)?.querySelector('a')?.focus();
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
    shown.set(id, { home: goals('data-home'), away: goals('data-away'), text: row.querySelector('.score')?.textContent ?? '' });
  }
  return shown;
}

const HIGHLIGHT_MS = 5_000;

/** Marks for a few seconds the scores that differ from what the list showed before (`shown`). */
export function highlightChangedScores(list: Element, shown: ReadonlyMap<string, { text: string }>, matches: readonly Match[]): void {
  for (const match of matches) {
    const before = shown.get(match.id);
    const score = findRow(list, match.id)?.querySelector('.score');
    if (!before || !score || before.text === score.textContent) continue;
    score.classList.add('score--changed');
    setTimeout(() => score.classList.remove('score--changed'), HIGHLIGHT_MS);
  }
}
