/**
 * The open /api/eventos/stream connections of one hub (event-hub.ts) and what each still has to be written.
 *
 * Memory stays bounded whatever clients do: a connection queues references to the hub's shared strings, not
 * copies; it is written only as fast as its socket drains (at most one highWaterMark buffered in node), and one
 * that falls more than `maxQueued` messages behind or stops draining for `stallMs` is dropped — it may reconnect
 * and resume by id.
 */
import type { ServerResponse } from 'node:http';
import type { EventStreamQuery } from '../../lib/api/event-stream-query.ts';
import { createStreamCounts } from '../limits/stream-counts.ts';
import type { FilteredStream } from './stream-filters.ts';

export const HEARTBEAT_INTERVAL_MS = 15_000;
export const HEARTBEAT_WIRE = ': ping\n\n';
/** Written messages a queue may still hold before it is compacted (a steady reader never reaches its end). */
const COMPACT_AFTER = 1024;

export interface StreamClient extends FilteredStream {
  res: ServerResponse;
  /** Whom the per-client limit counts (rate-limit-key.ts: an IPv4 address or an IPv6 /64). */
  ip: string;
  /** Messages to write (shared strings), from `queueAt` on. */
  queue: string[];
  queueAt: number;
  /** Since when the socket has refused more (write returned false); null while it drains. */
  blockedSince: number | null;
  closed: boolean;
}

export type StreamRefusal = 'per-ip' | 'full';

export interface StreamConnectionLimits {
  /** Streams per client (and twice that per IPv6 /56, ten times per /48: stream-counts.ts); 0: no limit. */
  perIp: number;
  max: number;
  maxQueued: number;
  stallMs: number;
  heartbeatMs: number;
}

export interface StreamConnections {
  /** The open connections (one may leave while they are gone through: deleting from a Set while iterating is safe). */
  readonly clients: ReadonlySet<StreamClient>;
  /** Why a new connection from `ip` (a client key) may not open now, or null. */
  refusal(ip: string): StreamRefusal | null;
  /** Keeps `client` open until its socket closes, and starts writing what it has queued. */
  add(client: StreamClient): void;
  /** Queues `chunk` for `client`, cutting it loose if it has fallen too far behind. */
  deliver(client: StreamClient, chunk: string): void;
  /**
   * Queues `messages` for `client`: in one write (`joined`, their concatenation) when nothing is waiting,
   * else one by one, so the backlog a client may hold is still counted in messages.
   */
  deliverBatch(client: StreamClient, messages: readonly string[], joined: string): void;
  /** Ends every stream and the heartbeat. */
  close(): void;
}

/** A new stream's client, with the messages it starts with already queued. */
export function newStreamClient(
  res: ServerResponse,
  ip: string,
  query: EventStreamQuery,
  opening: string[],
): StreamClient {
  return { res, ip, query, filter: null, queue: opening, queueAt: 0, blockedSince: null, closed: false };
}

/** Writes the client's queue until its socket refuses more, then waits for 'drain'. */
function pump(client: StreamClient): void {
  while (!client.closed && client.queueAt < client.queue.length) {
    const chunk = client.queue[client.queueAt] ?? '';
    client.queueAt += 1;
    const socket = client.res.socket;
    if (socket === null) return;
    if (!socket.write(chunk)) {
      client.blockedSince = Date.now();
      socket.once('drain', () => {
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
}

export function createStreamConnections(limits: StreamConnectionLimits): StreamConnections {
  const clients = new Set<StreamClient>();
  const perClient = createStreamCounts(limits.perIp);

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
  const deliver = (client: StreamClient, chunk: string): void => {
    if (client.closed) return;
    client.queue.push(chunk);
    // A client that does not read: cut it loose before it costs more.
    if (client.queue.length - client.queueAt > limits.maxQueued) return cut(client);
    if (client.blockedSince === null) pump(client);
  };

  const deliverBatch = (client: StreamClient, messages: readonly string[], joined: string): void => {
    if (client.closed) return;
    if (client.blockedSince !== null || client.queueAt < client.queue.length)
      for (const message of messages) deliver(client, message);
    else deliver(client, joined);
  };

  const heartbeat = setInterval(() => {
    const now = Date.now();
    for (const client of [...clients]) {
      if (client.blockedSince !== null && now - client.blockedSince > limits.stallMs) cut(client);
      else deliver(client, HEARTBEAT_WIRE);
    }
  }, limits.heartbeatMs);
  heartbeat.unref();

  return {
    clients,
    refusal(ip) {
      if (clients.size >= limits.max) return 'full';
      if (!perClient.allows(ip)) return 'per-ip';
      return null;
    },
    add(client) {
      clients.add(client);
      perClient.add(client.ip);
      client.res.on('close', () => drop(client));
      pump(client);
    },
    deliver,
    deliverBatch,
    close() {
      clearInterval(heartbeat);
      for (const client of [...clients]) {
        client.res.end();
        drop(client);
      }
    },
  };
}
