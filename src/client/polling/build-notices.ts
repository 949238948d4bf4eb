/**
 * The tab's one event stream, of the build notices alone (/api/eventos/stream?apenas=build): the
 * server says so the moment it serves a new build, and every part of the page that polls
 * (poll-listing.ts, search.ts) fetches what it shows at once instead of at its next 60-s poll.
 * The stream opens with the first listener and closes with the last.
 * - Where there is no stream (a bucket or CDN: the request fails) or it breaks, it is closed and
 *   opened again after a back-off (BACKOFF_FIRST_MS doubling up to BACKOFF_MAX_MS, with jitter, so a
 *   restarted server is not met by every tab at once); the polls go on meanwhile. Back online, it
 *   is opened at once. Once it opens again the listeners are called: a notice may have been missed.
 * - A hidden tab holds no stream unless alerts need it (hidden-tab.ts): it is closed when the tab
 *   is hidden and opened again when it is shown (the pollers fetch then anyway), so a background
 *   tab neither holds a connection on the server nor retries one on a bucket.
 * - A notice reaches every tab at the same moment: each waits a random moment of up to SPREAD_MS
 *   first, so their requests do not all land in the same instant.
 */
import { BUILD_NOTICE_TYPE } from '../../lib/api/event-wire.ts';
import { updatesWanted } from './hidden-tab.ts';

/** `apenas=build` (event-stream-query.ts): no match events, only the notices. */
const STREAM_URL = `/api/eventos/stream?apenas=${BUILD_NOTICE_TYPE}`;
export const BACKOFF_FIRST_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;
export const SPREAD_MS = 500;

type Listener = () => void;

const listeners = new Set<Listener>();
let source: EventSource | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let backoff = BACKOFF_FIRST_MS;
/** Whether the stream broke since it last opened (its next opening calls the listeners). */
let broken = false;

function callListeners(): void {
  for (const listener of [...listeners]) listener();
}

function close(): void {
  source?.close();
  source = null;
  clearTimeout(retryTimer);
  retryTimer = undefined;
}

function open(): void {
  close();
  if (listeners.size === 0 || !updatesWanted()) return;
  source = new EventSource(STREAM_URL);
  source.onopen = () => {
    backoff = BACKOFF_FIRST_MS;
    if (broken) callListeners();
    broken = false;
  };
  source.addEventListener(BUILD_NOTICE_TYPE, () => setTimeout(callListeners, Math.random() * SPREAD_MS));
  // The browser's own reconnection has a fixed delay and gives up on an answer that is no stream:
  // both are replaced by one with a back-off (a closed source fires nothing more).
  source.onerror = () => {
    close();
    broken = true;
    retryTimer = setTimeout(open, backoff * (0.5 + Math.random() / 2));
    backoff = Math.min(backoff * 2, BACKOFF_MAX_MS);
  };
}

/** Calls `listener` after each new build the server serves; returns what stops it. */
export function onNewBuild(listener: Listener): () => void {
  listeners.add(listener);
  if (source === null && retryTimer === undefined) open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) close();
  };
}

document.addEventListener('visibilitychange', () => {
  if (!updatesWanted()) close();
  else if (source === null && retryTimer === undefined) open();
});

// Back online: at once, not at the end of a back-off grown while offline.
window.addEventListener('online', () => {
  if (source?.readyState !== 1 /* OPEN */) {
    backoff = BACKOFF_FIRST_MS;
    open();
  }
});
