/**
 * The open /api/eventos/stream connections of this process and the events they are sent.
 * Events come from the served build's /api/eventos (prepareLoad() at each build swap, from the value
 * the refresh handed over: build-feed.ts; with EVENT_FEED_URL, load() of the published site's), so
 * the stream and the feed carry the same events with the same ids, in every worker and reader. view() lends them to the answers Placar gives Pushpin (grip-stream.ts).
 *
 * Memory stays bounded whatever clients do: each event's wire text is made once (build-feed.ts) and
 * shared by every connection, which queues references to it, not copies; a connection that falls
 * too far behind or stops draining is dropped (stream-connections.ts) — it may reconnect and resume
 * by id. Each newly served build is also told to every stream, as one id-less `build` notice
 * (event-wire.ts): open pages fetch what they show at once. Filters too: their answers are kept in a
 * bounded memo, and each stream keeps its own answer for the build it was made on (stream-filters.ts).
 */
import type { ServerResponse } from 'node:http';
import { EVENT_STREAM_CACHE_CONTROL } from '../../lib/api/headers-policy.ts';
import { MAX_KEPT_EVENTS, type Match } from '../../lib/model/model.ts';
import type { EventStreamQuery } from '../../lib/api/event-stream-query.ts';
import { formatBuildNoticeWire, formatEventWire } from '../../lib/api/event-wire.ts';
import type { MatchFilterQuery } from '../../lib/api/match-filter-query.ts';
import { errorMessage } from '../../lib/model/caught-error.ts';
import {
  EVENT_FEED_ROUTE,
  eventJsonOf,
  feedOfBytes,
  type EventSource,
  type FeedSource,
  type KeptEvent,
  type KeptFeed,
} from './build-feed.ts';
import {
  HEARTBEAT_INTERVAL_MS,
  createStreamConnections,
  newStreamClient,
  type StreamConnections,
  type StreamRefusal,
} from './stream-connections.ts';
import { createStreamFilters, type StreamFilters } from './stream-filters.ts';

/** What an EventSource waits before reconnecting (the `retry:` field). */
export const RECONNECT_DELAY_MS = 3_000;
/** Messages a connection may have waiting: a whole kept window (a full replay) and as much again. */
export const MAX_QUEUED_MESSAGES = 2 * MAX_KEPT_EVENTS;
/** A connection whose socket has not drained for this long is gone, whatever TCP thinks. */
export const STALL_MS = 60_000;

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
  /** Takes the events of a published site's feed and sends those after the last one sent, then its notice. */
  load(site: EventSource): void;
  /**
   * Takes a newly served build's events in two parts: the feed is read now, the switch (and the sending of those after
   * the last one sent, then the build's notice) when the build is served.
   */
  prepareLoad(site: FeedSource): () => void;
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

/** What the hub holds of its last load (one object, changed in place, read by the helpers below). */
interface LoadedFeed extends KeptFeed {
  buildId: string | null;
  /** The id of the last event sent (or loaded at start), null before any. */
  lastSent: string | null;
  listings: () => readonly Match[];
  /** Made on first use after each load. */
  view: EventView | null;
}

/** The parts of one hub the load, the openings and the view work on. */
interface HubParts {
  loaded: LoadedFeed;
  connections: StreamConnections;
  filters: StreamFilters;
  log: (line: string) => void;
}

/** What a stream of `query` starts with: `retry:`, then (resuming) a reset if some are gone, and the replay. */
function openingOf(query: EventStreamQuery, { loaded, filters }: HubParts): string[] {
  const replay = [`retry: ${RECONNECT_DELAY_MS}\n\n`];
  if (query.since !== null && !query.onlyBuildNotices) {
    const since = query.since;
    const oldest = loaded.events[0]?.id ?? null;
    // Older than the oldest kept (or than the last one sent, once none is kept): some are gone.
    const firstKnown = oldest ?? loaded.lastSent;
    if (firstKnown !== null && since < firstKnown) replay.push(formatResetWire(oldest));
    for (const event of loaded.events)
      if (event.id > since && filters.keeps(query, event.matchId)) replay.push(event.wire);
  }
  return replay;
}

function makeView(hub: HubParts): EventView {
  const { loaded, filters } = hub;
  const events = loaded.events.flatMap((event): ViewEvent[] => {
    const match = loaded.matches.get(event.matchId);
    return match ? [{ id: event.id, match, wire: event.wire }] : [];
  });
  return {
    events,
    lastId: loaded.lastSent,
    listingMatches: loaded.listings,
    opening: (query) => openingOf(query, hub),
    keeps: (query, event) => filters.keeps(query, event.match.id),
  };
}

