/**
 * The refresher's half of the event stream on Pushpin: after each published build, the kept
 * events an endpoint of PUSHPIN_PUBLISH_URLS has not taken yet go to it in one POST — each
 * event on each of its channels with its id and that channel's previous id
 * (event-channels.ts), the direct stream's bytes as the content. Never in anything's way: it
 * runs after the build is served and the refresh does not wait for it; each endpoint has at
 * most one request in flight (a refresh meanwhile is folded into the next request) and a
 * deadline. A Pushpin that is down is logged and sent what it missed at the next refresh (the
 * last id each one took is kept in DATA_DIR/pushpin-publish.json); what does not fit in one
 * request is left out, and its streams fetch it from Placar when the next event shows the gap.
 * The served build's notice (event-wire.ts) goes in the same request, last, on the channel every
 * stream holds (BUILD_NOTICE_CHANNEL), without an id; a notice that does not get through is not
 * sent again: the next build's is, and open pages poll meanwhile.
 */
import { BUILD_NOTICE_CHANNEL, chainChannels } from '../../lib/api/event-channels.ts';
import { errorMessage } from '../../lib/model/caught-error.ts';
import { MatchEventSchema, type MatchEvent } from '../../lib/model/model.ts';
import { readEventStore, readKeptEvents } from '../../lib/store/scraped/event-store.ts';
import { readPushpinLastIds, writePushpinLastIds } from '../../lib/store/push/pushpin-publish-store.ts';
import { formatBuildNoticeWire, formatEventWire } from '../../lib/api/event-wire.ts';

/** Deadline of one publish request. */
export const PUSHPIN_PUBLISH_TIMEOUT_MS = 5_000;
/** Body of one request at most: under Pushpin's default push_in_http_max_body_size (1,000,000 bytes). */
export const PUSHPIN_PUBLISH_MAX_BYTES = 900_000;

export interface EventPublisherOptions {
  /** Publish endpoints (…/publish/), from PUSHPIN_PUBLISH_URLS. */
  urls: readonly string[];
  dataDir: string;
  log: (line: string) => void;
  timeoutMs?: number;
  maxBytes?: number;
}

export interface EventPublisher {
  /**
   * Sends every endpoint the kept events after the last one it took (after a published build),
   * and `buildId`'s notice when given (the build every server now serves).
   */
  publish(buildId?: string): void;
  /** Resolves once no request is in flight (a one-shot refresh waits for it before it exits). */
  idle(): Promise<void>;
}

interface Endpoint {
  url: string;
  running: Promise<void> | null;
  again: boolean;
  /** The notice item of the newest build not yet sent to this endpoint. */
  notice: string | null;
  failing: boolean;
}

/** The newest events whose items fit in `maxBytes` (each event whole, with all its channels). */
function itemsThatFit(
  events: readonly MatchEvent[],
  fresh: number,
  maxBytes: number,
): { items: string[]; first: number } {
  const { items } = chainChannels(events);
  const parts: string[][] = [];
  let size = '{"items":[]}'.length;
  let first = events.length;
  while (first > fresh) {
    const event = events[first - 1];
    if (!event) break;
    // Through the schema, as the server's hub reads the feed: the same keys in the same order, the same bytes.
    const content = formatEventWire(MatchEventSchema.parse(event));
    const encoded = (items[first - 1] ?? []).map((item) =>
      JSON.stringify({
        channel: item.channel,
        id: item.id,
        'prev-id': item.prevId,
        formats: { 'http-stream': { content } },
      }),
    );
    const bytes = encoded.reduce((sum, item) => sum + Buffer.byteLength(item) + 1, 0);
    if (size + bytes > maxBytes && parts.length > 0) break;
    size += bytes;
    parts.unshift(encoded);
    first -= 1;
  }
  return { items: parts.flat(), first };
}

/** Where an endpoint never published to starts: after the events kept before this process started. */
function readStartId(dataDir: string): string | null {
  try {
    return readEventStore(dataDir)?.lastId ?? null;
  } catch {
    // An unreadable store starts over at the next refresh; so does publishing.
    return null;
  }
}

/**
 * Saves the last id each endpoint took, one write at a time, each of the state as it is when its turn comes:
 * endpoints answer together, and two overlapping atomic writes could rename the older state last.
 */
