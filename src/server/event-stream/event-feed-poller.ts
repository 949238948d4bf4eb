/**
 * EVENT_FEED_URL: a server on a machine that does not share the refresher's DATA_DIR takes its
 * events from the published site (the bucket or CDN of PUBLISH_COMMAND): /api/eventos every
 * FEED_POLL_MS, and the four listings when it changed (they name the matches a stream filter
 * resolves against). The bytes go to the event hub as a build's would, so its streams, their
 * replays and its answers to Pushpin are the same as on the refresher's machine. What comes
 * back is validated by the hub (zod); a failed fetch keeps the last good feed and is logged once
 * until the feed is back.
 */
import { createHash } from 'node:crypto';
import { errorMessage } from '../../lib/model/caught-error.ts';
import { LISTING_NAMES } from '../../lib/model/model.ts';
import type { EventSource } from './build-feed.ts';
import type { EventHub } from './event-hub.ts';

export const FEED_POLL_MS = 2_000;
const FEED_TIMEOUT_MS = 10_000;
/** Far above a full feed (5,000 events) or listing. */
const MAX_FEED_BYTES = 50_000_000;
const FEED_ROUTE = '/api/eventos';
const LISTING_ROUTES = LISTING_NAMES.map((listing) => `/api/${listing}`);

export interface EventFeedPoller {
  /** Resolves after the first attempt (loaded or not). */
  ready: Promise<void>;
  stop(): void;
}

async function readBytes(url: string): Promise<Buffer> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FEED_TIMEOUT_MS), cache: 'no-store' });
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new Error(`HTTP ${response.status}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > MAX_FEED_BYTES) throw new Error(`mais de ${MAX_FEED_BYTES} bytes`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

export function startEventFeedPoller(baseUrl: string, hub: EventHub, log: (line: string) => void): EventFeedPoller {
  const base = baseUrl.replace(/\/+$/, '');
  let lastHash: string | null = null;
  let failing = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const poll = async (): Promise<void> => {
    try {
      const feed = await readBytes(base + FEED_ROUTE);
      const hash = createHash('sha256').update(feed).digest('hex').slice(0, 16);
      if (hash !== lastHash) {
        const routes = new Map([[FEED_ROUTE, { identity: feed }]]);
        // A listing that cannot be read leaves only the kept events to resolve filters against.
        await Promise.all(
          LISTING_ROUTES.map(async (route) => {
            const bytes = await readBytes(base + route).catch(() => null);
            if (bytes) routes.set(route, { identity: bytes });
          }),
        );
        const source: EventSource = { buildId: `feed-${hash}`, routes };
        if (!stopped) hub.load(source);
        lastHash = hash;
      }
      if (failing) log(`${base}${FEED_ROUTE} voltou a responder.`);
      failing = false;
    } catch (error) {
      if (!failing) log(`aviso: não foi possível ler ${base}${FEED_ROUTE} (${errorMessage(error)}); tentando de novo.`);
      failing = true;
    }
  };

  const loop = async (): Promise<void> => {
    await poll();
    if (!stopped) timer = setTimeout(() => void loop(), FEED_POLL_MS);
  };
  const ready = loop();
  return {
    ready,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
