/**
 * The bytes of a filtered listing or feed (listing-filters.ts keeps and serves them): the matches are the served
 * build's listings as the refresh handed them over (src/lib/store/builds/build-loaded.ts; their index built as the
 * build loaded), the events the event hub's, and team and competition words are read as the event stream reads them
 * (match-filter.ts), so nothing is parsed or indexed per request.
 */
import type { MatchFilterQuery } from '../../lib/api/match-filter-query.ts';
import { TIMEZONE, type ListEnvelope, type Snapshot } from '../../lib/model/model.ts';
import type { ServedHead } from '../../lib/store/builds/build-loaded.ts';
import { findCompetitionMatchIds, findTeamMatchIds } from '../../lib/search/match-filter.ts';
import { normalizeQuery } from '../../lib/search/search-text.ts';
import { createBoundedMemo, type BoundedMemo } from '../memo/bounded-memo.ts';
import type { EventHub } from '../event-stream/event-hub.ts';

/** Team and competition answers kept per snapshot (a set of match ids each). */
const MAX_MATCH_ID_SETS = 256;

/** The ids of the matches of `snapshot` that a team's or a competition's words find. */
export type MatchIdsOf = (snapshot: Snapshot, kind: 'team' | 'competition', text: string) => ReadonlySet<string>;

/** matchIds with its answers kept per snapshot, bounded, and forgotten with the snapshot. */
export function createMatchIdsMemo(): MatchIdsOf {
  const idSets = new WeakMap<Snapshot, BoundedMemo<ReadonlySet<string>>>();
  return (snapshot, kind, text) => {
    let memo = idSets.get(snapshot);
    if (!memo) {
      memo = createBoundedMemo<ReadonlySet<string>>(MAX_MATCH_ID_SETS);
      idSets.set(snapshot, memo);
    }
    const key = `${kind}\n${normalizeQuery(text)}`;
    let ids = memo.get(key);
    if (!ids) {
      ids = kind === 'team' ? findTeamMatchIds(snapshot, text) : findCompetitionMatchIds(snapshot, text);
      memo.set(key, ids);
    }
    return ids;
  };
}

/**
 * The served listing (`envelope`, a listing of `snapshot`) with only the matches `query` keeps; generatedAt and
 * stale as it is served (`head`: its stale copy says stale).
 */
export function filterListing(
  envelope: ListEnvelope,
  head: ServedHead,
  query: MatchFilterQuery,
  snapshot: Snapshot,
  matchIds: MatchIdsOf,
): Buffer {
  const teamIds = query.team === null ? null : matchIds(snapshot, 'team', query.team);
  const competitionIds = query.competition === null ? null : matchIds(snapshot, 'competition', query.competition);
  const matches = envelope.matches.filter(
    (match) =>
      (query.statuses === null || query.statuses.includes(match.status)) &&
      (teamIds === null || teamIds.has(match.id)) &&
      (competitionIds === null || competitionIds.has(match.id)),
  );
  // In the file's own key order.
  const body: ListEnvelope = {
    generatedAt: head.generatedAt,
    timezone: TIMEZONE,
    source: envelope.source,
    stale: head.stale,
    count: matches.length,
    matches,
  };
  return Buffer.from(JSON.stringify(body));
}

/** The served feed with only the events `query` keeps (the hub holds them, each event's JSON made once). */
export function filterEvents(head: ServedHead, query: MatchFilterQuery, events: EventHub): Buffer {
  const { generatedAt, stale } = head;
  const selected = events.selectEvents(query);
  const start = `{"generatedAt":${JSON.stringify(generatedAt)},"timezone":${JSON.stringify(TIMEZONE)},"stale":${stale}`;
  return Buffer.from(`${start},"count":${selected.length},"events":[${selected.join(',')}]}`);
}
