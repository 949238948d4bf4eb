/**
 * What the event hub (event-hub.ts) reads of a build: its /api/eventos events, each made into wire text once across
 * loads, and its listings' matches. The build's bytes were validated when the refresh wrote them; here an entry
 * that does not parse is left out, never trusted.
 */
import { LISTING_NAMES, ListEnvelopeSchema, MatchEventSchema, type Match, type Status } from '../../lib/model/model.ts';
import { FEED_BODY_END, FEED_EVENTS_START } from '../../lib/api/event-feed-body.ts';
import { formatEventWire } from '../../lib/api/event-wire.ts';
import type { StaticEntry } from '../site/static-site.ts';

export const EVENT_FEED_ROUTE = '/api/eventos';

/** What a build (or a published site's feed, event-feed-poller.ts) offers the hub: the bytes of its routes. */
export interface EventSource {
  buildId: string;
  routes: ReadonlyMap<string, Pick<StaticEntry, 'identity'>>;
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

/** The matches of a build's listings that parse (a listing that does not is left out). */
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
 * The build's feed as the hub keeps it; null when the build has none. Throws when its bytes are not JSON.
 * An event the hub already keeps (by id) is reused as it is: its wire text and match are not made again. A new
 * one is validated; an entry that is not an event is left out. A feed written one event per line
 * (event-feed-body.ts) is read line by line, and only the new events' lines are parsed.
 */
export function readKeptFeed(site: EventSource, previous: KeptFeed): KeptFeed | null {
  const entry = site.routes.get(EVENT_FEED_ROUTE);
  if (!entry) return null;
  const bytes = entry.identity;
  const known = new Map(previous.events.map((item) => [item.id, item]));
  const keeping = createFeedKeeper(known, previous.matches);
  if (!readFeedLines(bytes, keeping.take)) {
    const body = JSON.parse(bytes.toString('utf8')) as { events?: unknown };
    if (!Array.isArray(body.events)) return null;
    for (const raw of body.events)
      keeping.take(typeof raw === 'object' && raw !== null ? (raw as { id?: unknown }).id : undefined, () => raw);
  }
  return keeping.feed;
}

const NEWLINE = 0x0a;
const COMMA = 0x2c;
/** An event's line starts with its id (MatchEventSchema's first key), all ASCII: `{"id":"1764000125000-0000"`. */
const LINE_ID = /^\{"id":"(\d{13}-\d{4})"$/;
const LINE_ID_BYTES = '{"id":"1764000125000-0000"'.length;

/**
 * Hands each event line of a feed in event-feed-body.ts's layout to `take` (its id, and its value when asked);
 * false, having handed nothing, when the bytes are not in that layout (a compact feed: an older build's, or none).
 * Read over the bytes: only the head and the new events' lines are decoded, never the whole feed as one string.
 */
function readFeedLines(bytes: Buffer, take: (id: unknown, value: () => unknown) => void): boolean {
  const headEnd = bytes.indexOf(NEWLINE);
  const bodyEnd = bytes.length - FEED_BODY_END.length - 1;
  if (headEnd < 0 || bodyEnd <= headEnd) return false;
  const head = bytes.toString('utf8', 0, headEnd);
  if (!head.endsWith(FEED_EVENTS_START) || bytes.toString('latin1', bodyEnd) !== `\n${FEED_BODY_END}`) return false;
  // The head's own JSON must parse, as the whole body's would.
  JSON.parse(`${head.slice(0, -FEED_EVENTS_START.length)}"events":[]}`);
  for (let start = headEnd + 1; start <= bodyEnd; ) {
    const next = bytes.indexOf(NEWLINE, start);
    const end = next < 0 || next > bodyEnd ? bodyEnd : next;
    const lineEnd = bytes[end - 1] === COMMA ? end - 1 : end;
    const id = LINE_ID.exec(bytes.toString('latin1', start, start + LINE_ID_BYTES))?.[1];
    const lineStart = start;
    take(id, () => JSON.parse(bytes.toString('utf8', lineStart, lineEnd)));
    start = end + 1;
  }
  return true;
}

/** Collects a feed's events as the hub keeps them, reusing the known ones by id. */
function createFeedKeeper(
  known: ReadonlyMap<string, KeptEvent>,
  knownMatches: ReadonlyMap<string, Match>,
): { feed: KeptFeed; take(id: unknown, value: () => unknown): void } {
  const feed: KeptFeed = { events: [], matches: new Map() };
  return {
    feed,
    take(id, value) {
      const kept = typeof id === 'string' ? known.get(id) : undefined;
      if (kept) {
        feed.events.push(kept);
        const match = knownMatches.get(kept.matchId);
        if (match && !feed.matches.has(kept.matchId)) feed.matches.set(kept.matchId, match);
        return;
      }
      let raw: unknown;
      try {
        raw = value();
      } catch {
        return;
      }
      const parsed = MatchEventSchema.safeParse(raw);
      if (!parsed.success) return;
      const { match } = parsed.data;
      feed.events.push({
        id: parsed.data.id,
        matchId: match.id,
        status: match.status,
        wire: formatEventWire(parsed.data),
      });
      feed.matches.set(match.id, match);
    },
  };
}
