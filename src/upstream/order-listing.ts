/**
 * Pure: the matches read from a listing, in page order, → the listing's order. The featured
 * block ("Jogos em destaque") is a promotion, not the listing: a match keeps the position of its
 * own competition block, and competitions keep the order of their blocks on the page. A match
 * only the featured block shows goes after its competition's block, or, when its competition
 * has no block, where the featured block is. A match listed twice appears once.
 */
import type { Match } from '../lib/model/model.ts';

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

function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}

export function orderListing(entries: readonly ListedMatch[]): { ordered: ListedMatch[]; duplicates: number } {
  const kept = new Map<string, ListedMatch & { index: number }>();
  let duplicates = 0;
  for (const [index, entry] of entries.entries()) {
    const seen = kept.get(entry.match.id);
    if (!seen) {
      kept.set(entry.match.id, { ...entry, index });
      continue;
    }
    duplicates++;
    // The competition's own block wins over the featured copy; a name known from either is kept.
    const [winner, other] = seen.featured && !entry.featured ? [{ ...entry, index }, seen] : [seen, entry];
    if (winner.match.competition.name === '') winner.match.competition.name = other.match.competition.name;
    kept.set(entry.match.id, winner);
  }

  const competitionKey = createCompetitionKeys();
  const blockPosition = new Map<string, number>();
  const featuredPosition = new Map<string, number>();
  for (const { match, featured, index } of kept.values()) {
    const positions = featured ? featuredPosition : blockPosition;
    const key = competitionKey(match);
    positions.set(key, Math.min(positions.get(key) ?? index, index));
  }
  const rank = (entry: ListedMatch & { index: number }): number[] => {
    const key = competitionKey(entry.match);
    return [blockPosition.get(key) ?? featuredPosition.get(key) ?? entry.index, entry.featured ? 1 : 0, entry.index];
  };
  const ordered = [...kept.values()]
    .map((entry) => ({ entry, key: rank(entry) }))
    .sort((a, b) => compareKeys(a.key, b.key))
    .map(({ entry }) => ({ match: entry.match, featured: entry.featured }));
  return { ordered, duplicates };
}
