/**
 * Pure: the matches read from a listing, in page order, → the listing's order. The featured
 * block ("Jogos em destaque") is a promotion, not the listing: a match keeps the position of its
 * own competition block, and competitions keep the order of their blocks on the page. A match
 * only the featured block shows goes after its competition's block, or, when its competition
 * has no block, where the featured block is. A match listed twice appears once.
 */
import type { Match } from '../../lib/model/model.ts';
import { finishSteps, type Steps } from '../../lib/model/steps.ts';

/** Entries handled between two steps (a 5 MB page holds about 40k rows). */
const ENTRIES_PER_STEP = 500;

export interface ListedMatch {
  match: Match;
  /** Read inside the featured block. */
  featured: boolean;
}

/**
 * A competition is its name and its slug: two blocks with one name but other slugs stay apart.
 * Each name is lowercased once: a locale-aware lowercasing costs microseconds, a day has thousands
 * of matches and a few dozen competitions.
 */
function createCompetitionKeys(): (match: Match) => string {
  const lowered = new Map<string, string>();
  return ({ competition: { slug, name } }) => {
    let lower = lowered.get(name);
    if (lower === undefined) {
      lower = name.toLocaleLowerCase('pt-BR');
      lowered.set(name, lower);
    }
    return `${slug}\n${lower}`;
  };
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

/** Kick-off instants compared as instants (every kickoff carries its offset). */
function kickoffTime(match: Match): number {
  return match.kickoff === null ? Number.NaN : Date.parse(match.kickoff);
}

/**
 * The listing with each competition's matches in kick-off order, live and finished ones too (by
 * the kick-off Placar knows for them); matches whose kick-off is unknown follow the known ones, in
 * the upstream's order, and equal kick-offs keep it too. Competitions keep their order (the first
 * place each one appears). Run once the kick-offs the listing does not show are filled in
 * (src/refresh/scrape/scrape.ts): the parser alone knows none for matches under way.
 */
export function inKickoffOrder(matches: readonly Match[]): Match[] {
  const competitionKey = createCompetitionKeys();
  const groups = new Map<string, { match: Match; index: number; time: number }[]>();
  for (const [index, match] of matches.entries()) {
    const key = competitionKey(match);
    let group = groups.get(key);
    if (!group) {
      group = [];
      groups.set(key, group);
    }
    group.push({ match, index, time: kickoffTime(match) });
  }
  const byKickoff = (a: { index: number; time: number }, b: { index: number; time: number }): number => {
    const aKnown = !Number.isNaN(a.time);
    const bKnown = !Number.isNaN(b.time);
    if (aKnown !== bKnown) return aKnown ? -1 : 1;
    return (aKnown && bKnown ? a.time - b.time : 0) || a.index - b.index;
  };
  return [...groups.values()].flatMap((group) => group.sort(byKickoff).map(({ match }) => match));
}
