/**
 * The open /api/eventos/stream connections of this process and the events they are sent.
 * Events come from the served build's /api/eventos (load() at each build swap: the refresh
 * wrote them to the event store before rendering that feed; with EVENT_FEED_URL, the published
 * site's), so the stream and the feed carry the same events with the same ids, in every worker
 * and reader. view() lends them to the answers Placar gives Pushpin (grip-stream.ts).
 *
 * Memory stays bounded whatever clients do: each event's wire text is made once and shared by
 * every connection, which queues references to it, not copies; a connection is written only as
 * fast as its socket drains (at most one highWaterMark buffered in node), and one that falls
 * more than `maxQueuedMessages` behind or stops draining for `stallMs` is dropped — it may
 * reconnect and resume by id. Each newly served build is also told to every stream, as one
 * id-less `build` notice (event-wire.ts): open pages fetch what they show at once. Filters too: their answers are kept in a bounded memo (least
 * recently used out first), and each stream keeps its own answer for the build it was made on.
 */
import type { ServerResponse } from 'node:http';
import { EVENT_STREAM_CACHE_CONTROL } from '../../lib/api/headers-policy.ts';
import {
  LISTING_NAMES,
  ListEnvelopeSchema,
  MAX_KEPT_EVENTS,
  MatchEventSchema,
  type Match,
  type Status,
} from '../../lib/model/model.ts';
import type { EventStreamQuery } from '../../lib/api/event-stream-query.ts';
import { formatBuildNoticeWire, formatEventWire } from '../../lib/api/event-wire.ts';
import type { MatchFilterQuery } from '../../lib/api/match-filter-query.ts';
import { buildFilterSnapshot, findCompetitionMatchIds, findTeamMatchIds } from '../../lib/search/match-filter.ts';
import { normalizeQuery } from '../../lib/search/search-text.ts';
import { createBoundedMemo } from '../filters/bounded-memo.ts';
import type { StaticEntry } from '../site/static-site.ts';
import { createStreamCounts } from '../limits/stream-counts.ts';
import { errorMessage } from '../../lib/model/caught-error.ts';

export const EVENT_FEED_ROUTE = '/api/eventos';
export const HEARTBEAT_INTERVAL_MS = 15_000;
/** What an EventSource waits before reconnecting (the `retry:` field). */
export const RECONNECT_DELAY_MS = 3_000;
/** Messages a connection may have waiting: a whole kept window (a full replay) and as much again. */
export const MAX_QUEUED_MESSAGES = 2 * MAX_KEPT_EVENTS;
/** A connection whose socket has not drained for this long is gone, whatever TCP thinks. */
export const STALL_MS = 60_000;
/** Distinct filters whose answers are kept (each a set of match ids, a few KB at most). */
export const MAX_MEMOIZED_FILTERS = 256;
export const HEARTBEAT_WIRE = ': ping\n\n';
const COMPACT_AFTER = 1024;

/** What the hub keeps of an event: its JSON lives only in `wire` (the match once per match, for filters). */
interface KeptEvent {
  id: string;
  matchId: string;
  /** The match's status after the change (the feed's `status` filter). */
  status: Status;
  /** "id: …\nevent: …\ndata: …\n\n", made once. */
  wire: string;
}

/** A stream's filter answers, for the build (generation) they were made on. */
interface ResolvedFilter {
  generation: number;
  team: ReadonlySet<string> | null;
  competition: ReadonlySet<string> | null;
}

interface StreamClient {
  res: ServerResponse;
  /** Whom the per-client limit counts (rate-limit-key.ts: an IPv4 address or an IPv6 /64). */
  ip: string;
  query: EventStreamQuery;
  filter: ResolvedFilter | null;
  /** Messages to write (shared strings), from `queueAt` on. */
  queue: string[];
  queueAt: number;
  /** Since when the socket has refused more (write returned false); null while it drains. */
  blockedSince: number | null;
  closed: boolean;
}

export type StreamRefusal = 'per-ip' | 'full';

/** A kept event as a GRIP answer reads it (grip-stream.ts). */
export interface ViewEvent {
  id: string;
  match: Match;
  wire: string;
}

/** The hub's events as of its last load, for answers that do not stay open (Pushpin's, grip-stream.ts). */
export interface EventView {
  /** Oldest first. The view is a new object at each load: memos of what is derived from it key on it. */
  events: readonly ViewEvent[];
  /** The id of the last event loaded, null before any. */
  lastId: string | null;
  /** The matches of the loaded build's listings (/api/live, hoje, amanha, ontem), read on first use. */
  listingMatches(): readonly Match[];
  /** What a new stream of `query` starts with (`retry:`, a reset when events after `since` are gone, the replay). */
  opening(query: EventStreamQuery): string[];
  /** Whether `query`'s filters keep this event (the hub's own rule and memo). */
  keeps(query: EventStreamQuery, event: ViewEvent): boolean;
}

