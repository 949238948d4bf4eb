/**
 * /api/eventos/stream through Pushpin (GRIP): Placar answers at once and Pushpin holds the
 * connection (docs/deploying.md, "4. The event stream on Pushpin").
 * - A new stream gets what a direct one starts with (`retry:`, a reset, the replay after
 *   Last-Event-ID or ?desde=), then Grip-Hold: stream, one Grip-Channel per channel its filter
 *   resolved to (event-subscription.ts) with prev-id — where that channel is, so that Pushpin
 *   notices a gap in what the refresher publishes —, a Grip-Link that Pushpin asks on a gap and
 *   every GRIP_RECHECK_SECONDS, and Pushpin's keep-alive (the direct stream's heartbeat); and,
 *   whatever its filter, the build notices' channel (no prev-id: the notices have no id). A
 *   stream of the notices alone (apenas=build) holds only that one.
 * - Pushpin asking again (Grip-Last: <channel>; last-id=<id>) gets what each channel has after
 *   its last id and the same instruction with the new prev-ids. The answer follows from those
 *   headers alone: Pushpin shares one such request among its streams with the same Grip-Last.
 * - A stream waiting on its filter channel is resolved again at each ask; a filter that no set
 *   of channels says exactly is left to the direct stream ('direct').
 * Any server of the deployment answers the same way from the same kept events.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  BUILD_NOTICE_CHANNEL,
  NO_PREVIOUS_ID,
  chainChannels,
  filterChannelName,
  isMatchOnChannel,
  parseChannelName,
  parseFilterChannelName,
  type ChannelKey,
} from '../../lib/api/event-channels.ts';
import { ONLY_BUILD_NOTICES, parseEventStreamQuery, type EventStreamQuery } from '../../lib/api/event-stream-query.ts';
import {
  prepareKnownMatches,
  resolveSubscription,
  type KnownMatches,
  type StreamSubscription,
} from '../../lib/api/event-subscription.ts';
import { EVENT_STREAM_CACHE_CONTROL } from '../../lib/api/headers-policy.ts';
import { MATCH_EVENT_ID_PATTERN } from '../../lib/model/model.ts';
import type { EventView } from './event-hub.ts';
import { HEARTBEAT_INTERVAL_MS, HEARTBEAT_WIRE } from './stream-connections.ts';

/** How often Pushpin asks again about an idle stream: the safety net for a publish it missed. */
export const GRIP_RECHECK_SECONDS = 120;
const STREAM_PATH = '/api/eventos/stream';
/** Distinct filters resolved per load, at most (then the memo starts over). */
const MAX_RESOLVED_FILTERS = 1_000;

export type GripAnswer = 'held' | 'direct';

interface GripMemo {
  known: KnownMatches | null;
  lastIds: ReadonlyMap<string, string> | null;
  subscriptions: Map<string, StreamSubscription>;
}

const memos = new WeakMap<EventView, GripMemo>();

function memoOf(view: EventView): GripMemo {
  let memo = memos.get(view);
  if (!memo) {
    memo = { known: null, lastIds: null, subscriptions: new Map() };
    memos.set(view, memo);
  }
  return memo;
}

const filterKeyOf = (query: EventStreamQuery): string => JSON.stringify([query.team, query.competition]);

/** Whether a stream of `query` needs no new filter resolved (no filter, or one resolved for this view). */
export function isFilterResolved(view: EventView, query: EventStreamQuery): boolean {
  return (query.team === null && query.competition === null) || memoOf(view).subscriptions.has(filterKeyOf(query));
}

function resolve(view: EventView, query: EventStreamQuery): StreamSubscription {
  const memo = memoOf(view);
  const key = filterKeyOf(query);
  let subscription = memo.subscriptions.get(key);
  if (!subscription) {
    // The listings first: their matches are the current ones; then the kept events', newest first.
    const known = (): KnownMatches => {
      memo.known ??= prepareKnownMatches([
        ...view.listingMatches(),
        ...view.events.toReversed().map((event) => event.match),
      ]);
      return memo.known;
    };
    subscription = resolveSubscription(query, known);
    if (memo.subscriptions.size >= MAX_RESOLVED_FILTERS) memo.subscriptions.clear();
    memo.subscriptions.set(key, subscription);
  }
  return subscription;
}

/** The id of each channel's last kept event. */
function lastIdsOf(view: EventView): ReadonlyMap<string, string> {
  const memo = memoOf(view);
  memo.lastIds ??= chainChannels(view.events).lastIds;
  return memo.lastIds;
}

const later = (a: string, b: string): string => (a > b ? a : b);

function formatCString(text: string): string {
  return text.replaceAll('\\', '\\\\').replaceAll('\n', '\\n');
}

/** Where Pushpin asks again: this path, with the stream's filters (never its resume point: Grip-Last says it). */
function nextLink(query: EventStreamQuery): string {
  const params = new URLSearchParams();
  if (query.team !== null) params.set('time', query.team);
  if (query.competition !== null) params.set('competicao', query.competition);
  if (query.onlyBuildNotices) params.set('apenas', ONLY_BUILD_NOTICES);
  const search = params.toString();
  return search === '' ? STREAM_PATH : `${STREAM_PATH}?${search}`;
}

