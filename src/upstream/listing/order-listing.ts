/**
 * Pure: the matches read from a listing, in page order, → the listing's order. The featured
 * block ("Jogos em destaque") is a promotion, not the listing: a match keeps the position of its
 * own competition block, and competitions keep the order of their blocks on the page. A match
 * only the featured block shows goes after its competition's block, or, when its competition
 * has no block, where the featured block is. A match listed twice appears once.
 */
import type { Match } from '../../lib/model/model.ts';
import { finishSteps, type Steps } from '../../lib/model/steps.ts';
import { createCompetitionKeys } from '../../lib/model/match-order.ts';

/** Entries handled between two steps (a page at the size cap holds tens of thousands of rows). */
const ENTRIES_PER_STEP = 500;

export interface ListedMatch {
  match: Match;
  /** Read inside the featured block. */
  featured: boolean;
}

export function orderListing(entries: readonly ListedMatch[]): { ordered: ListedMatch[]; duplicates: number } {
  return finishSteps(orderListingSteps(entries));
}

/**
 * orderListing in steps, in time linear in the entries: no comparison sort of the matches (each
 * block's matches are already in page order), only of the blocks' positions.
 */
export function* orderListingSteps(
  entries: readonly ListedMatch[],
): Steps<{ ordered: ListedMatch[]; duplicates: number }> {
  const kept = new Map<string, ListedMatch & { index: number }>();
  let duplicates = 0;
  for (const [index, entry] of entries.entries()) {
    if (index % ENTRIES_PER_STEP === 0) yield;
    const seen = kept.get(entry.match.id);
    if (!seen) {
      kept.set(entry.match.id, { ...entry, index });
      continue;
    }
    duplicates++;
    // The competition's own block wins over the featured copy; a name known from either is kept.
    const [winner, other] = seen.featured && !entry.featured ? [{ ...entry, index }, seen] : [seen, entry];
    // A copy, not the read match changed: a listing's row cache hands the same match to its next read.
    const named =
      winner.match.competition.name === '' && other.match.competition.name !== ''
        ? {
            ...winner,
            match: {
              ...winner.match,
              competition: { ...winner.match.competition, name: other.match.competition.name },
            },
          }
        : winner;
    kept.set(entry.match.id, named);
  }
  // Page order of the entries kept (a copy that won keeps its own place): placed by index, not sorted.
  const byIndex: (ListedMatch & { index: number })[] = [];
  byIndex.length = entries.length;
  for (const entry of kept.values()) byIndex[entry.index] = entry;
  const inPageOrder = byIndex.filter((entry) => entry !== undefined);
  yield;

  const competitionKey = createCompetitionKeys();
  const blockPosition = new Map<string, number>();
  const featuredPosition = new Map<string, number>();
  for (const [at, { match, featured, index }] of inPageOrder.entries()) {
    if (at % ENTRIES_PER_STEP === 0) yield;
    const positions = featured ? featuredPosition : blockPosition;
    const key = competitionKey(match);
    if (!positions.has(key)) positions.set(key, index);
  }
  // Each match goes to its competition's position (its block's, else the featured block's): in
  // there, the block's own matches first, then those only the featured block showed, each in page order.
  const groups = new Map<number, { own: ListedMatch[]; featured: ListedMatch[] }>();
  for (const [at, entry] of inPageOrder.entries()) {
    if (at % ENTRIES_PER_STEP === 0) yield;
    const key = competitionKey(entry.match);
    const position = blockPosition.get(key) ?? featuredPosition.get(key) ?? entry.index;
    let group = groups.get(position);
    if (!group) {
      group = { own: [], featured: [] };
      groups.set(position, group);
    }
    (entry.featured ? group.featured : group.own).push({ match: entry.match, featured: entry.featured });
  }
  const positions = Float64Array.from(groups.keys()).sort();
  yield;
  const ordered: ListedMatch[] = [];
  for (const position of positions) {
    const group = groups.get(position);
    if (group) ordered.push(...group.own, ...group.featured);
  }
  return { ordered, duplicates };
}
