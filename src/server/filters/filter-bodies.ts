/**
 * The bytes of a filtered listing or feed (listing-filters.ts keeps and serves them): the matches come from what the
 * server already holds for the served build — the search snapshot's listings (index built), the event hub's events —
 * and team and competition words are read as the event stream reads them (match-filter.ts), so nothing is parsed or
 * indexed per request when the served file is the snapshot's.
 */
import type { MatchFilterQuery } from '../../lib/api/match-filter-query.ts';
import {
  ListEnvelopeSchema,
  TIMEZONE,
  type ListEnvelope,
  type ListingName,
  type Snapshot,
} from '../../lib/model/model.ts';
import { buildFilterSnapshot, findCompetitionMatchIds, findTeamMatchIds } from '../../lib/search/match-filter.ts';
import { normalizeQuery } from '../../lib/search/search-text.ts';
import { createBoundedMemo, type BoundedMemo } from '../memo/bounded-memo.ts';
import type { EventHub } from '../event-stream/event-hub.ts';
import type { StaticEntry } from '../site/static-site.ts';

/** Team and competition answers kept per snapshot (a set of match ids each). */
const MAX_MATCH_ID_SETS = 256;

/** The first fields of a file this server built: `{"generatedAt":…,"timezone":…,("source":…,)"stale":…,`. */
const FILE_HEAD =
  /^\{"generatedAt":(null|"[^"\\]*"),"timezone":"[^"\\]*",(?:"source":"[^"\\]*",)?"stale":(true|false),/;

interface FileHead {
  generatedAt: string | null;
  stale: boolean;
}

/** The ids of the matches of `snapshot` that a team's or a competition's words find. */
export type MatchIdsOf = (snapshot: Snapshot, kind: 'team' | 'competition', text: string) => ReadonlySet<string>;

/** Heads read, per entry: entries do not change, and a compressed one inflates its bytes for each read. */
const fileHeads = new WeakMap<StaticEntry, FileHead>();

/** generatedAt and stale of a served listing or feed (its stale copy says true), read from its first bytes. */
function readFileHead(entry: StaticEntry): FileHead {
  let known = fileHeads.get(entry);
  if (!known) {
    const identity = entry.identity;
    const head = FILE_HEAD.exec(identity.subarray(0, 512).toString('utf8'));
    if (head) known = { generatedAt: JSON.parse(head[1] ?? 'null') as string | null, stale: head[2] === 'true' };
    else {
      const body = JSON.parse(identity.toString('utf8')) as { generatedAt?: unknown; stale?: unknown };
      known = {
        generatedAt: typeof body.generatedAt === 'string' ? body.generatedAt : null,
        stale: body.stale !== false,
      };
    }
    fileHeads.set(entry, known);
  }
  return known;
}

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

interface FilteredListing {
  envelope: ListEnvelope;
  snapshot: Snapshot;
}

/**
 * Served files read for filtering, kept while their entry is served: a cluster worker holds no
 * snapshot of its own (src/server/cluster/primary-search.ts) and reads a listing only once it is filtered.
 */
const readListings = new WeakMap<StaticEntry, FilteredListing>();

/** The listing as served: the search snapshot's when it is the file's data, else the file itself (read once). */
function listingOf(
  listing: ListingName,
  entry: StaticEntry,
  head: FileHead,
  served: Snapshot | undefined,
): FilteredListing {
  const envelope = served?.[listing];
  if (served && envelope && envelope.generatedAt === head.generatedAt) return { envelope, snapshot: served };
  let read = readListings.get(entry);
  if (!read) {
    const own = ListEnvelopeSchema.parse(JSON.parse(entry.identity.toString('utf8')));
    read = { envelope: own, snapshot: buildFilterSnapshot(own.matches) };
    readListings.set(entry, read);
  }
  return read;
}

/** The served listing file with only the matches `query` keeps. */
export function filterListing(
  listing: ListingName,
  entry: StaticEntry,
  query: MatchFilterQuery,
  served: Snapshot | undefined,
  matchIds: MatchIdsOf,
): Buffer {
  const head = readFileHead(entry);
  const { envelope, snapshot } = listingOf(listing, entry, head, served);
  const teamIds = query.team === null ? null : matchIds(snapshot, 'team', query.team);
  const competitionIds = query.competition === null ? null : matchIds(snapshot, 'competition', query.competition);
  const matches = envelope.matches.filter(
    (match) =>
      (query.statuses === null || query.statuses.includes(match.status)) &&
      (teamIds === null || teamIds.has(match.id)) &&
      (competitionIds === null || competitionIds.has(match.id)),
  );
  // In the file's own key order; generatedAt and stale as the served file says them.
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
export function filterEvents(entry: StaticEntry, query: MatchFilterQuery, events: EventHub): Buffer {
  const { generatedAt, stale } = readFileHead(entry);
  const selected = events.selectEvents(query);
  const head = `{"generatedAt":${JSON.stringify(generatedAt)},"timezone":${JSON.stringify(TIMEZONE)},"stale":${stale}`;
  return Buffer.from(`${head},"count":${selected.length},"events":[${selected.join(',')}]}`);
}
