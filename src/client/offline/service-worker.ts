/**
 * The service worker, served as sw.js at the site root (so its scope is the whole site, also
 * from a bucket). src/refresh/render/service-worker-build.ts compiles it at each `astro build` and
 * fills PLACAR_SHELL from the build: the shell's files and the version they make, so a new
 * build of the code is a new sw.js, hence a new worker, new cache names, old caches deleted.
 * - pages and other unfingerprinted files: network first (never a stale shell when online),
 *   the cached copy when the network fails;
 * - _astro/ (fingerprinted) and escudos/ (named by content hash): cache first; the crests a
 *   page or a listing names are fetched with it (rows' crests load lazily, and must be there offline);
 * - api/* without a query: network first, the last good answer when offline, marked with
 *   OFFLINE_HEADER so the page can say so; with a query (search, filters): not handled;
 * - match pages (jogo/…) and their JSON (api/jogo/…), one per match of four days: the same, each
 *   in a cache of its own that keeps only the MAX_MATCHES last visited;
 * - a page never kept (a match, a table, a past day, any other), offline, gets the start page saying
 *   so, in the words of its kind (sayingPageNotSaved);
 * - event streams (api/eventos/stream, or any request asking for text/event-stream): never handled —
 *   their body never ends, so a copy would wait forever and keep the worker busy per open stream;
 *   and no text/event-stream answer is ever kept, whatever its path.
 * Every URL is taken relative to the registration's scope, never to the host's root, and judged by
 * its decoded path, as the server reads it (/api/eventos/%73tream is the stream too); a path that
 * does not decode is left to the network.
 * A push (Web Push, from a server with push on) is a followed team's alert: shown as the page's
 * own alerts are (same tag: one event, one notification), and a tap opens its match page.
 */
import { OFFLINE_HEADER } from './offline-response.ts';
import { unsavedPageKind } from './unsaved-page.ts';

/** Filled in at build time, relative to the site root ('' is the start page). */
declare const PLACAR_SHELL: {
  readonly version: string;
  readonly pages: readonly string[];
  readonly files: readonly string[];
  /** The pre-built API listings, kept from the start: offline search needs every one of them. */
  readonly listings: readonly string[];
};

// The DOM library has no service worker types: the few parts used here.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface NotificationClickEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { text(): string } | null;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
}
interface ServiceWorkerScope {
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
}

const worker = self as unknown as ServiceWorkerScope;
const CACHE_PREFIX = 'placar-';
const SHELL_CACHE = `${CACHE_PREFIX}shell-${PLACAR_SHELL.version}`;
const API_CACHE = `${CACHE_PREFIX}api-${PLACAR_SHELL.version}`;
/** Crests keep their names forever: one cache across versions, its oldest entries dropped past this. */
const CREST_CACHE = `${CACHE_PREFIX}escudos`;
const MAX_CRESTS = 400;
/** Match pages and their JSON: one cache each (new with the version), the last visited kept. */
const MATCH_CACHE = `${CACHE_PREFIX}jogos-${PLACAR_SHELL.version}`;
const MATCH_API_CACHE = `${CACHE_PREFIX}api-jogos-${PLACAR_SHELL.version}`;
const MAX_MATCHES = 30;
const scope = new URL(worker.registration.scope);

/** Cache key of a same-scope URL: no query, no fragment (a page with ?q= is the same page offline). */
function keyOf(url: URL): string {
  return url.origin + url.pathname;
}

/**
 * Placar's own crest files a page or an API answer names (its rows; each team's `crest`), relative
 * to the site root: named by the SHA-256 of their bytes (src/crests/), unlike the upstream's URLs.
 */
const CREST_PATH = /escudos\/[0-9a-f]{64}\.[a-z]+/g;

async function cacheCrestsOf(page: Response): Promise<void> {
  const cache = await caches.open(CREST_CACHE);
  const crests = new Set((await page.text()).match(CREST_PATH));
  // One at a time: a page names some dozens, mostly cached already.
  for (const crest of crests) {
    const url = new URL(crest, scope);
    if ((await cache.match(keyOf(url), { ignoreVary: true })) !== undefined) continue;
    try {
      // Stored as is, not cloned: nobody else reads this answer.
      const response = await fetch(url);
      if (response.status === 200) await cache.put(keyOf(url), response);
    } catch {
      // Offline again: the next page view tries.
    }
  }
}

/** The crests of a page already in `cache` (read from there: the network answer went to the page). */
async function cacheCrestsOfStored(cache: Cache, key: string): Promise<void> {
  const page = await cache.match(key);
  if (page !== undefined) await cacheCrestsOf(page);
}

