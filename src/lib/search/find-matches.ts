/**
 * The query language and ranking over a snapshot's MiniSearch index (docs/api.md, "Query language" and "Ranking").
 * Every query word must start a word of a team, the competition or their aliases (1–2 letter
 * words: the whole word), with typo tolerance for long words; "a x b" asks for one match with
 * a side matching each term. Results are ordered by tier, then first teams before women's and
 * youth sides, then live/hoje/amanha/ontem, then play order (match-order.ts: started first, then kickoff).
 */
import type { Match, Snapshot } from '../model/model.ts';
import { inPlayOrder } from '../model/match-order.ts';
import { isTeamNameOrAlias } from './aliases.ts';
import { matchIndexOf, type IndexedMatch, type MatchIndex, type RankTier, type WordHit } from './match-index.ts';
import { parseQuery, wordsKey } from './search-text.ts';

/** Ranking tiers, best first; the tier of a match is its worst team word. */
export const RANK_TIERS = { fullTeamName: 0, teamWord: 1, alias: 2, typo: 3, competitionOnly: 4 } as const;
type Tier = RankTier;

/** Allowed edits: none under 5 letters, one from 5, two from 9. */
export function allowedEdits(word: string): number {
  if (word.length >= 9) return 2;
  return word.length >= 5 ? 1 : 0;
}

const better = (a: Tier | null, b: Tier): Tier => (a === null || b < a ? b : a);

/** Bounds the per-snapshot memo of word hits whatever clients type. */
const MAX_MEMO_WORDS = 2_000;

export function hitsOf(index: MatchIndex, word: string): ReadonlyMap<number, WordHit> {
  const memo = index.wordHits.get(word);
  if (memo) return memo;
  const hits = searchWord(index, word);
  if (index.wordHits.size >= MAX_MEMO_WORDS) index.wordHits.clear();
  index.wordHits.set(word, hits);
  return hits;
}

function searchWord(index: MatchIndex, word: string): Map<number, WordHit> {
  const prefix = word.length >= 3;
  const edits = allowedEdits(word);
  const results = index.engine.search(word, { prefix, fuzzy: edits === 0 ? false : edits, combineWith: 'OR' });
  const hits = new Map<number, WordHit>();
  const hitOf = (matchId: number): WordHit => {
    let hit = hits.get(matchId);
    if (!hit) {
      hit = { home: null, away: null, competition: false };
      hits.set(matchId, hit);
    }
    return hit;
  };
  for (const result of results) {
    const name = index.names[Number(result.id)];
    if (!name) continue;
    // The best way this word hit this name: its own words before its aliases, literal before typo.
    let tier: Tier | null = null;
    for (const [term, fields] of Object.entries(result.match)) {
      // MiniSearch also returns prefix hits for the fuzzy variants: only the word itself may be a prefix.
      const literal = term === word || (prefix && term.startsWith(word));
      for (const field of fields) {
        tier = better(tier, !literal ? RANK_TIERS.typo : field === 'alias' ? RANK_TIERS.alias : RANK_TIERS.teamWord);
      }
    }
    if (tier === null) continue;
    for (const [matchId, side] of name.appearances) {
      const hit = hitOf(matchId);
      if (side === null) hit.competition = true;
      else hit[side] = better(hit[side], tier);
    }
  }
  return hits;
}

/**
 * Words that are exactly a team's name or nickname: their wordsKey, and whether a team of the
 * snapshot has that very name (`ownName`).
 */
interface ExactTeam {
  key: string;
  ownName: boolean;
}

/**
 * The ExactTeam of `words` when they are exactly a team's name or nickname (in the alias data or
 * the snapshot), else null. Then only the teams they name count (namesTeam): a typo-tolerant
 * match, a prefix or a word inside another club's longer nickname never beats an exact name —
 * "barça" is Barcelona, never Vitória (the "Leão da Barra", one edit away).
 */
function exactTeamOf(index: MatchIndex, words: readonly string[]): ExactTeam | null {
  const key = wordsKey(words);
  const ownName = index.teamKeys.has(key);
  return ownName || isTeamNameOrAlias(key) ? { key, ownName } : null;
}

/**
 * Whether `exact` is a side's team's name or nickname. A team of the snapshot called exactly so
 * outranks another club's nickname: on a day Braga plays, "braga" is Braga, not Bragantino
 * (whose nickname it also is); other spellings of the name still count ("atletico mineiro").
 */
function isExactlyNamed(indexed: IndexedMatch, side: 'home' | 'away', exact: ExactTeam): boolean {
  const keys = exact.ownName
    ? side === 'home'
      ? indexed.homeSpellingKeys
      : indexed.awaySpellingKeys
    : side === 'home'
      ? indexed.homeExactKeys
      : indexed.awayExactKeys;
  return keys.includes(exact.key);
}

/** Whether a side's team is one `words` name: exactly (name or nickname), or by whole words of its own name. */
function namesTeam(indexed: IndexedMatch, side: 'home' | 'away', words: readonly string[], exact: ExactTeam): boolean {
  if (isExactlyNamed(indexed, side, exact)) return true;
  const own = (side === 'home' ? indexed.homeKey : indexed.awayKey).split(' ');
  return words.every((word) => own.includes(word));
}

