/**
 * /api/eventos's body: the feed's JSON (the same value as JSON.stringify) with each event on a line of its own.
 * The refreshing process hands its server the feed as a value (src/lib/store/builds/build-loaded.ts); the servers
 * that read it back are those whose refresh ran elsewhere — cluster workers and a server beside `npm run refresh`
 * (src/server/site/read-build-loaded.ts), and one following a published site's feed (EVENT_FEED_URL). The lines let
 * each of them parse only the events it does not keep yet instead of the whole feed, megabytes of text parsed in
 * each process at every refresh.
 */
import type { EventFeed } from '../model/model.ts';

/** The head line ends with this: then one event per line, then FEED_BODY_END on the last line. */
export const FEED_EVENTS_START = '"events":[';
export const FEED_BODY_END = ']}';

export function serializeEventFeed(feed: EventFeed): string {
  const { events, ...head } = feed;
  if (events.length === 0) return JSON.stringify(feed);
  // The head's JSON without its closing brace: `{"generatedAt":…,"count":5000,`.
  const start = JSON.stringify(head).slice(0, -1);
  const lines = events.map((event) => JSON.stringify(event));
  return `${start},${FEED_EVENTS_START}\n${lines.join(',\n')}\n${FEED_BODY_END}`;
}
