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

/** Kick-off instants compared as instants (every kickoff carries its offset). */
function kickoffTime(match: Match): number {
  return match.kickoff === null ? Number.NaN : Date.parse(match.kickoff);
}

/**
 * The listing with each competition's matches in kick-off order, live and finished ones too (by
 * the kick-off Placar knows for them); matches whose kick-off is unknown follow the known ones, in
 * the upstream's order, and equal kick-offs keep it too. Competitions keep their order (the first
 * place each one appears). Run once the kick-offs the listing does not show are filled in
 * (src/pipeline/scrape.ts): the parser alone knows none for matches under way.
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