/** The tier of a match for plain words, or null when a word does not hit it. */
function wordsTier(
  indexed: IndexedMatch,
  words: readonly string[],
  hits: readonly WordHit[],
  exact: ExactTeam | null,
): Tier | null {
  const teamWords: string[] = [];
  let worst: Tier = RANK_TIERS.fullTeamName;
  for (const [i, hit] of hits.entries()) {
    const team = hit.home === null ? hit.away : hit.away === null ? hit.home : better(hit.home, hit.away);
    // A word that names the competition is not a (mistyped) team word.
    if (team === null || (team === RANK_TIERS.typo && hit.competition)) {
      if (!hit.competition) return null;
      continue;
    }
    teamWords.push(words[i] ?? '');
    if (team > worst) worst = team;
  }
  if (teamWords.length === 0) return RANK_TIERS.competitionOnly;
  if (exact !== null) {
    if (!namesTeam(indexed, 'home', words, exact) && !namesTeam(indexed, 'away', words, exact))
      return hits.every((hit) => hit.competition) ? RANK_TIERS.competitionOnly : null;
    // The whole query is this team's name or nickname: as good as its name ("sp" is São Paulo before Botafogo-SP).
    if (isExactlyNamed(indexed, 'home', exact) || isExactlyNamed(indexed, 'away', exact))
      return RANK_TIERS.fullTeamName;
  }
  if (worst === RANK_TIERS.teamWord) {
    const key = wordsKey(teamWords);
    if (key === indexed.homeKey || key === indexed.awayKey) return RANK_TIERS.fullTeamName;
  }
  return worst;
}

/** The tier of a match for "a x b" with `first` on one side and `second` on the other, either way round. */
function fixtureTier(
  index: MatchIndex,
  indexed: IndexedMatch,
  sides: readonly [string[], string[]],
  first: readonly WordHit[],
  second: readonly WordHit[],
): Tier | null {
  const sideTier = (hits: readonly WordHit[], side: 'home' | 'away', words: readonly string[]): Tier | null => {
    const exact = exactTeamOf(index, words);
    if (exact !== null && !namesTeam(indexed, side, words, exact)) return null;
    let worst: Tier = RANK_TIERS.teamWord;
    for (const hit of hits) {
      const tier = hit[side];
      if (tier === null) return null;
      if (tier > worst) worst = tier;
    }
    const teamKey = side === 'home' ? indexed.homeKey : indexed.awayKey;
    return worst === RANK_TIERS.teamWord && wordsKey(words) === teamKey ? RANK_TIERS.fullTeamName : worst;
  };
  const orientations = [
    [sideTier(first, 'home', sides[0]), sideTier(second, 'away', sides[1])],
    [sideTier(first, 'away', sides[0]), sideTier(second, 'home', sides[1])],
  ];
  let best: Tier | null = null;
  for (const [a, b] of orientations) {
    if (a === null || b === null || a === undefined || b === undefined) continue;
    // biome-ignore lint/complexity/useMathMinMax: Math.max would widen the tier to a plain number.
    const tier = a > b ? a : b;
    best = best === null || tier < best ? tier : best;
  }
  return best;
}

export interface RankedMatch {
  match: Match;
  tier: Tier;
}

/** Every match the query finds, best first (tier, then live/hoje/amanha/ontem, then play order). */
export function rankMatches(snapshot: Snapshot, query: string): RankedMatch[] {
  const parsed = parseQuery(query);
  const words = parsed.kind === 'words' ? parsed.words : [...parsed.sides[0], ...parsed.sides[1]];
  if (words.length === 0) return [];
  const index = matchIndexOf(snapshot);
  const hitMaps = words.map((word) => hitsOf(index, word));
  const candidates = [...(hitMaps[0]?.keys() ?? [])].filter((id) => hitMaps.every((hits) => hits.has(id)));
  const exact = parsed.kind === 'words' ? exactTeamOf(index, words) : null;
  // Every word names a competition of the day ("paulista"): a team found only through a nickname
  // ("Tricolor Paulista") or a typo is not what was asked for.
  const asksCompetition =
    parsed.kind === 'words' && hitMaps.every((hits) => [...hits.values()].some((hit) => hit.competition));
  const ranked: Array<RankedMatch & { indexed: IndexedMatch; id: number }> = [];
  for (const id of candidates) {
    const indexed = index.matches[id];
    if (!indexed) continue;
    const hits = hitMaps.map((map) => map.get(id) as WordHit);
    const tier =
      parsed.kind === 'words'
        ? wordsTier(indexed, words, hits, exact)
        : fixtureTier(
            index,
            indexed,
            parsed.sides,
            hits.slice(0, parsed.sides[0].length),
            hits.slice(parsed.sides[0].length),
          );
    if (tier === null || (asksCompetition && (tier === RANK_TIERS.alias || tier === RANK_TIERS.typo))) continue;
    ranked.push({ id, indexed, match: indexed.match, tier });
  }
  ranked.sort(
    (a, b) =>
      a.tier - b.tier ||
      Number(a.indexed.category) - Number(b.indexed.category) ||
      a.indexed.listingRank - b.indexed.listingRank ||
      a.id - b.id,
  );
  return inPlayOrderPerRank(ranked).map(({ match, tier }) => ({ match, tier }));
}

type RankedEntry = RankedMatch & { indexed: IndexedMatch };

/** Each run of results that rank alike (tier, category, listing), in the listings' upstream order, put in play order. */
function inPlayOrderPerRank<T extends RankedEntry>(ranked: readonly T[]): T[] {
  const ordered: T[] = [];
  let run: T[] = [];
  const alike = (a: T, b: T): boolean =>
    a.tier === b.tier && a.indexed.category === b.indexed.category && a.indexed.listingRank === b.indexed.listingRank;
  for (const entry of ranked) {
    const first = run[0];
    if (first && !alike(first, entry)) {
      ordered.push(...inPlayOrder(run, ({ match }) => match));
      run = [];
    }
    run.push(entry);
  }
  ordered.push(...inPlayOrder(run, ({ match }) => match));
  return ordered;
}
