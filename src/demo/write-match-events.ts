/**
 * The event rows of a demo match page, in either layout the upstream has used (the markup the
 * parser reads, src/upstream/match-page/parse-match-event.ts): one row per goal, card or substitution, in
 * match order, the player's cell on his side, qualifying words after the name.
 *   newer  div.row.align-items-center.content > .event-line.text-right | .match-card-events-space | .event-line.text-left,
 *          kinds as images (goal.png, own-goal.png, yellowcard.png, redcard.png, yellowred.png)
 *   older  flat triples of div.w-25.match-card-events-home-team (p) | -space (strong) | -away-team,
 *          kinds as Font Awesome icons (fa-futbol, own-goal, yellow-card, red-card, substitution-in/-out)
 * Also the icons beside a player's name in the lineups (his goals, cards and substitution).
 */
import type { Card, Goal, MatchDetail, Substitution, TeamSide } from '../lib/model/model.ts';
import { escapeHtml } from './escape-html.ts';

export type MatchPageLayout = 'newer' | 'older';

type PageEvent =
  | { kind: 'goal'; event: Goal }
  | { kind: 'card'; event: Card }
  | { kind: 'substitution'; event: Substitution };

const SUB_IN = '<i class="fas fa-long-arrow-alt-up substitution-in"></i>';
const SUB_OUT = '<i class="fas fa-long-arrow-alt-down substitution-out"></i>';
const image = (file: string): string => `<img src="/images/${file}.png" alt="" width="16">`;

function cardImage(card: Pick<Card, 'color' | 'secondYellow'>): string {
  return image(card.secondYellow ? 'yellowred' : card.color === 'RED' ? 'redcard' : 'yellowcard');
}

function cardIcons(card: Pick<Card, 'color' | 'secondYellow'>): string {
  const yellow = '<i class="fa fa-square yellow-card"></i>';
  const red = '<i class="fa fa-square red-card"></i>';
  return card.secondYellow ? yellow + red : card.color === 'RED' ? red : yellow;
}

function goalWords(goal: Goal): string {
  const words = [
    goal.penalty ? ' (pênalti)' : '',
    goal.ownGoal ? ' (contra)' : '',
    goal.cancelled ? ' (gol anulado)' : '',
  ];
  return escapeHtml(goal.player) + words.join('');
}

const minuteText = ({ minute, injuryTime }: { minute: number; injuryTime: number | null }): string =>
  injuryTime === null ? `${minute}'` : `${minute}+${injuryTime}'`;

/** The player's cell content, in the newer layout. */
function newerCell(item: PageEvent): string {
  if (item.kind === 'goal') {
    // The upstream writes a goal taken back with words only (see the reference sample).
    const icon = item.event.cancelled ? '' : ` ${image(item.event.ownGoal ? 'own-goal' : 'goal')}`;
    return goalWords(item.event) + icon;
  }
  if (item.kind === 'card') return `${escapeHtml(item.event.player)} ${cardImage(item.event)}`;
  return `${SUB_IN} ${escapeHtml(item.event.playerIn)} ${SUB_OUT} ${escapeHtml(item.event.playerOut)}`;
}

/** The player's cell content, in the older layout. */
function olderCell(item: PageEvent): string {
  if (item.kind === 'goal') {
    return `<p>${goalWords(item.event)} <i class="fa fa-futbol${item.event.ownGoal ? ' own-goal' : ''}"></i></p>`;
  }
  if (item.kind === 'card') return `<p>${cardIcons(item.event)} ${escapeHtml(item.event.player)}</p>`;
  return `<p>${SUB_IN} ${escapeHtml(item.event.playerIn)}</p><p>${SUB_OUT} ${escapeHtml(item.event.playerOut)}</p>`;
}

/** Goals, cards and substitutions in one list, in match order (each list already is). */
function inMatchOrder(detail: MatchDetail): PageEvent[] {
  const events: PageEvent[] = [
    ...detail.goals.map((event) => ({ kind: 'goal', event }) as const),
    ...detail.cards.map((event) => ({ kind: 'card', event }) as const),
    ...detail.substitutions.map((event) => ({ kind: 'substitution', event }) as const),
  ];
  return events.sort(
    (a, b) => a.event.minute - b.event.minute || (a.event.injuryTime ?? -1) - (b.event.injuryTime ?? -1),
  );
}

export function writeEventRows(detail: MatchDetail, layout: MatchPageLayout): string {
  return inMatchOrder(detail)
    .map((item) => {
      const home = item.event.team === 'HOME';
      const minute = minuteText(item.event);
      if (layout === 'newer') {
        const cell = newerCell(item);
        return (
          `<div class="row align-items-center content"><div class="col-5 event-line text-right">${home ? cell : ''}</div>` +
          `<div class="col-2 match-card-events-space text-center">${minute}</div>` +
          `<div class="col-5 event-line text-left">${home ? '' : cell}</div></div>`
        );
      }
      const cell = olderCell(item);
      return (
        `\n<div class="w-25 p-1 match-card-events-home-team">${home ? cell : ''}</div>` +
        `<div class="w-25 p-1 match-card-events-space"><strong>${minute}</strong></div>` +
        `<div class="w-25 p-1 match-card-events-away-team">${home ? '' : cell}</div>`
      );
    })
    .join('\n');
}

/** What the lineup shows beside each player of `side`: his goals, cards and substitution. */
export function lineupIcons(detail: MatchDetail, side: TeamSide, layout: MatchPageLayout): Map<string, string> {
  const icons = new Map<string, string>();
  const add = (name: string, icon: string): void => void icons.set(name, `${icons.get(name) ?? ''} ${icon}`);
  for (const goal of detail.goals) {
    const scorerSide = goal.ownGoal ? (goal.team === 'HOME' ? 'AWAY' : 'HOME') : goal.team;
    if (goal.cancelled || scorerSide !== side) continue;
    const own = goal.ownGoal;
    add(
      goal.player,
      layout === 'newer' ? image(own ? 'own-goal' : 'goal') : `<i class="fa fa-futbol${own ? ' own-goal' : ''}"></i>`,
    );
  }
  for (const card of detail.cards) {
    if (card.team === side) add(card.player, layout === 'newer' ? cardImage(card) : cardIcons(card));
  }
  for (const substitution of detail.substitutions) {
    if (substitution.team !== side) continue;
    add(substitution.playerOut, SUB_OUT);
    add(substitution.playerIn, SUB_IN);
  }
  return icons;
}
