/**
 * The open /api/eventos/stream connections of this process and the events they are sent.
 * Events come from the served build's /api/eventos (load() at each build swap: the refresh
 * wrote them to the event store before rendering that feed), so the stream and the feed carry
 * the same events with the same ids, in every worker and reader of one DATA_DIR.
 *
 * Memory stays bounded whatever clients do: each event's wire text is made once and shared by
 * every connection, which queues references to it, not copies; a connection is written only as
 * fast as its socket drains (at most one highWaterMark buffered in node), and one that falls
 * more than `maxQueuedMessages` behind or stops draining for `stallMs` is dropped — it may
 * reconnect and resume by id. Filters too: their answers are kept in a bounded memo (least
 * recently used out first), and each stream keeps its own answer for the build it was made on.
 */
import type { ServerResponse } from 'node:http';
import { EVENT_STREAM_CACHE_CONTROL } from '../lib/api/headers-policy.ts';
import { MAX_KEPT_EVENTS, MatchEventSchema, type Match, type MatchEvent, type Status } from '../lib/model/model.ts';
import type { EventStreamQuery } from '../lib/api/event-stream-query.ts';
import type { MatchFilterQuery } from '../lib/api/match-filter-query.ts';
import { buildFilterSnapshot, findCompetitionMatchIds, findTeamMatchIds } from '../lib/search/match-filter.ts';
import { normalizeQuery } from '../lib/search/search-text.ts';
import { createBoundedMemo } from './bounded-memo.ts';
import type { StaticSite } from './static-site.ts';
import { errorMessage } from '../lib/model/caught-error.ts';

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
const HEARTBEAT_WIRE = ': ping\n\n';
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

export interface EventHubOptions {
  perIp: number;
  max: number;
  maxQueuedMessages?: number;
  stallMs?: number;
  heartbeatMs?: number;
  log: (line: string) => void;
}

export interface EventHub {
  /** Takes the events of a newly served build and sends those after the last one sent. */
  load(site: StaticSite): void;
  /** load() in two parts: the feed is read now, the switch (and the sending) when the build is served. */
  prepareLoad(site: StaticSite): () => void;
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
  /** Ends every stream and the heartbeat. */
  close(): void;
}

export function formatEventWire(event: MatchEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** The event's JSON inside its wire text ("…\ndata: <json>\n\n"). */
function eventJsonOf(wire: string): string {
  return wire.slice(wire.indexOf('\ndata: ') + '\ndata: '.length, -2);
}

function formatResetWire(oldestId: string | null): string {
  const detail =
    'Alguns eventos depois do id informado não são mais guardados (só as últimas 24 horas): recarregue /api/eventos.';
  return `event: reset\ndata: ${JSON.stringify({ oldestId, detail })}\n\n`;
}

function readFeedEvents(site: StaticSite): unknown[] | null {
  const entry = site.routes.get(EVENT_FEED_ROUTE);
  if (!entry) return null;
  const body = JSON.parse(entry.identity.toString('utf8')) as { events?: unknown };
  return Array.isArray(body.events) ? body.events : null;
}

export function createEventHub(options: EventHubOptions): EventHub {
  const maxQueued = options.maxQueuedMessages ?? MAX_QUEUED_MESSAGES;
  const stallMs = options.stallMs ?? STALL_MS;
  const clients = new Set<StreamClient>();
  const perIp = new Map<string, number>();
  let kept: KeptEvent[] = [];
  let keptMatches = new Map<string, Match>();
  let lastSent: string | null = null;
  let loadedBuildId: string | null = null;
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
  const wants = (client: StreamClient, { matchId }: KeptEvent): boolean => {
    if (client.query.team === null && client.query.competition === null) return true;
    const { team, competition } = resolve(client);
    return (team === null || team.has(matchId)) && (competition === null || competition.has(matchId));
  };

  const drop = (client: StreamClient): void => {
    if (client.closed) return;
    client.closed = true;
    clients.delete(client);
    const count = (perIp.get(client.ip) ?? 1) - 1;
    if (count <= 0) perIp.delete(client.ip);
    else perIp.set(client.ip, count);
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
  const prepareLoad = (site: StaticSite): (() => void) => {
    if (site.buildId === loadedBuildId) return () => undefined;
    let events: unknown[] | null;
    try {
      events = readFeedEvents(site);
    } catch (error) {
      options.log(`aviso: o build ${site.buildId} tem um ${EVENT_FEED_ROUTE} ilegível: ${errorMessage(error)}`);
      return () => undefined;
    }
    if (events === null) return () => (loadedBuildId = site.buildId);
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
      kept = next;
      keptMatches = matches;
      filterSnapshot = null;
      filterIds.clear();
      generation += 1;
      // Ids sort as strings (fixed width). At start nobody is connected yet: nothing is sent.
      const sentBefore = lastSent;
      const fresh = kept.filter(({ id }) => sentBefore === null || id > sentBefore);
      lastSent = kept.at(-1)?.id ?? lastSent;
      for (const event of fresh) for (const client of clients) if (wants(client, event)) deliver(client, event.wire);
    };
  };

  return {
    load(site) {
      prepareLoad(site)();
    },
    prepareLoad,
    refusal(ip) {
      if (clients.size >= options.max) return 'full';
      if (options.perIp > 0 && (perIp.get(ip) ?? 0) >= options.perIp) return 'per-ip';
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
        queue: [`retry: ${RECONNECT_DELAY_MS}\n\n`],
        queueAt: 0,
        blockedSince: null,
        closed: false,
      };
      // Evaluated now, so the memo holds this filter before the next stream asks (needsNewFilter).
      if (query.team !== null || query.competition !== null) resolve(client);
      if (query.since !== null) {
        const since = query.since;
        const oldest = kept[0]?.id ?? null;
        // Older than the oldest kept (or than the last one sent, once none is kept): some are gone.
        const firstKnown = oldest ?? lastSent;
        if (firstKnown !== null && since < firstKnown) client.queue.push(formatResetWire(oldest));
        for (const event of kept) if (event.id > since && wants(client, event)) client.queue.push(event.wire);
      }
      clients.add(client);
      perIp.set(ip, (perIp.get(ip) ?? 0) + 1);
      res.on('close', () => drop(client));
      pump(client);
    },
    size: () => clients.size,
    lastId: () => lastSent,
    close() {
      clearInterval(heartbeat);
      for (const client of [...clients]) {
        client.res.end();
        drop(client);
      }
    },
  };
}
