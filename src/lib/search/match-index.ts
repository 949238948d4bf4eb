/**
 * The search index of one snapshot. MiniSearch indexes the *names* — each distinct team and
 * competition once, with its aliases as a second field — not the matches: a day repeats the
 * same few hundred names over its matches, so a search touches far fewer documents. Each
 * name knows its matches (and, for a team, on which side). Built on first search and kept per
 * snapshot object (snapshots are immutable once read).
 */
import MiniSearch from 'minisearch';
import type { ListingName, Match, Snapshot } from '../model/model.ts';
import { competitionAliasText, isCategoryTeam, teamAliasText } from './aliases.ts';
import { splitWords } from './search-text.ts';

// model.ts's LISTING_NAMES would pull zod into the browser bundle; same order, restated.
export const SEARCH_ORDER: readonly ListingName[] = ['live', 'hoje', 'amanha', 'ontem'];

export interface IndexedMatch {
  match: Match;
  /** 0 live, 1 hoje, 2 amanha, 3 ontem: the first listing the match appears in. */
  listingRank: number;
  /** Kickoff as epoch ms (Infinity when unknown), for the tie-break. */
  kickoffAt: number;
  /** The team's words, sorted and joined: "exact team name" is a comparison of keys. */
  homeKey: string;
  awayKey: string;
  /** A women's or youth side (Feminino, Sub-20): a club's first team ranks before them. */
  category: boolean;
}

/** A team or competition name and the matches it appears in (by index into `matches`). */
export interface IndexedName {
  kind: 'team' | 'competition';
  /** For a team: [match, side] pairs; for a competition: side is null. */
  appearances: Array<[number, 'home' | 'away' | null]>;
}

interface NameDocument {
  id: number;
  name: string;
  alias: string;
}

/** Ranking tiers, best first (named in find-matches.ts's RANK_TIERS). */
export type RankTier = 0 | 1 | 2 | 3 | 4;

/** How one query word hit one match: the best tier per side, and whether the competition matched. */
export interface WordHit {
  home: RankTier | null;
  away: RankTier | null;
  competition: boolean;
}

export interface MatchIndex {
  engine: MiniSearch<NameDocument>;
  names: IndexedName[];
  matches: IndexedMatch[];
  /** What each query word hit, kept for the snapshot's life: many people search the same words in a minute. */
  wordHits: Map<string, ReadonlyMap<number, WordHit>>;
}

/** Words in a canonical order, so that "paulo sao" and "São Paulo" have the same key. */
export function wordsKey(words: readonly string[]): string {
  return [...words].sort().join(' ');
}

const indexes = new WeakMap<Snapshot, MatchIndex>();

export function buildMatchIndex(snapshot: Snapshot): MatchIndex {
  const seen = new Set<string>();
  const matches: IndexedMatch[] = [];
  const names: IndexedName[] = [];
  const documents: NameDocument[] = [];
  const nameIds = new Map<string, number>();
  const appear = (kind: IndexedName['kind'], name: string, at: [number, 'home' | 'away' | null]): void => {
    const key = `${kind}:${name}`;
    let id = nameIds.get(key);
    if (id === undefined) {
      id = names.length;
      nameIds.set(key, id);
      names.push({ kind, appearances: [] });
      documents.push({ id, name, alias: kind === 'team' ? teamAliasText(name) : competitionAliasText(name) });
    }
    names[id]?.appearances.push(at);
  };
  SEARCH_ORDER.forEach((listing, listingRank) => {
    for (const match of snapshot[listing].matches) {
      if (seen.has(match.id)) continue;
      seen.add(match.id);
      const at = matches.length;
      matches.push({
        match,
        listingRank,
        kickoffAt: match.kickoff === null ? Number.POSITIVE_INFINITY : Date.parse(match.kickoff),
        homeKey: wordsKey(splitWords(match.homeTeam.name)),
        awayKey: wordsKey(splitWords(match.awayTeam.name)),
        category: isCategoryTeam(match.homeTeam.name) || isCategoryTeam(match.awayTeam.name),
      });
      appear('team', match.homeTeam.name, [at, 'home']);
      appear('team', match.awayTeam.name, [at, 'away']);
      appear('competition', match.competition.name, [at, null]);
    }
  });
  const engine = new MiniSearch<NameDocument>({
    fields: ['name', 'alias'],
    storeFields: [],
    tokenize: splitWords,
    // Texts are folded by the tokenizer; terms pass as they are.
    processTerm: (term) => term,
  });
  engine.addAll(documents);
  return { engine, names, matches, wordHits: new Map() };
}

/** The snapshot's index, built once per snapshot object. */
export function matchIndexOf(snapshot: Snapshot): MatchIndex {
  let index = indexes.get(snapshot);
  if (!index) {
    index = buildMatchIndex(snapshot);
    indexes.set(snapshot, index);
  }
  return index;
}

/** Whether the snapshot's index is built already (the server prepares it before serving a snapshot). */
export function hasMatchIndex(snapshot: Snapshot): boolean {
  return indexes.has(snapshot);
}
