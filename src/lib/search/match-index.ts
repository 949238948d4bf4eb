/**
 * The search index of one snapshot. MiniSearch indexes the *names* — each distinct team and
 * competition once, with its aliases as a second field — not the matches: a day repeats the
 * same few hundred names over its matches, so a search touches far fewer documents. Each
 * name knows its matches (and, for a team, on which side). Built once per snapshot object
 * (snapshots are immutable once read) — by a server before it serves that snapshot, in steps
 * (buildMatchIndexSteps), or else on first search.
 */
import MiniSearch from 'minisearch';
import type { ListingName, Match, Snapshot } from '../model/model.ts';
import {
  competitionAliasText,
  isCategoryTeam,
  teamAliasText,
  teamNameAndAliasKeys,
  teamSpellingKeysOf,
} from './aliases.ts';
import { splitWords, wordsKey } from './search-text.ts';
import { finishSteps, type Steps } from '../model/steps.ts';

// model.ts's LISTING_NAMES would pull zod into the browser bundle; same order, restated.
export const SEARCH_ORDER: readonly ListingName[] = ['live', 'hoje', 'amanha', 'ontem'];

export interface IndexedMatch {
  match: Match;
  /** 0 live, 1 hoje, 2 amanha, 3 ontem: the first listing the match appears in. */
  listingRank: number;
  /** The team's words, sorted and joined: "exact team name" is a comparison of keys. */
  homeKey: string;
  awayKey: string;
  /** wordsKey of each team's own name and of every name and nickname the alias data gives it. */
  homeExactKeys: readonly string[];
  awayExactKeys: readonly string[];
  /** The same without the nicknames: the team's own name and the alias data's other spellings of it. */
  homeSpellingKeys: readonly string[];
  awaySpellingKeys: readonly string[];
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
  /** What the engine indexes (id = position): an index of the same names may share the engine. */
  documents: readonly NameDocument[];
  names: IndexedName[];
  matches: IndexedMatch[];
  /** What each query word hit, kept for the snapshot's life: many people search the same words in a minute. */
  wordHits: Map<string, ReadonlyMap<number, WordHit>>;
  /** wordsKey of every team's own name: a query equal to one names that team exactly. */
  teamKeys: ReadonlySet<string>;
}

const indexes = new WeakMap<Snapshot, MatchIndex>();

/** What the index derives from one name (pure): kept, as the same names come back in every snapshot. */
interface NameFacts {
  /** wordsKey of the name's words. */
  key: string;
  /** `key` and, for a team in the alias data, the wordsKey of its every name and nickname. */
  exactKeys: readonly string[];
  /** `key` and the wordsKey of the alias data's other names of the team (no nickname). */
  spellingKeys: readonly string[];
  category: boolean;
  teamAlias: string;
  competitionAlias: string;
}

const nameFacts = new Map<string, NameFacts>();
/** A day has a few thousand names: far more means the cache only collects, so it starts over. */
const MAX_KEPT_NAMES = 50_000;

function factsOf(name: string): NameFacts {
  let facts = nameFacts.get(name);
  if (!facts) {
    if (nameFacts.size >= MAX_KEPT_NAMES) nameFacts.clear();
    const key = wordsKey(splitWords(name));
    facts = {
      key,
      exactKeys: [key, ...teamNameAndAliasKeys(name)],
      spellingKeys: [key, ...teamSpellingKeysOf(name)],
      category: isCategoryTeam(name),
      teamAlias: teamAliasText(name),
      competitionAlias: competitionAliasText(name),
    };
    nameFacts.set(name, facts);
  }
  return facts;
}

/** Matches or names handled between two steps (well under a millisecond of work). */
const STEP_ITEMS = 64;

export function buildMatchIndex(snapshot: Snapshot): MatchIndex {
  return finishSteps(buildMatchIndexSteps(snapshot));
}