/** The JSON of each kept event (as in the feed) that the filters keep, oldest first. */
function selectEvents(kept: readonly KeptEvent[], filters: StreamFilters, query: MatchFilterQuery): string[] {
  const { statuses, team, competition } = query;
  const teamIds = team === null ? null : filters.idsFor('team', team);
  const competitionIds = competition === null ? null : filters.idsFor('competition', competition);
  const selected: string[] = [];
  for (const event of kept) {
    if (statuses !== null && !statuses.includes(event.status)) continue;
    if (teamIds !== null && !teamIds.has(event.matchId)) continue;
    if (competitionIds !== null && !competitionIds.has(event.matchId)) continue;
    selected.push(eventJsonOf(event.wire));
  }
  return selected;
}

/**
 * Switches the hub to the new build's events and sends every open stream those after the last one
 * sent, then `notice` (whoever fetches on it finds the build that brought them) — in one write per
 * stream: at 10,000 streams the writes are most of the server's part of the delay.
 */
function switchEvents({ loaded, connections, filters }: HubParts, next: KeptFeed, notice: string): void {
  loaded.events = next.events;
  loaded.matches = next.matches;
  filters.reset(next.matches);
  // Ids sort as strings (fixed width). At start nobody is connected yet: nothing is sent.
  const sentBefore = loaded.lastSent;
  const fresh = loaded.events.filter(({ id }) => sentBefore === null || id > sentBefore);
  loaded.lastSent = loaded.events.at(-1)?.id ?? loaded.lastSent;
  const all = [...fresh.map((event) => event.wire), notice];
  const allJoined = all.join('');
  for (const client of connections.clients) {
    const { query } = client;
    if (query.onlyBuildNotices) connections.deliver(client, notice);
    else if (query.team === null && query.competition === null) connections.deliverBatch(client, all, allJoined);
    else {
      const kept = fresh.filter((event) => filters.streamKeeps(client, event.matchId)).map((event) => event.wire);
      kept.push(notice);
      connections.deliverBatch(client, kept, kept.join(''));
    }
  }
}

/** Reads the build's feed now; what it returns switches the hub to it and sends the new events. */
function prepareLoad(site: FeedSource, hub: HubParts): () => void {
  const { loaded, connections } = hub;
  if (site.buildId === loaded.buildId) return () => undefined;
  // At start nobody is connected yet: the notice reaches nobody.
  const notice = formatBuildNoticeWire(site.buildId);
  const tell = (): void => {
    for (const client of connections.clients) connections.deliver(client, notice);
  };
  let next: KeptFeed | null;
  try {
    next = site.keptFeed(loaded);
  } catch (error) {
    hub.log(`aviso: o build ${site.buildId} tem um ${EVENT_FEED_ROUTE} ilegível: ${errorMessage(error)}`);
    // Its pages are served all the same.
    return tell;
  }
  const readListings = memoize(() => site.listingMatches());
  return () => {
    loaded.buildId = site.buildId;
    loaded.listings = readListings;
    loaded.view = null;
    if (next !== null) switchEvents(hub, next, notice);
    else tell();
  };
}

export function createEventHub(options: EventHubOptions): EventHub {
  const connections = createStreamConnections({
    perIp: options.perIp,
    max: options.max,
    maxQueued: options.maxQueuedMessages ?? MAX_QUEUED_MESSAGES,
    stallMs: options.stallMs ?? STALL_MS,
    heartbeatMs: options.heartbeatMs ?? HEARTBEAT_INTERVAL_MS,
  });
  const loaded: LoadedFeed = {
    events: [],
    matches: new Map(),
    buildId: null,
    lastSent: null,
    listings: () => [],
    view: null,
  };
  const filters = createStreamFilters();
  const hub: HubParts = { loaded, connections, filters, log: options.log };
  return {
    load(site) {
      prepareLoad(feedOfBytes(site), hub)();
    },
    prepareLoad: (site) => prepareLoad(site, hub),
    refusal: (ip) => connections.refusal(ip),
    needsNewFilter: (query) => filters.needsNewFilter(query),
    memoizedFilters: () => filters.size(),
    selectEvents: (query) => selectEvents(loaded.events, filters, query),
    attach(res, ip, query) {
      // Not chunked: the stream's bytes go straight to its socket (stream-connections.ts) — a response's
      // write corks the socket and frames the bytes in three parts, which at 10,000 streams doubled the
      // time to the last one (bench group 9). A stream ends only with its connection anyway (hence
      // Node's Connection: close).
      res.useChunkedEncodingByDefault = false;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': EVENT_STREAM_CACHE_CONTROL,
        'X-Accel-Buffering': 'no',
      });
      res.flushHeaders();
      const client = newStreamClient(res, ip, query, openingOf(query, hub));
      // Evaluated now, so the memo holds this filter before the next stream asks (needsNewFilter).
      if (query.team !== null || query.competition !== null) filters.resolve(client);
      connections.add(client);
    },
    size: () => connections.clients.size,
    lastId: () => loaded.lastSent,
    view() {
      loaded.view ??= makeView(hub);
      return loaded.view;
    },
    close: () => connections.close(),
  };
}
