/**
 * An API endpoint polled every 60 s with a conditional GET (If-None-Match: a 304 costs no body),
 * paused while the tab is hidden (unless alerts need it: hidden-tab.ts) and run at once
 * when it is shown again, when the server serves a new build (build-notices.ts: the 60-s poll is
 * then the fallback), or when the connection goes or comes back. Back online, the page's answer
 * can still be the service worker's offline copy for a moment (the worker gets the network back
 * after the page): it is asked again a few times within 10 s. pollListing: a listing,
 * whose every new answer also goes to the page's listing feed; pollJson: any of Placar's JSON
 * answers (the match page's), until stopped.
 */
import type { ListEnvelope } from '../../lib/model/model.ts';
import { readListEnvelope } from './api-response.ts';
import { onNewBuild } from './build-notices.ts';
import { updatesWanted } from './hidden-tab.ts';
import { publishListingEnvelope } from './listing-envelopes.ts';
import { isOfflineAnswer } from '../offline/offline-response.ts';

export const REFRESH_INTERVAL_MS = 60_000;
/** Back online: asked at once, then again after these (the service worker's network may lag the page's). */
const BACK_ONLINE_RETRIES_MS = [0, 2_000, 5_000, 10_000];

export interface PollHandlers<T> {
  /** New data (a 200); not called on a 304. */
  onEnvelope(envelope: T): void;
  /** After every attempt: true when the data shown is the latest (200 or 304). */
  onSettled?(ok: boolean): void;
  /** After every attempt: true when the answer was the service worker's last good copy, or none came. */
  onConnection?(offline: boolean): void;
}

/** Polls `endpoint`, whose answers `read` checks (throwing on a wrong shape), until stop() is called. */
export function pollJson<T>(
  endpoint: string,
  read: (body: unknown) => T,
  handlers: PollHandlers<T>,
  options: { atOnce?: boolean } = {},
): { stop(): void } {
  let stopped = false;
  let etag: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight = false;
  /** Asked for while one was in flight (the connection changed mid-request): run again after it. */
  let again = false;
  const schedule = (): void => {
    clearTimeout(timer);
    if (!stopped && updatesWanted()) timer = setTimeout(() => void refresh(), REFRESH_INTERVAL_MS);
  };

  const refresh = async (): Promise<void> => {
    if (stopped) return;
    if (inFlight) {
      again = true;
      return;
    }
    inFlight = true;
    clearTimeout(timer);
    let ok = false;
    let offline = false;
    try {
      // A manual If-None-Match makes fetch hand us the 304 instead of answering from its cache.
      const response = await fetch(endpoint, { cache: 'no-store', headers: etag ? { 'If-None-Match': etag } : {} });
      offline = isOfflineAnswer(response);
      if (response.status !== 304) {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        handlers.onEnvelope(read(await response.json()));
        etag = response.headers.get('ETag');
      }
      ok = true;
    } catch (error) {
      // Keep what is shown; the caller decides whether to say so. A failed fetch is a TypeError:
      // "offline" when the browser says so too (a server that does not answer is another matter).
      offline = error instanceof TypeError && !navigator.onLine;
    } finally {
      inFlight = false;
      handlers.onSettled?.(ok);
      handlers.onConnection?.(offline);
      if (again) {
        again = false;
        void refresh();
      } else {
        schedule();
      }
    }
  };

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden') void refresh();
    else if (!updatesWanted()) clearTimeout(timer);
  });
  window.addEventListener('online', () => {
    for (const delay of BACK_ONLINE_RETRIES_MS) setTimeout(() => void refresh(), delay);
  });
  window.addEventListener('offline', () => void refresh());
  const stopNotices = onNewBuild(() => {
    if (updatesWanted()) void refresh();
  });
  // Opened offline (from the service worker's copy): show the last good data at once, and say so;
  // asked to (a live match's page, older than its minute): at once too.
  if (navigator.onLine && !options.atOnce) schedule();
  else void refresh();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      stopNotices();
    },
  };
}

export function pollListing(endpoint: string, handlers: PollHandlers<ListEnvelope>): void {
  pollJson(endpoint, readListEnvelope, {
    ...handlers,
    onEnvelope: (envelope) => {
      handlers.onEnvelope(envelope);
      publishListingEnvelope(endpoint, envelope);
    },
  });
}
