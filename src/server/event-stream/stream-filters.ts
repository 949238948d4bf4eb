/**
 * Which events the `?time=`/`?competicao=` filters keep (streams, replays, Pushpin's answers, the feed): the match
 * ids each filter finds among the kept events' matches. The answers are kept in a bounded memo (least recently used
 * out first, so what clients can make the hub remember stays bounded) and start over at each load; each open stream
 * keeps its own answer for the build it was made on, so a memo eviction never costs it a search.
 */
import type { EventStreamQuery } from '../../lib/api/event-stream-query.ts';
import type { Match } from '../../lib/model/model.ts';
import { buildFilterSnapshot, findCompetitionMatchIds, findTeamMatchIds } from '../../lib/search/match-filter.ts';
import { normalizeQuery } from '../../lib/search/search-text.ts';
import { createBoundedMemo } from '../memo/bounded-memo.ts';

/** Distinct filters whose answers are kept (each a set of match ids, a few KB at most). */
export const MAX_MEMOIZED_FILTERS = 256;

type FilterKind = 'team' | 'competition';

/** A stream's filter answers, for the build (generation) they were made on. */
export interface ResolvedFilter {
  generation: number;
  team: ReadonlySet<string> | null;
  competition: ReadonlySet<string> | null;
}

/** What an open stream brings to its filters: its query, and the answers it keeps. */
export interface FilteredStream {
  query: EventStreamQuery;
  filter: ResolvedFilter | null;
}

export interface StreamFilters {
  /** The ids of the matches `text` finds, from the memo when it holds them. */
  idsFor(kind: FilterKind, text: string): ReadonlySet<string>;
  /** Whether `query`'s filters keep the event's match (answers from the memo: the replays and Pushpin's answers). */
  keeps(query: EventStreamQuery, matchId: string): boolean;
  /** The same for an open stream, on its own answer for this build. */
  streamKeeps(stream: FilteredStream, matchId: string): boolean;
  /** The stream's answer for this build, made now if it has none. */
  resolve(stream: FilteredStream): ResolvedFilter;
  /** Whether `query` would make the hub evaluate a filter it has not memoized. */
  needsNewFilter(query: EventStreamQuery): boolean;
  /** Filters memoized now (at most MAX_MEMOIZED_FILTERS). */
  size(): number;
  /** Starts over on a newly loaded build's matches: every stream's answer is then out of date. */
  reset(matches: ReadonlyMap<string, Match>): void;
}

export function createStreamFilters(): StreamFilters {
  let matches: ReadonlyMap<string, Match> = new Map();
  // Built on first use after each load: a build nobody filters costs no index.
  let filterSnapshot: ReturnType<typeof buildFilterSnapshot> | null = null;
  const filterIds = createBoundedMemo<ReadonlySet<string>>(MAX_MEMOIZED_FILTERS);
  let generation = 0;

  // Spellings with the same normal form ("Mengão", "mengao ") find the same matches: one entry.
  const filterKey = (kind: FilterKind, text: string): string => `${kind}\n${normalizeQuery(text)}`;
  const idsFor = (kind: FilterKind, text: string): ReadonlySet<string> => {
    const key = filterKey(kind, text);
    let ids = filterIds.get(key);
    if (!ids) {
      filterSnapshot ??= buildFilterSnapshot([...matches.values()]);
      ids = kind === 'team' ? findTeamMatchIds(filterSnapshot, text) : findCompetitionMatchIds(filterSnapshot, text);
      filterIds.set(key, ids);
    }
    return ids;
  };
  const resolve = (stream: FilteredStream): ResolvedFilter => {
    if (stream.filter?.generation !== generation) {
      const { team, competition } = stream.query;
      stream.filter = {
        generation,
        team: team === null ? null : idsFor('team', team),
        competition: competition === null ? null : idsFor('competition', competition),
      };
    }
    return stream.filter;
  };

  return {
    idsFor,
    keeps: (query, matchId) =>
      !query.onlyBuildNotices &&
      (query.team === null || idsFor('team', query.team).has(matchId)) &&
      (query.competition === null || idsFor('competition', query.competition).has(matchId)),
    streamKeeps(stream, matchId) {
      if (stream.query.onlyBuildNotices) return false;
      if (stream.query.team === null && stream.query.competition === null) return true;
      const { team, competition } = resolve(stream);
      return (team === null || team.has(matchId)) && (competition === null || competition.has(matchId));
    },
    resolve,
    needsNewFilter: ({ team, competition }) =>
      (team !== null && !filterIds.has(filterKey('team', team))) ||
      (competition !== null && !filterIds.has(filterKey('competition', competition))),
    size: () => filterIds.size,
    reset(next) {
      matches = next;
      filterSnapshot = null;
      filterIds.clear();
      generation += 1;
    },
  };
}
