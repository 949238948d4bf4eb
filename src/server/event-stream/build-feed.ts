/**
 * What the event hub (event-hub.ts) takes of a build: its /api/eventos events, each made into wire text once across
 * loads, and its listings' matches — from the value the refresh handed over (or read of the build's files:
 * src/server/site/read-build-loaded.ts). A published site's feed (event-feed-poller.ts) comes as bytes instead, read
 * here; an entry of those that does not parse is left out, never trusted.
 */
import {
  LISTING_NAMES,
  ListEnvelopeSchema,
  type EventFeed,
  type Match,
  type MatchEvent,
  type Status,
} from '../../lib/model/model.ts';
import { formatEventWire } from '../../lib/api/event-wire.ts';
import type { BuildLoaded } from '../../lib/store/builds/build-loaded.ts';
import { readFeedBody, readFeedEntry } from '../site/read-feed-bytes.ts';
import type { StaticEntry } from '../site/static-site.ts';

export const EVENT_FEED_ROUTE = '/api/eventos';

/** A published site's feed and listings as the poller fetched them (event-feed-poller.ts): the bytes of its routes. */
export interface EventSource {
  buildId: string;
  routes: ReadonlyMap<string, Pick<StaticEntry, 'identity'>>;
}

/** What a build offers the hub: its feed (kept as the hub keeps it) and its listings' matches. */
export interface FeedSource {
  buildId: string;
  /** The feed as the hub keeps it, given what it keeps (`previous`); null when there is none. Throws when unreadable. */
  keptFeed(previous: KeptFeed): KeptFeed | null;
  /** The matches of the build's listings (/api/live, hoje, amanha, ontem). */
  listingMatches(): Match[];
}

/** What the hub keeps of an event: its JSON lives only in `wire` (the match once per match, for filters). */
export interface KeptEvent {
  id: string;
  matchId: string;
  /** The match's status after the change (the feed's `status` filter). */
  status: Status;
  /** "id: …\nevent: …\ndata: …\n\n", made once. */
  wire: string;
}

/** The events a hub keeps, oldest first, and their matches by id. */
export interface KeptFeed {
  events: KeptEvent[];
  matches: Map<string, Match>;
}

/** The event's JSON inside its wire text ("…\ndata: <json>\n\n"). */
export function eventJsonOf(wire: string): string {
  return wire.slice(wire.indexOf('\ndata: ') + '\ndata: '.length, -2);
}

/** The matches of a published site's listings that parse (a listing that does not is left out). */
export function readListingMatches(site: EventSource): Match[] {
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

/**
 * A published site's feed as the hub keeps it; null when it has none. Throws when its bytes are not JSON. An event
 * the hub already keeps (by id) is reused as it is: its wire text and match are not made again, its line not parsed
 * (read-feed-bytes.ts). A new one is validated; an entry that is not an event is left out.
 */
export function readKeptFeed(site: EventSource, previous: KeptFeed): KeptFeed | null {
  const entry = site.routes.get(EVENT_FEED_ROUTE);
  if (!entry) return null;
  const keeping = createFeedKeeper(previous);
  return readFeedBody(entry.identity, keeping.take) && keeping.feed;
}

/** The build's feed as the hub keeps it: an event it keeps already (by id) reused, a new one made into wire text. */
export function keepFeed(feed: EventFeed, previous: KeptFeed): KeptFeed {
  const keeping = createFeedKeeper(previous);
  for (const event of feed.events) keeping.keep(event);
  return keeping.feed;
}

/** What the hub takes of a build the refresh handed over, or of one read of its files. */
export function feedOfBuild(build: BuildLoaded): FeedSource {
  return {
    buildId: build.buildId,
    keptFeed: (previous) => (build.feed ? keepFeed(build.feed, previous) : null),
    listingMatches: () => LISTING_NAMES.flatMap((listing) => build.snapshot[listing].matches),
  };
}

/** What the hub takes of a published site's bytes (event-feed-poller.ts, and tests that make feeds as files). */
export function feedOfBytes(site: EventSource): FeedSource {
  return {
    buildId: site.buildId,
    keptFeed: (previous) => readKeptFeed(site, previous),
    listingMatches: () => readListingMatches(site),
  };
}

/** Collects a feed's events as the hub keeps them, reusing the ones it keeps (by id). */
function createFeedKeeper(previous: KeptFeed): {
  feed: KeptFeed;
  keep(event: MatchEvent): void;
  take(id: unknown, value: () => unknown): void;
} {
  const known = new Map(previous.events.map((item) => [item.id, item]));
  const feed: KeptFeed = { events: [], matches: new Map() };
  const reuse = (id: unknown): boolean => {
    const kept = typeof id === 'string' ? known.get(id) : undefined;
    if (!kept) return false;
    feed.events.push(kept);
    const match = previous.matches.get(kept.matchId);
    if (match && !feed.matches.has(kept.matchId)) feed.matches.set(kept.matchId, match);
    return true;
  };
  const add = (event: MatchEvent): void => {
    const { match } = event;
    feed.events.push({ id: event.id, matchId: match.id, status: match.status, wire: formatEventWire(event) });
    feed.matches.set(match.id, match);
  };
  return {
    feed,
    keep(event) {
      if (!reuse(event.id)) add(event);
    },
    take(id, value) {
      if (reuse(id)) return;
      const event = readFeedEntry(value);
      if (event) add(event);
    },
  };
}