/** What a build (or a published site's feed, event-feed-poller.ts) offers the hub: the bytes of its routes. */
export interface EventSource {
  buildId: string;
  routes: ReadonlyMap<string, Pick<StaticEntry, 'identity'>>;
}

export interface EventHubOptions {
  /** Streams per client (and twice that per IPv6 /56, ten times per /48: stream-counts.ts); 0: no limit. */
  perIp: number;
  max: number;
  maxQueuedMessages?: number;
  stallMs?: number;
  heartbeatMs?: number;
  log: (line: string) => void;
}

export interface EventHub {
  /** Takes the events of a newly served build and sends those after the last one sent, then its notice. */
  load(site: EventSource): void;
  /** load() in two parts: the feed is read now, the switch (and the sending) when the build is served. */
  prepareLoad(site: EventSource): () => void;
  /** Why a new connection from `ip` (a client key) may not open now, or null. */
  refusal(ip: string): StreamRefusal | null;
  /** Whether a stream with this query would make the hub evaluate a filter it has not memoized. */
  needsNewFilter(query: EventStreamQuery): boolean;
  /** Filters memoized now (at most MAX_MEMOIZED_FILTERS). */
  memoizedFilters(): number;
  /** The JSON of each kept event (as in the feed) that the filters keep, oldest first. */
  selectEvents(query: MatchFilterQuery): string[];
  /** Starts the stream on `res` (headers, `retry:`, replay after query.since) and keeps it open. */
  attach(res: ServerResponse, ip: string, query: EventStreamQuery): void;
  /** Open connections. */
  size(): number;
  /** The id of the last event sent (or loaded at start), null before any. */
  lastId(): string | null;
  /** The events as of the last load (the same object until the next one). */
  view(): EventView;
  /** Ends every stream and the heartbeat. */
  close(): void;
}

export { formatEventWire };

/** The event's JSON inside its wire text ("…\ndata: <json>\n\n"). */
function eventJsonOf(wire: string): string {
  return wire.slice(wire.indexOf('\ndata: ') + '\ndata: '.length, -2);
}

function formatResetWire(oldestId: string | null): string {
  const detail =
    'Alguns eventos depois do id informado não são mais guardados (só as últimas 24 horas): recarregue /api/eventos.';
  return `event: reset\ndata: ${JSON.stringify({ oldestId, detail })}\n\n`;
}

function memoize<T>(read: () => T): () => T {
  let value: { read: T } | null = null;
  return () => {
    value ??= { read: read() };
    return value.read;
  };
}

function readFeedEvents(site: EventSource): unknown[] | null {
  const entry = site.routes.get(EVENT_FEED_ROUTE);
  if (!entry) return null;
  const body = JSON.parse(entry.identity.toString('utf8')) as { events?: unknown };
  return Array.isArray(body.events) ? body.events : null;
}

/** The matches of a build's listings that parse (a listing that does not is left out). */
function readListingMatches(site: EventSource): Match[] {
  return LISTING_NAMES.flatMap((listing) => {
    const entry = site.routes.get(`/api/${listing}`);
    if (!entry) return [];
    try {
      const parsed = ListEnvelopeSchema.safeParse(JSON.parse(entry.identity.toString('utf8')));
      return parsed.success ? parsed.data.matches : [];
    } catch {
      return [];
    }
  });
}

