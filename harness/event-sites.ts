/**
 * In-memory builds holding only an /api/eventos feed, for driving the event hub directly
 * (slow-client test, bench): its file's bytes, as a published site's feed reaches the hub (event-feed-poller.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serializeEventFeed } from '../src/lib/api/event-feed-body.ts';
import { TIMEZONE, type EventFeed, type Match, type MatchEvent } from '../src/lib/model/model.ts';
import { createEventHub, type EventHub, type EventHubOptions } from '../src/server/event-stream/event-hub.ts';
import type { EventSource } from '../src/server/event-stream/build-feed.ts';
import { readExpectedMatches } from './fixture-snapshot.ts';

/** `count` GOAL events with ids from `firstMs` (one per millisecond), on the live sample matches in turn. */
export function buildGoalEvents(firstMs: number, count: number): MatchEvent[] {
  const matches = readExpectedMatches('live');
  return Array.from({ length: count }, (_, index): MatchEvent => {
    const match = matches[index % matches.length] as Match;
    return {
      id: `${firstMs + index}-0000`,
      type: 'GOAL',
      at: '2026-11-21T20:00:00-03:00',
      match,
      team: 'HOME',
      previous: { status: match.status, score: match.score },
    };
  });
}

export function buildFeedSite(buildId: string, events: readonly MatchEvent[]): EventSource {
  const feed: EventFeed = {
    generatedAt: '2026-11-21T20:00:00-03:00',
    timezone: TIMEZONE,
    stale: false,
    count: events.length,
    events: [...events],
  };
  const identity = Buffer.from(serializeEventFeed(feed));
  const file = {
    path: 'api/eventos',
    hash: buildId,
    size: identity.length,
    lastModified: new Date(0).toUTCString(),
    contentType: 'application/json',
    cacheControl: 'no-store',
    br: false,
    gzip: false,
  };
  return {
    buildId,
    routes: new Map([['/api/eventos', { file, identity, br: null, gzip: null }]]),
  };
}

export interface HubServer {
  url: string;
  hub: EventHub;
  close(): Promise<void>;
}

/** A loopback node:http server whose every request becomes an unfiltered stream of `hub` (or, with ?apenas=build, of its notices). */
export async function startHubServer(options: Omit<EventHubOptions, 'log'>): Promise<HubServer> {
  const hub = createEventHub({ ...options, log: () => undefined });
  const server = http.createServer((req, res) => {
    const since = req.headers['last-event-id'];
    // ?apenas=build: the build notices alone (an open page's stream).
    const onlyBuildNotices = new URL(req.url ?? '/', 'http://localhost').searchParams.get('apenas') === 'build';
    hub.attach(res, req.socket.remoteAddress ?? '', {
      team: null,
      competition: null,
      since: typeof since === 'string' && !onlyBuildNotices ? since : null,
      onlyBuildNotices,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hub,
    async close() {
      hub.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