function hold(res: ServerResponse, query: EventStreamQuery, channels: ReadonlyMap<string, string>, body: string[]) {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': EVENT_STREAM_CACHE_CONTROL,
    'X-Accel-Buffering': 'no',
    'Grip-Hold': 'stream',
    'Grip-Channel': [...[...channels].map(([name, prevId]) => `${name}; prev-id=${prevId}`), BUILD_NOTICE_CHANNEL],
    'Grip-Link': `<${nextLink(query)}>; rel=next; timeout=${GRIP_RECHECK_SECONDS}`,
    'Grip-Keep-Alive': `${formatCString(HEARTBEAT_WIRE)}; format=cstring; timeout=${HEARTBEAT_INTERVAL_MS / 1000}`,
  });
  res.end(body.join(''));
}

/**
 * A stream of `query` from its resume point: a new one (its opening), or one waiting on its
 * filter channel that Pushpin asks about again (`resuming`: only the events after query.since).
 */
function subscribe(res: ServerResponse, view: EventView, query: EventStreamQuery, resuming: boolean): GripAnswer {
  if (query.onlyBuildNotices) {
    hold(res, query, new Map(), view.opening(query));
    return 'held';
  }
  let subscription = resolve(view, query);
  // Pushpin holds a resuming stream already: one that can no longer be said by channels keeps waiting.
  if (subscription.kind === 'direct') {
    if (!resuming) return 'direct';
    subscription = { kind: 'waiting' };
  }
  const since = query.since;
  const body = resuming
    ? view.events.filter((event) => since !== null && event.id > since && view.keeps(query, event)).map((e) => e.wire)
    : view.opening(query);
  const channels = new Map<string, string>();
  if (subscription.kind === 'channels') {
    const lastIds = lastIdsOf(view);
    for (const name of subscription.channels) {
      const last = lastIds.get(name);
      // Past what this client has (its resume point) and what the replay sent; nothing known: from now.
      const prevId = since === null ? (last ?? view.lastId ?? NO_PREVIOUS_ID) : later(last ?? NO_PREVIOUS_ID, since);
      channels.set(name, prevId);
    }
  } else {
    const lastKept = view.events.findLast((event) => view.keeps(query, event))?.id ?? NO_PREVIOUS_ID;
    channels.set(filterChannelName(query), later(since ?? view.lastId ?? NO_PREVIOUS_ID, lastKept));
  }
  hold(res, query, channels, body);
  return 'held';
}

/** Pushpin asking again about canonical channels: each one's events after its last id, each event once. */
function resumeChannels(
  res: ServerResponse,
  view: EventView,
  query: EventStreamQuery,
  lasts: ReadonlyArray<{ channel: string; lastId: string; key: ChannelKey }>,
): void {
  const channels = new Map(lasts.map(({ channel, lastId }) => [channel, lastId]));
  const body: string[] = [];
  // Ids sort as strings: the earliest last id is where the replay starts.
  const from = lasts.map(({ lastId }) => lastId).sort()[0] ?? NO_PREVIOUS_ID;
  for (const event of view.events) {
    if (event.id <= from) continue;
    let sent = false;
    for (const { channel, lastId, key } of lasts) {
      if (event.id <= lastId || !isMatchOnChannel(event.match, key)) continue;
      if (!sent) body.push(event.wire);
      sent = true;
      channels.set(channel, event.id);
    }
  }
  hold(res, query, channels, body);
}

const GRIP_LAST = /^\s*([^\s;,]+)\s*;\s*last-id=([^\s;,]+)\s*$/;

/** The Grip-Last headers (one per channel): where Pushpin's stream is on each, ids checked. */
function readGripLast(req: IncomingMessage): Array<{ channel: string; lastId: string }> {
  return (req.headersDistinct['grip-last'] ?? []).flatMap((value) =>
    value.split(',').flatMap((part) => {
      const [, channel = '', lastId = ''] = GRIP_LAST.exec(part) ?? [];
      return MATCH_EVENT_ID_PATTERN.test(lastId) ? [{ channel, lastId }] : [];
    }),
  );
}

/** The filter a filter channel holds, checked as the query string's would be; null if it does not pass. */
function readFilterChannel(channel: string, since: string): EventStreamQuery | null {
  const filter = parseFilterChannelName(channel);
  if (!filter) return null;
  const params = new URLSearchParams({ desde: since });
  for (const [name, value] of [
    ['time', filter.team],
    ['competicao', filter.competition],
  ] as const) {
    if (typeof value === 'string') params.set(name, value);
    else if (value !== null) return null;
  }
  const parsed = parseEventStreamQuery(params.toString(), undefined, STREAM_PATH);
  return parsed.ok ? parsed.query : null;
}

/**
 * Answers a request that came through Pushpin (its Grip-Sig checked by the caller), or says it
 * must be served directly. `query` is the request's own, already validated.
 */
export function answerThroughPushpin(
  req: IncomingMessage,
  res: ServerResponse,
  view: EventView,
  query: EventStreamQuery,
): GripAnswer {
  const lasts = readGripLast(req);
  for (const { channel, lastId } of lasts) {
    const waiting = readFilterChannel(channel, lastId);
    if (waiting) return subscribe(res, view, waiting, true);
  }
  const canonical = lasts.flatMap((last) => {
    const key = parseChannelName(last.channel);
    return key ? [{ ...last, key }] : [];
  });
  if (canonical.length > 0) {
    resumeChannels(res, view, query, canonical);
    return 'held';
  }
  return subscribe(res, view, query, false);
}
