/**
 * The event stream of build notices alone (/api/eventos/stream?apenas=build), held by the tab
 * build-notices.ts chose: the server says so the moment it serves a new build.
 * - Where there is no stream (a bucket or CDN: the request fails) or it breaks, it is closed and
 *   opened again after a back-off (BACKOFF_FIRST_MS doubling up to BACKOFF_MAX_MS, with jitter, so a
 *   restarted server is not met by every browser at once); the polls go on meanwhile. Back online,
 *   it is opened at once. Once it opens again `reopened` is called: a notice may have been missed.
 */
import { BUILD_NOTICE_TYPE } from '../../lib/api/event-wire.ts';

/** `apenas=build` (event-stream-query.ts): no match events, only the notices. */
const STREAM_URL = `/api/eventos/stream?apenas=${BUILD_NOTICE_TYPE}`;
export const BACKOFF_FIRST_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

export interface NoticeStreamHandlers {
  /** A new build is served. */
  notice(): void;
  /** The stream opened after a gap in which a notice may have been missed. */
  reopened(): void;
}

let handlers: NoticeStreamHandlers | null = null;
let source: EventSource | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let backoff = BACKOFF_FIRST_MS;
/** Whether notices may have been missed since the stream last opened (its next opening says so). */
let missed = false;

function disconnect(): void {
  source?.close();
  source = null;
  clearTimeout(retryTimer);
  retryTimer = undefined;
}

function connect(): void {
  disconnect();
  if (handlers === null) return;
  const told = handlers;
  source = new EventSource(STREAM_URL);
  source.onopen = () => {
    backoff = BACKOFF_FIRST_MS;
    if (missed) told.reopened();
    missed = false;
  };
  source.addEventListener(BUILD_NOTICE_TYPE, () => told.notice());
  // The browser's own reconnection has a fixed delay and gives up on an answer that is no stream:
  // both are replaced by one with a back-off (a closed source fires nothing more).
  source.onerror = () => {
    disconnect();
    missed = true;
    retryTimer = setTimeout(connect, backoff * (0.5 + Math.random() / 2));
    backoff = Math.min(backoff * 2, BACKOFF_MAX_MS);
  };
}

/** Opens the stream, telling `to`; `gap`: notices may already have been missed (another tab held it until now). */
export function openNoticeStream(to: NoticeStreamHandlers, gap: boolean): void {
  handlers = to;
  missed = gap;
  connect();
}

export function closeNoticeStream(): void {
  handlers = null;
  disconnect();
}

// Back online: at once, not at the end of a back-off grown while offline.
window.addEventListener('online', () => {
  if (handlers !== null && source?.readyState !== 1 /* OPEN */) {
    backoff = BACKOFF_FIRST_MS;
    connect();
  }
});