function createLastIdsSaver(options: EventPublisherOptions, lastIds: Map<string, string>): () => Promise<void> {
  let saving: Promise<void> = Promise.resolve();
  return () => {
    saving = saving.then(async () => {
      try {
        // Only the endpoints configured now: one taken out of PUSHPIN_PUBLISH_URLS is forgotten.
        const configured = new Map([...lastIds].filter(([url]) => options.urls.includes(url)));
        await writePushpinLastIds(options.dataDir, configured);
      } catch (error) {
        options.log(`aviso: não foi possível gravar o estado da publicação no Pushpin: ${errorMessage(error)}`);
      }
    });
    return saving;
  };
}

/** One publish request of `items`; throws when the endpoint refuses it or misses the deadline. */
async function postItems(url: string, items: readonly string[], timeoutMs: number): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: `{"items":[${items.join(',')}]}`,
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
}

/** A build's notice as one publish item: on the channel every stream holds, without an id. */
function buildNoticeItem(buildId: string): string {
  return JSON.stringify({
    channel: BUILD_NOTICE_CHANNEL,
    formats: { 'http-stream': { content: formatBuildNoticeWire(buildId) } },
  });
}

export function createEventPublisher(options: EventPublisherOptions): EventPublisher {
  const timeoutMs = options.timeoutMs ?? PUSHPIN_PUBLISH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? PUSHPIN_PUBLISH_MAX_BYTES;
  const endpoints: Endpoint[] = options.urls.map((url) => ({
    url,
    running: null,
    again: false,
    failing: false,
    notice: null,
  }));
  const lastIds = readPushpinLastIds(options.dataDir);
  const startId = readStartId(options.dataDir);
  const saveLastIds = createLastIdsSaver(options, lastIds);

  const send = async (endpoint: Endpoint): Promise<void> => {
    const notice = endpoint.notice;
    endpoint.notice = null;
    const { events } = readKeptEvents(options.dataDir);
    const after = lastIds.get(endpoint.url) ?? startId;
    const found = after === null ? 0 : events.findIndex((event) => event.id > after);
    const fresh = found === -1 ? events.length : found;
    if (fresh === events.length && notice === null) return;
    const room = maxBytes - (notice === null ? 0 : Buffer.byteLength(notice) + 1);
    const { items, first } = fresh === events.length ? { items: [], first: fresh } : itemsThatFit(events, fresh, room);
    if (notice !== null) items.push(notice);
    const count = events.length - fresh;
    try {
      await postItems(endpoint.url, items, timeoutMs);
    } catch (error) {
      endpoint.failing = true;
      // Where this endpoint is, for the next refresh — maybe another process — to send it what it missed.
      if (!lastIds.has(endpoint.url) && after !== null) {
        lastIds.set(endpoint.url, after);
        await saveLastIds();
      }
      options.log(
        `aviso: Pushpin ${endpoint.url} não recebeu ${count === 0 ? 'o aviso do novo build' : `${count} evento(s)`} ` +
          `(${errorMessage(error)}): ` +
          'nova tentativa na próxima atualização.',
      );
      return;
    }
    if (first > fresh) {
      options.log(
        `aviso: Pushpin ${endpoint.url}: ${first - fresh} evento(s) mais antigos não couberam no pedido; ` +
          'seus fluxos os pedem ao Placar.',
      );
    }
    if (endpoint.failing) options.log(`Pushpin ${endpoint.url} voltou a receber eventos (${count} enviados).`);
    endpoint.failing = false;
    const last = events.at(-1)?.id;
    if (count === 0 || last === undefined) return;
    lastIds.set(endpoint.url, last);
    await saveLastIds();
  };

  const run = (endpoint: Endpoint): void => {
    if (endpoint.running) {
      endpoint.again = true;
      return;
    }
    endpoint.running = (async () => {
      do {
        endpoint.again = false;
        // Nothing here may stop the refresher: whatever goes wrong is one line, and the next refresh tries again.
        await send(endpoint).catch((error: unknown) =>
          options.log(`aviso: publicação no Pushpin ${endpoint.url} falhou: ${errorMessage(error)}`),
        );
      } while (endpoint.again);
    })().finally(() => {
      endpoint.running = null;
    });
  };

  return {
    publish(buildId) {
      const notice = buildId === undefined ? null : buildNoticeItem(buildId);
      for (const endpoint of endpoints) {
        endpoint.notice = notice ?? endpoint.notice;
        run(endpoint);
      }
    },
    async idle() {
      await Promise.all(endpoints.map((endpoint) => endpoint.running));
    },
  };
}
