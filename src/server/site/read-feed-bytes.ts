/**
 * An event feed's bytes as Placar writes them (src/lib/api/event-feed-body.ts: one event per line), read by a
 * server that did not make the build itself (read-build-loaded.ts) and by one following a published site's feed
 * (event-feed-poller.ts): only the head and the events not known yet are parsed, never the whole feed as one string.
 */
import { FEED_BODY_END, FEED_EVENTS_START } from '../../lib/api/event-feed-body.ts';
import { MatchEventSchema, TIMEZONE, type EventFeed, type MatchEvent } from '../../lib/model/model.ts';

const NEWLINE = 0x0a;
const COMMA = 0x2c;
/** An event's line starts with its id (MatchEventSchema's first key), all ASCII: `{"id":"1764000125000-0000"`. */
const LINE_ID = /^\{"id":"(\d{13}-\d{4})"$/;
const LINE_ID_BYTES = '{"id":"1764000125000-0000"'.length;

/**
 * Hands each event line of a feed in event-feed-body.ts's layout to `take` (its id, and its value when asked);
 * false, having handed nothing, when the bytes are not in that layout (a compact feed: an older build's, or none).
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

/** When a feed's data was fetched, and whether it was stale then, as its head says. */
export interface FeedHead {
  generatedAt: string | null;
  stale: boolean;
}

function headOf(body: { generatedAt?: unknown; stale?: unknown }): FeedHead {
  return { generatedAt: typeof body.generatedAt === 'string' ? body.generatedAt : null, stale: body.stale !== false };
}

/**
 * Hands each entry of the feed in `bytes` to `take` (its id if it has one, and its value when asked) and returns
 * the feed's head; null, having handed nothing, when it holds no list of events. Throws when the bytes are not JSON.
 */
export function readFeedBody(bytes: Buffer, take: (id: unknown, value: () => unknown) => void): FeedHead | null {
  if (readFeedLines(bytes, take)) {
    const head = bytes.toString('utf8', 0, bytes.indexOf(NEWLINE) - FEED_EVENTS_START.length);
    return headOf(JSON.parse(`${head}"events":[]}`) as object);
  }
  const body = JSON.parse(bytes.toString('utf8')) as { events?: unknown; generatedAt?: unknown; stale?: unknown };
  if (!Array.isArray(body.events)) return null;
  for (const raw of body.events)
    take(typeof raw === 'object' && raw !== null ? (raw as { id?: unknown }).id : undefined, () => raw);
  return headOf(body);
}

/** A feed entry not known yet, validated: null when it is not an event (or its line is not JSON). */
export function readFeedEntry(value: () => unknown): MatchEvent | null {
  try {
    const parsed = MatchEventSchema.safeParse(value());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The feed in `bytes`; null when it holds no list of events. Throws when the bytes are not JSON. An event `known`
 * has (by id) is taken from it, not parsed again; a new one is validated, and an entry that is not an event is left
 * out.
 */
export function readFeedBytes(bytes: Buffer, known: ReadonlyMap<string, MatchEvent>): EventFeed | null {
  const events: MatchEvent[] = [];
  const head = readFeedBody(bytes, (id, value) => {
    const kept = typeof id === 'string' ? known.get(id) : undefined;
    if (kept) return void events.push(kept);
    const event = readFeedEntry(value);
    if (event) events.push(event);
  });
  return head && { ...head, timezone: TIMEZONE, count: events.length, events };
}