const sameDocuments = (a: readonly NameDocument[], b: readonly NameDocument[]): boolean =>
  a.length === b.length && a.every((document, id) => document.name === b[id]?.name && document.alias === b[id]?.alias);

/**
 * buildMatchIndex in steps of STEP_ITEMS matches, then of STEP_ITEMS names. The engine of
 * `previous` is taken as it is when its names are this snapshot's, in the same order — the
 * usual case from one refresh to the next (only scores and minutes changed); engines are
 * never changed once built.
 */
export function* buildMatchIndexSteps(snapshot: Snapshot, previous: MatchIndex | null = null): Steps<MatchIndex> {
  const seen = new Set<string>();
  const matches: IndexedMatch[] = [];
  const names: IndexedName[] = [];
  const documents: NameDocument[] = [];
  const nameIds = new Map<string, number>();
  const teamKeys = new Set<string>();
  const appear = (kind: IndexedName['kind'], name: string, at: [number, 'home' | 'away' | null]): void => {
    const key = `${kind}:${name}`;
    let id = nameIds.get(key);
    if (id === undefined) {
      id = names.length;
      nameIds.set(key, id);
      names.push({ kind, appearances: [] });
      const facts = factsOf(name);
      documents.push({ id, name, alias: kind === 'team' ? facts.teamAlias : facts.competitionAlias });
    }
    names[id]?.appearances.push(at);
  };
  let visited = 0;
  for (const [listingRank, listing] of SEARCH_ORDER.entries()) {
    for (const match of snapshot[listing].matches) {
      if (++visited % STEP_ITEMS === 0) yield;
      if (seen.has(match.id)) continue;
      seen.add(match.id);
      const at = matches.length;
      const home = factsOf(match.homeTeam.name);
      const away = factsOf(match.awayTeam.name);
      matches.push({
        match,
        listingRank,
        homeKey: home.key,
        awayKey: away.key,
        homeExactKeys: home.exactKeys,
        awayExactKeys: away.exactKeys,
        homeSpellingKeys: home.spellingKeys,
        awaySpellingKeys: away.spellingKeys,
        category: home.category || away.category,
      });
      teamKeys.add(home.key).add(away.key);
      appear('team', match.homeTeam.name, [at, 'home']);
      appear('team', match.awayTeam.name, [at, 'away']);
      appear('competition', match.competition.name, [at, null]);
    }
  }
  if (previous && sameDocuments(previous.documents, documents)) {
    return { engine: previous.engine, documents: previous.documents, names, matches, wordHits: new Map(), teamKeys };
  }
  const engine = new MiniSearch<NameDocument>({
    fields: ['name', 'alias'],
    storeFields: [],
    tokenize: splitWords,
    // Texts are folded by the tokenizer; terms pass as they are.
    processTerm: (term) => term,
  });
  for (let from = 0; from < documents.length; from += STEP_ITEMS) {
    yield;
    engine.addAll(documents.slice(from, from + STEP_ITEMS));
  }
  return { engine, documents, names, matches, wordHits: new Map(), teamKeys };
}

/** The snapshot's index, built once per snapshot object. */
export function matchIndexOf(snapshot: Snapshot): MatchIndex {
  return finishSteps(matchIndexOfSteps(snapshot));
}

/** The last index built here: the next snapshot's may share its engine. */
let lastBuilt: MatchIndex | null = null;

/** matchIndexOf in steps: what a server runs, between requests, before it serves `snapshot`. */
export function* matchIndexOfSteps(snapshot: Snapshot): Steps<MatchIndex> {
  let index = indexes.get(snapshot);
  if (!index) {
    index = yield* buildMatchIndexSteps(snapshot, lastBuilt);
    indexes.set(snapshot, index);
    lastBuilt = index;
  }
  return index;
}

/** Whether the snapshot's index is built already (the server prepares it before serving a snapshot). */
export function hasMatchIndex(snapshot: Snapshot): boolean {
  return indexes.has(snapshot);
}