async function precacheShell(): Promise<void> {
  const cache = await caches.open(SHELL_CACHE);
  // One by one and forgiving: a file the host lacks (an old bucket) must not block the update.
  const apiCache = await caches.open(API_CACHE);
  const precache = async (file: string, into: Cache, namesCrests: boolean): Promise<void> => {
    const url = new URL(file, scope);
    try {
      const response = await fetch(url, { cache: 'no-cache' });
      if (!isKeepable(response)) return;
      await into.put(keyOf(url), response);
      if (namesCrests) await cacheCrestsOfStored(into, keyOf(url));
    } catch {
      // Fetched on first use instead.
    }
  };
  await Promise.all([
    ...PLACAR_SHELL.pages.map((page) => precache(page, cache, true)),
    ...PLACAR_SHELL.files.map((file) => precache(file, cache, false)),
    // The listings too: the rows the browser renders from them (search offline) show their crests.
    ...PLACAR_SHELL.listings.map((listing) => precache(listing, apiCache, true)),
  ]);
}

async function deleteOldCaches(): Promise<void> {
  const keep = new Set([SHELL_CACHE, API_CACHE, CREST_CACHE, MATCH_CACHE, MATCH_API_CACHE]);
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => name.startsWith(CACHE_PREFIX) && !keep.has(name)).map((name) => caches.delete(name)),
  );
}

const EVENT_STREAM_ROUTE = 'api/eventos/stream';
const EVENT_STREAM_TYPE = 'text/event-stream';

/** A Server-Sent Events request: the stream's route, or whatever an EventSource asks for. */
function isEventStream(route: string, request: Request): boolean {
  return route === EVENT_STREAM_ROUTE || (request.headers.get('accept') ?? '').includes(EVENT_STREAM_TYPE);
}

/** Whether an answer may be kept: a whole 200, never a stream (its body may never end). */
function isKeepable(response: Response): boolean {
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  return response.status === 200 && type !== EVENT_STREAM_TYPE;
}

/** A same-scope path relative to the scope, decoded as the server reads it; null when it does not decode. */
function routeOf(url: URL): string | null {
  try {
    return decodeURIComponent(url.pathname.slice(scope.pathname.length));
  } catch {
    return null;
  }
}

/** Work that may go on after the answer is given: the fetch event's waitUntil. */
type Defer = (work: Promise<unknown>) => void;

/**
 * Keeps a copy of a good answer after handing it over (never before: a copy waiting for the
 * answer to be read would wait forever). A full or refusing cache loses the copy, not the answer.
 */
function remember(cache: Cache, key: string, response: Response, defer: Defer): Promise<boolean> {
  if (!isKeepable(response)) return Promise.resolve(false);
  const stored = cache.put(key, response.clone()).then(
    () => true,
    () => false,
  );
  defer(stored);
  return stored;
}

/**
 * Drops a cache's oldest entries past `maxEntries` once `stored` settles (keys() lists in insertion
 * order, and a put replaces its key at the end: the first are the least recently stored).
 */
function trimAfter(stored: Promise<unknown>, cache: Cache, maxEntries: number | null, defer: Defer): void {
  if (maxEntries === null) return;
  defer(
    stored.then(async () => {
      const keys = await cache.keys();
      await Promise.all(keys.slice(0, Math.max(0, keys.length - maxEntries)).map((old) => cache.delete(old)));
    }),
  );
}

async function networkFirst(
  request: Request,
  cacheName: string,
  defer: Defer,
  isPage: boolean,
  maxEntries: number | null,
): Promise<Response> {
  const key = keyOf(new URL(request.url));
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    const stored = remember(cache, key, response, defer);
    if (isPage) defer(stored.then((ok) => (ok ? cacheCrestsOfStored(cache, key) : undefined)));
    trimAfter(stored, cache, maxEntries, defer);
    return response;
  } catch (error) {
    // An unknown page offline gets the start page rather than the browser's error.
    const kept = await cache.match(key, { ignoreVary: true });
    if (kept !== undefined) return kept;
    const start = isPage ? await (await caches.open(SHELL_CACHE)).match(keyOf(scope), { ignoreVary: true }) : undefined;
    if (start === undefined) throw error;
    const route = routeOf(new URL(request.url));
    return route === null || route === '' ? start : sayingPageNotSaved(start, route);
  }
}

/**
 * The start page given for a page never kept, the notice of its kind of UnsavedPageNotice.astro shown
 * ("Esta tabela não foi salva para ver sem conexão", a link to the list): done here, so no page carries a
 * script for it.
 */
