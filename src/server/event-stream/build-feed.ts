/**
 * What the event hub (event-hub.ts) reads of a build: its /api/eventos events, each made into wire text once across
 * loads, and its listings' matches. The build's bytes were validated when the refresh wrote them; here an entry
 * that does not parse is left out, never trusted.
 */
import { LISTING_NAMES, ListEnvelopeSchema, MatchEventSchema, type Match, type Status } from '../../lib/model/model.ts';
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

/** The entries of the build's feed; null when it has none. Throws when its bytes are not JSON. */
export function readFeedEvents(site: EventSource): unknown[] | null {
  const entry = site.routes.get(EVENT_FEED_ROUTE);
  if (!entry) return null;
  const body = JSON.parse(entry.identity.toString('utf8')) as { events?: unknown };
  return Array.isArray(body.events) ? body.events : null;
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
 * The feed's entries as the hub keeps them: an event it already keeps (by id) is reused as it is, so its wire text
 * and match are not made again; a new one is validated; an entry that is not an event is left out.
 */
export function keepFeedEvents(entries: readonly unknown[], previous: KeptFeed): KeptFeed {
  const known = new Map(previous.events.map((item) => [item.id, item]));
  const events: KeptEvent[] = [];
  const matches = new Map<string, Match>();
  for (const raw of entries) {
    const id = typeof raw === 'object' && raw !== null ? (raw as { id?: unknown }).id : undefined;
    const kept = typeof id === 'string' ? known.get(id) : undefined;
    if (kept) {
      events.push(kept);
      const match = previous.matches.get(kept.matchId);
      if (match && !matches.has(kept.matchId)) matches.set(kept.matchId, match);
      continue;
    }
    const parsed = MatchEventSchema.safeParse(raw);
    if (!parsed.success) continue;
    const { match } = parsed.data;
    events.push({ id: parsed.data.id, matchId: match.id, status: match.status, wire: formatEventWire(parsed.data) });
    matches.set(parsed.data.match.id, parsed.data.match);
  }
  return { events, matches };
}
