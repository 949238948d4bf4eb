/**
 * Pure: whether a match page's goals contradict a score Placar already holds. The goals not
 * cancelled of each side must add up to the listing's score (when the listing shows one) and to
 * the page's own scoreboard (when it shows one); a page that says otherwise is read wrong, or
 * out of step, and must not be published as the match's story.
 */
import type { MatchDetail } from '../../lib/model/model.ts';

export interface ShownScore {
  home: number | null;
  away: number | null;
}

/** Goals that count, per side (an own goal counts for the side it is listed under). */
export function countedGoals(detail: Pick<MatchDetail, 'goals'>): { home: number; away: number } {
  let home = 0;
  let away = 0;
  for (const goal of detail.goals) {
    if (goal.cancelled) continue;
    if (goal.team === 'HOME') home++;
    else away++;
  }
  return { home, away };
}

/** null when the goals agree with every score given; else why not, pt-BR. */
export function findScoreContradiction(
  detail: Pick<MatchDetail, 'goals'>,
  listingScore: ShownScore | null,
  pageScore: ShownScore | null,
): string | null {
  const goals = countedGoals(detail);
  const read = `os gols lidos (${goals.home} x ${goals.away})`;
  const reasons: string[] = [];
  for (const [score, where] of [
    [listingScore, 'o placar da listagem'],
    [pageScore, 'o placar da própria página'],
  ] as const) {
    if (score?.home == null || score.away == null) continue;
    if (score.home !== goals.home || score.away !== goals.away)
      reasons.push(`${where} (${score.home} x ${score.away})`);
  }
  return reasons.length === 0 ? null : `${read} não batem com ${reasons.join(' nem com ')}`;
}