async function sayingPageNotSaved(start: Response, route: string): Promise<Response> {
  const shown = `data-unsaved-page="${unsavedPageKind(route)}" role="status"`;
  const html = (await start.text())
    .replace(`${shown} hidden`, shown)
    .replaceAll('data-unsaved-link href="/"', `data-unsaved-link href="${scope.pathname}"`);
  const headers = new Headers(start.headers);
  for (const name of ['content-encoding', 'content-length', 'etag']) headers.delete(name);
  return new Response(html, { status: start.status, statusText: start.statusText, headers });
}

/** The last good API answer when the network fails, marked so the page can say it is offline. */
async function apiNetworkFirst(
  request: Request,
  cacheName: string,
  defer: Defer,
  maxEntries: number | null,
): Promise<Response> {
  const key = keyOf(new URL(request.url));
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    const stored = remember(cache, key, response, defer);
    // The crests the answer names (a listing's rows, a match's teams) are kept for offline use too.
    defer(stored.then((ok) => (ok ? cacheCrestsOfStored(cache, key) : undefined)));
    trimAfter(stored, cache, maxEntries, defer);
    return response;
  } catch (error) {
    const cached = await cache.match(key, { ignoreVary: true });
    if (cached === undefined) throw error;
    const headers = new Headers(cached.headers);
    headers.set(OFFLINE_HEADER, '1');
    return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers });
  }
}

async function cacheFirst(
  request: Request,
  cacheName: string,
  defer: Defer,
  maxEntries: number | null,
): Promise<Response> {
  const key = keyOf(new URL(request.url));
  const cache = await caches.open(cacheName);
  const cached = await cache.match(key, { ignoreVary: true });
  if (cached !== undefined) return cached;
  const response = await fetch(request);
  trimAfter(remember(cache, key, response, defer), cache, maxEntries, defer);
  return response;
}

worker.addEventListener('install', (event) => {
  // The new code takes over at once: pages are fetched network first, so none is left stale.
  event.waitUntil(precacheShell().then(() => worker.skipWaiting()));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(deleteOldCaches());
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  const route = routeOf(url);
  if (route === null || route === 'sw.js' || isEventStream(route, request)) return;
  const defer: Defer = (work) => event.waitUntil(work);
  if (route.startsWith('api/jogo/')) {
    if (url.search === '') event.respondWith(apiNetworkFirst(request, MATCH_API_CACHE, defer, MAX_MATCHES));
  } else if (route.startsWith('api/')) {
    if (url.search === '') event.respondWith(apiNetworkFirst(request, API_CACHE, defer, null));
  } else if (route.startsWith('jogo/')) {
    event.respondWith(networkFirst(request, MATCH_CACHE, defer, request.mode === 'navigate', MAX_MATCHES));
  } else if (route.startsWith('_astro/')) {
    event.respondWith(cacheFirst(request, SHELL_CACHE, defer, null));
  } else if (route.startsWith('escudos/')) {
    event.respondWith(cacheFirst(request, CREST_CACHE, defer, MAX_CRESTS));
  } else {
    event.respondWith(networkFirst(request, SHELL_CACHE, defer, request.mode === 'navigate', null));
  }
});

/** A notification's `data.url` (optional, relative to the site root) is the page its click opens. */
function notificationTarget(notification: Notification): URL {
  const data: unknown = notification.data;
  const path =
    typeof data === 'object' && data !== null && 'url' in data && typeof data.url === 'string' ? data.url : '';
  const target = new URL(path, scope);
  return target.origin === scope.origin ? target : scope;
}

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = notificationTarget(event.notification);
  event.waitUntil(
    worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      // The page itself when it is open; else a new one (a pushed goal opens its match, whatever else is open).
      const open = windows.find((client) => client.url === target.href);
      if (open) await open.focus();
      else await worker.clients.openWindow(target.href);
    }),
  );
});

/** What a push carries (src/lib/display/push-alert.ts's PushMessage): title, body, tag, the page to open. */
interface PushedAlert {
  title: string;
  body: string;
  tag: string;
  url: string;
}

function readPushedAlert(text: string): PushedAlert | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const field = (name: string): string | null => {
    const text: unknown = name in value ? Reflect.get(value, name) : null;
    return typeof text === 'string' ? text : null;
  };
  const [title, body, tag, url] = [field('title'), field('body'), field('tag'), field('url')];
  return title === null || body === null || tag === null || url === null ? null : { title, body, tag, url };
}

worker.addEventListener('push', (event) => {
  const alert = readPushedAlert(event.data?.text() ?? '');
  if (!alert) return;
  // The page's notificationclick takes data.url relative to the scope: "/jogo/x" becomes "jogo/x".
  const options: NotificationOptions = {
    body: alert.body,
    tag: alert.tag,
    lang: 'pt-BR',
    icon: new URL('icon-192.png', scope).href,
    data: { url: alert.url.replace(/^\/+/, '') },
  };
  event.waitUntil(worker.registration.showNotification(alert.title, options));
});
