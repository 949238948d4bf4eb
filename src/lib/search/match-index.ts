/**
 * The MiniSearch index of one snapshot's matches: team names, competition and their aliases
 * as separate fields, so a hit says which side and which kind of name it came from. Built on
 * first search and kept per snapshot object (snapshots are immutable once read).
 */
import MiniSearch from 'minisearch';
import type { ListingName, Match, Snapshot } from '../model.ts';
import { competitionAliasText, isCategoryTeam, teamAliasText } from './aliases.ts';
import { splitWords } from './search-text.ts';

// model.ts's LISTING_NAMES would pull zod into the browser bundle; same order, restated.
export const SEARCH_ORDER: readonly ListingName[] = ['live', 'hoje', 'amanha'];

export const INDEX_FIELDS = ['home', 'away', 'competition', 'homeAlias', 'awayAlias', 'competitionAlias'] as const;
export type IndexField = (typeof INDEX_FIELDS)[number];

export interface IndexedMatch {
  match: Match;
  /** 0 live, 1 hoje, 2 amanha: the first listing the match appears in. */
  listingRank: number;
  homeWords: string[];
  awayWords: string[];
  /** A women's or youth side (Feminino, Sub-20): a club's first team ranks before them. */
  category: boolean;
}

export interface MatchIndex {
  engine: MiniSearch<IndexDocument>;
  matches: IndexedMatch[];
}

interface IndexDocument extends Record<IndexField, string> {
  id: number;
}

const indexes = new WeakMap<Snapshot, MatchIndex>();

export function buildMatchIndex(snapshot: Snapshot): MatchIndex {
  const seen = new Set<string>();
  const matches: IndexedMatch[] = [];
  SEARCH_ORDER.forEach((listing, listingRank) => {
    for (const match of snapshot[listing].matches) {
      if (seen.has(match.id)) continue;
      seen.add(match.id);
      const category = isCategoryTeam(match.homeTeam.name) || isCategoryTeam(match.awayTeam.name);
      matches.push({ match, listingRank, homeWords: splitWords(match.homeTeam.name), awayWords: splitWords(match.awayTeam.name), category });
    }
  });
  const engine = new MiniSearch<IndexDocument>({
    fields: [...INDEX_FIELDS],
    storeFields: [],
    tokenize: splitWords,
    // Texts are folded by the tokenizer; terms pass as they are.
    processTerm: (term) => term,
  });
  engine.addAll(
    matches.map(({ match }, id) => ({
      id,
      home: match.homeTeam.name,
      away: match.awayTeam.name,
      competition: match.competition.name,
      homeAlias: teamAliasText(match.homeTeam.name),
      awayAlias: teamAliasText(match.awayTeam.name),
      competitionAlias: competitionAliasText(match.competition.name),
    })),
  );
  return { engine, matches };
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
