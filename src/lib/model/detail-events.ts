/**
 * Pure: what a match page adds to the events. A GOAL names its scorer when the page read in the
 * same refresh lists exactly the goals the listing counts for that side (the n-th goal of the
 * side, in match order, is the n-th not cancelled on the page); a red card the page shows for the
 * first time since Placar began reading that page is a RED_CARD. Types only from the model, so
 * the browser can use it too.
 */
import type { Card, GoalScorer, MatchDetail, RedCard, TeamSide } from './model.ts';

/** The scorer of goal number `goalNumber` (1-based) of `team`, whose side now has `sideScore` goals; null if the page disagrees. */
export function findGoalScorer(
  detail: MatchDetail,
  team: TeamSide,
  goalNumber: number,
  sideScore: number | null,
): GoalScorer | null {
  const counted = detail.goals.filter((goal) => goal.team === team && !goal.cancelled);
  if (sideScore === null || counted.length !== sideScore) return null;
  const goal = counted[goalNumber - 1];
  if (!goal) return null;
  return {
    player: goal.player,
    minute: goal.minute,
    injuryTime: goal.injuryTime,
    ownGoal: goal.ownGoal,
    penalty: goal.penalty,
  };
}

/** A red card's identity on a page, stable across readings of it. */
export function redCardKey(card: Card): string {
  return [card.team, card.player, card.minute, card.injuryTime ?? ''].join('|');
}

/** The red cards of `detail`, in match order. */
export function redCardsOf(detail: MatchDetail): Card[] {
  return detail.cards.filter((card) => card.color === 'RED');
}

/** The red cards of `detail` whose key is not in `seen`. */
export function findNewRedCards(detail: MatchDetail, seen: ReadonlySet<string>): Card[] {
  return redCardsOf(detail).filter((card) => !seen.has(redCardKey(card)));
}

export function buildRedCard(card: Card): RedCard {
  return { player: card.player, minute: card.minute, injuryTime: card.injuryTime, secondYellow: card.secondYellow };
}