export function createEventHub(options: EventHubOptions): EventHub {
  const maxQueued = options.maxQueuedMessages ?? MAX_QUEUED_MESSAGES;
  const stallMs = options.stallMs ?? STALL_MS;
  const clients = new Set<StreamClient>();
  const perClient = createStreamCounts(options.perIp);
  let kept: KeptEvent[] = [];
  let keptMatches = new Map<string, Match>();
  let lastSent: string | null = null;
  let loadedBuildId: string | null = null;
  let listings: () => readonly Match[] = () => [];
  let view: EventView | null = null;
  // Filter answers (match ids) per distinct filter, over the kept events' matches; reset at each load.
  let filterSnapshot: ReturnType<typeof buildFilterSnapshot> | null = null;
  const filterIds = createBoundedMemo<ReadonlySet<string>>(MAX_MEMOIZED_FILTERS);
  let generation = 0;

  // Spellings with the same normal form ("Mengão", "mengao ") find the same matches: one entry.
  const filterKey = (kind: 'team' | 'competition', text: string): string => `${kind}\n${normalizeQuery(text)}`;
  const idsFor = (kind: 'team' | 'competition', text: string): ReadonlySet<string> => {
    const key = filterKey(kind, text);
    let ids = filterIds.get(key);
    if (!ids) {
      filterSnapshot ??= buildFilterSnapshot([...keptMatches.values()]);
      ids = kind === 'team' ? findTeamMatchIds(filterSnapshot, text) : findCompetitionMatchIds(filterSnapshot, text);
      filterIds.set(key, ids);
    }
    return ids;
  };
  const resolve = (client: StreamClient): ResolvedFilter => {
    if (client.filter?.generation !== generation) {
      const { team, competition } = client.query;
      client.filter = {
        generation,
        team: team === null ? null : idsFor('team', team),
        competition: competition === null ? null : idsFor('competition', competition),
      };
    }
    return client.filter;
  };
  /** Whether `query`'s filters keep the event (answers from the memo: the replays and Pushpin's answers). */
  const wants = (query: EventStreamQuery, { matchId }: Pick<KeptEvent, 'matchId'>): boolean =>
    !query.onlyBuildNotices &&
    (query.team === null || idsFor('team', query.team).has(matchId)) &&
    (query.competition === null || idsFor('competition', query.competition).has(matchId));
  /** The same for an open stream, on its own answer for this build (a memo eviction never costs it a search). */
  const clientWants = (client: StreamClient, { matchId }: KeptEvent): boolean => {
    if (client.query.onlyBuildNotices) return false;
    if (client.query.team === null && client.query.competition === null) return true;
    const { team, competition } = resolve(client);
    return (team === null || team.has(matchId)) && (competition === null || competition.has(matchId));
  };

  const drop = (client: StreamClient): void => {
    if (client.closed) return;
    client.closed = true;
    clients.delete(client);
    perClient.remove(client.ip);
    client.queue = [];
  };
  const cut = (client: StreamClient): void => {
    client.res.destroy();
    drop(client);
  };
  const pump = (client: StreamClient): void => {
    while (!client.closed && client.queueAt < client.queue.length) {
      const chunk = client.queue[client.queueAt] ?? '';
      client.queueAt += 1;
      if (!client.res.write(chunk)) {
        client.blockedSince = Date.now();
        client.res.once('drain', () => {
          client.blockedSince = null;
          pump(client);
        });
        break;
      }
    }
    // Forget what was written, so a slow but steady reader's queue does not keep it.
    if (client.queueAt === client.queue.length || client.queueAt > COMPACT_AFTER) {
      client.queue = client.queue.slice(client.queueAt);
      client.queueAt = 0;
    }
  };
  const deliver = (client: StreamClient, chunk: string): void => {
    if (client.closed) return;
    client.queue.push(chunk);
    // A client that does not read: cut it loose before it costs more.
    if (client.queue.length - client.queueAt > maxQueued) return cut(client);
    if (client.blockedSince === null) pump(client);
  };

  const heartbeat = setInterval(() => {
    const now = Date.now();
    for (const client of [...clients]) {
      if (client.blockedSince !== null && now - client.blockedSince > stallMs) cut(client);
      else deliver(client, HEARTBEAT_WIRE);
    }
  }, options.heartbeatMs ?? HEARTBEAT_INTERVAL_MS);
  heartbeat.unref();

  /** Reads the build's feed now; what it returns switches the hub to it and sends the new events. */
  const prepareLoad = (site: EventSource): (() => void) => {
    if (site.buildId === loadedBuildId) return () => undefined;
    // At start nobody is connected yet: the notice reaches nobody.
    const notice = formatBuildNoticeWire(site.buildId);
    const tell = (): void => {
      for (const client of clients) deliver(client, notice);
    };
    let events: unknown[] | null;
    try {
      events = readFeedEvents(site);
    } catch (error) {
      options.log(`aviso: o build ${site.buildId} tem um ${EVENT_FEED_ROUTE} ilegível: ${errorMessage(error)}`);
      // Its pages are served all the same.
      return tell;
    }
    const readListings = memoize(() => readListingMatches(site));
    if (events === null) {
      return () => {
        loadedBuildId = site.buildId;
        listings = readListings;
        view = null;
        tell();
      };
    }
    const previous = new Map(kept.map((item) => [item.id, item]));
    const next: KeptEvent[] = [];
    const matches = new Map<string, Match>();
    for (const raw of events) {
      const id = typeof raw === 'object' && raw !== null ? (raw as { id?: unknown }).id : undefined;
      const known = typeof id === 'string' ? previous.get(id) : undefined;
      if (known) {
        next.push(known);
        const match = keptMatches.get(known.matchId);
        if (match && !matches.has(known.matchId)) matches.set(known.matchId, match);
        continue;
      }
      const parsed = MatchEventSchema.safeParse(raw);
      if (!parsed.success) continue;
      const { match } = parsed.data;
      next.push({ id: parsed.data.id, matchId: match.id, status: match.status, wire: formatEventWire(parsed.data) });
      matches.set(parsed.data.match.id, parsed.data.match);
    }
    return () => {
      loadedBuildId = site.buildId;
      listings = readListings;
      view = null;
      kept = next;
      keptMatches = matches;
      filterSnapshot = null;
      filterIds.clear();
      generation += 1;
      // Ids sort as strings (fixed width). At start nobody is connected yet: nothing is sent.
      const sentBefore = lastSent;
      const fresh = kept.filter(({ id }) => sentBefore === null || id > sentBefore);
      lastSent = kept.at(-1)?.id ?? lastSent;
      for (const event of fresh)
        for (const client of clients) if (clientWants(client, event)) deliver(client, event.wire);
      // After the events: whoever fetches on the notice finds the build that brought them.
      tell();
    };
  };

  /** What a stream of `query` starts with: `retry:`, then (resuming) a reset if some are gone, and the replay. */
  const opening = (query: EventStreamQuery): string[] => {
    const replay = [`retry: ${RECONNECT_DELAY_MS}\n\n`];
    if (query.since !== null && !query.onlyBuildNotices) {
      const since = query.since;
      const oldest = kept[0]?.id ?? null;
      // Older than the oldest kept (or than the last one sent, once none is kept): some are gone.
      const firstKnown = oldest ?? lastSent;
      if (firstKnown !== null && since < firstKnown) replay.push(formatResetWire(oldest));
      for (const event of kept) if (event.id > since && wants(query, event)) replay.push(event.wire);
    }
    return replay;
  };

  const makeView = (): EventView => {
    const events = kept.flatMap((event): ViewEvent[] => {
      const match = keptMatches.get(event.matchId);
      return match ? [{ id: event.id, match, wire: event.wire }] : [];
    });
    return {
      events,
      lastId: lastSent,
      listingMatches: listings,
      opening,
      keeps: (query, event) => wants(query, { matchId: event.match.id }),
    };
  };

  return {
    load(site) {
      prepareLoad(site)();
    },
    prepareLoad,
    refusal(ip) {
      if (clients.size >= options.max) return 'full';
      if (!perClient.allows(ip)) return 'per-ip';
      return null;
    },
    needsNewFilter({ team, competition }) {
      return (
        (team !== null && !filterIds.has(filterKey('team', team))) ||
        (competition !== null && !filterIds.has(filterKey('competition', competition)))
      );
    },
    memoizedFilters: () => filterIds.size,
    selectEvents({ statuses, team, competition }) {
      const teamIds = team === null ? null : idsFor('team', team);
      const competitionIds = competition === null ? null : idsFor('competition', competition);
      const selected: string[] = [];
      for (const event of kept) {
        if (statuses !== null && !statuses.includes(event.status)) continue;
        if (teamIds !== null && !teamIds.has(event.matchId)) continue;
        if (competitionIds !== null && !competitionIds.has(event.matchId)) continue;
        selected.push(eventJsonOf(event.wire));
      }
      return selected;
    },
    attach(res, ip, query) {
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': EVENT_STREAM_CACHE_CONTROL,
        'X-Accel-Buffering': 'no',
      });
      const client: StreamClient = {
        res,
        ip,
        query,
        filter: null,
        queue: opening(query),
        queueAt: 0,
        blockedSince: null,
        closed: false,
      };
      // Evaluated now, so the memo holds this filter before the next stream asks (needsNewFilter).
      if (query.team !== null || query.competition !== null) resolve(client);
      clients.add(client);
      perClient.add(ip);
      res.on('close', () => drop(client));
      pump(client);
    },
    size: () => clients.size,
    lastId: () => lastSent,
    view() {
      view ??= makeView();
      return view;
    },
    close() {
      clearInterval(heartbeat);
      for (const client of [...clients]) {
        client.res.end();
        drop(client);
      }
    },
  };
}
