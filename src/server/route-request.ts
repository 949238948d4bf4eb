/**
 * The request listener: a GET or HEAD naming a file verbatim is answered at once (the common
 * case); anything else gets the common headers, URL and method checks, then /healthz, /api/busca
 * (rate limit, then search-handler.ts), static files, and 404s (problem+json under /api, a pt-BR
 * page elsewhere). Lookups are in an in-memory map, so no path can reach outside the client
 * folder; anything a client sends gets a 2xx/3xx/4xx, never a 5xx.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ALLOWED_METHODS, NO_STORE, PREFLIGHT_HEADERS, PUBLIC_FILE_CACHE_CONTROL } from '../lib/api/headers-policy.ts';
import {
  buildBadDayProblem,
  buildBadRequestProblem,
  buildInternalErrorProblem,
  buildMethodNotAllowedProblem,
  buildNotFoundProblem,
  buildRateLimitedProblem,
  buildStartingProblem,
  buildUnknownDayProblem,
} from '../lib/api/problem.ts';
import { DEFAULT_ARCHIVE_DAYS, isCalendarDay } from '../lib/model/archive-days.ts';
import type { Problem } from '../lib/model/model.ts';
import type { CurrentSite } from './site/current-site.ts';
import type { EventHub } from './event-stream/event-hub.ts';
import { EVENT_STREAM_PATH, answerEventStream } from './event-stream/event-stream-endpoint.ts';
import { isSignedByPushpin } from './event-stream/grip-signature.ts';
import { publicHealth, type Health } from './health/healthz.ts';
import { answerPush, isPushPath, type PushApi } from './push/push-endpoint.ts';
import { maySeeHealthDetails } from './health/healthz-access.ts';
import { buildRateLimitHeaders, type RateLimiter } from './limits/rate-limit.ts';
import { buildVerbatimRoutes, readPath, targetPath, type RequestPath } from './request-path.ts';
import { setHeaders, writeJson, writePlainPage, writeProblem } from './respond.ts';
import type { ListingFilters } from './filters/listing-filters.ts';
import type { SearchHandler } from './search/search-handler.ts';
import type { StaticResponder } from './site/serve-static.ts';
import type { StaticServeOptions } from './site/static-heads.ts';
import { createListingSelector, type ListingSelector } from './health/stale-listing.ts';
import type { StaticEntry, StaticSite } from './site/static-site.ts';
import { servedHeadOf, type ServedHead } from '../lib/store/builds/build-loaded.ts';
import { writeLogLine } from '../lib/config/log-line.ts';
import { errorMessage } from '../lib/model/caught-error.ts';

export interface RouterParts {
  site: CurrentSite;
  search: SearchHandler;
  rateLimiter: RateLimiter;
  health: () => Health;
  /** HEALTHZ_TOKEN: shows /healthz's details to whoever sends it ('' = none). */
  healthzToken: string;
  /** HEALTHZ_LOOPBACK_DETAILS: a direct loopback client sees them too. */
  healthzLoopbackDetails: boolean;
  /** Security and CORS headers of every response (buildCommonHeaders). */
  commonHeaders: Readonly<Record<string, string>>;
  /** Static files, with header lists prepared with the same common headers. */
  statics: StaticResponder;
  /** Seconds between refreshes: the pre-built listings turn stale 3 intervals after their data. */
  refreshIntervalSeconds: number;
  /** The open event streams (/api/eventos/stream). */
  events: EventHub;
  /** ?status=, ?time=, ?competicao= on the listings and the event feed. */
  filters: ListingFilters;
  eventStreamsPerIp: number;
  /** PUSHPIN_SIG_KEY: stream requests signed with it are answered for Pushpin to hold; null: none. */
  pushpinSigKey: Buffer | null;
  /** The streams' events come from EVENT_FEED_URL: the stream answers before (without) a build of its own. */
  eventsWithoutSite?: boolean;
  /** Seconds between two fetches of /api/ontem's listing (its own, longer staleness). */
  yesterdayRefreshSeconds?: number;
  /** /api/push and its subscriptions; absent or a null key: push is off (404). */
  push?: PushApi;
  /** ARCHIVE_DAYS, which the 404 problems of /api/jogo and /api/dia explain. */
  archiveDays?: number;
}

const SEARCH_PATH = '/api/busca';

/**
 * generatedAt and stale of the listing or feed at `route` as it is served: as the build says them, stale once its
 * `stale: true` copy is served (stale-listing.ts); a route the build says nothing of counts as never fetched.
 */
function filteredHead(site: StaticSite, route: string, servedStaleCopy: boolean): ServedHead {
  const head = servedHeadOf(site.data, route) ?? { generatedAt: null, stale: true };
  return servedStaleCopy ? { ...head, stale: true } : head;
}
/** Paths answered before the files: never looked up as files. */
const RESERVED_PATHS: ReadonlySet<string> = new Set([SEARCH_PATH, EVENT_STREAM_PATH, '/healthz']);

/** The dashboard's 404 page as the answer to an unknown path: never stored. */
export const NOT_FOUND_ANSWER: StaticServeOptions = { status: 404, cacheControl: NO_STORE };

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

const DAY_JSON_PREFIX = '/api/dia/';

/** The days a build keeps (its /api/dia/{day} files), newest first. */
function archivedDaysOf(site: StaticSite): string[] {
  const days: string[] = [];
  for (const route of site.routes.keys())
    if (route.startsWith(DAY_JSON_PREFIX)) days.push(route.slice(DAY_JSON_PREFIX.length));
  return days.sort().reverse();
}

/** An unknown /api path's problem: a day not a date is a 400; a match or day not kept says how long Placar keeps them. */
function apiNotFoundProblem(path: string, parts: RouterParts, archivedDays: () => readonly string[]): Problem {
  const archiveDays = parts.archiveDays ?? DEFAULT_ARCHIVE_DAYS;
  if (path.startsWith(DAY_JSON_PREFIX)) {
    if (!isCalendarDay(path.slice(DAY_JSON_PREFIX.length))) return buildBadDayProblem(path);
    return buildUnknownDayProblem(path, archiveDays, archivedDays());
  }
  return buildNotFoundProblem(path, archiveDays);
}

function answerNotFound(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  parts: RouterParts,
  archivedDays: () => readonly string[] = () => [],
): void {
  if (isApiPath(path)) return writeProblem(req, res, apiNotFoundProblem(path, parts, archivedDays));
  const page = parts.site.get()?.notFoundPage;
  if (page) return parts.statics.serve(req, res, page, NOT_FOUND_ANSWER);
  writePlainPage(req, res, 404, 'Página não encontrada', 'O endereço pedido não existe no Placar.');
}

/** The origin the adapter sees for every search; the endpoint reads only the path and query. */
const SEARCH_ORIGIN_HOST = 'placar.invalid';
/** Headers the adapter would prefer to Host when building the URL. */
const FORWARDED_ORIGIN_HEADERS = ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', ':authority'] as const;

/**
 * The adapter builds the Request's URL from req.url and Host (or X-Forwarded-*), and `new Request`
 * throws on some a client can send (`Host: u@evil` has userinfo). So the URL it builds is ours:
 * the origin-form of the target (also for an absolute-form one, "GET http://host/api/busca?q=…")
 * on a fixed host — never the client's Host.
 */
function pinSearchRequestUrl(req: IncomingMessage, search: string): void {
  req.url = SEARCH_PATH + search;
  req.headers.host = SEARCH_ORIGIN_HOST;
  for (const name of FORWARDED_ORIGIN_HEADERS) delete req.headers[name];
}

async function answerSearch(
  req: IncomingMessage,
  res: ServerResponse,
  parts: RouterParts,
  search: string,
): Promise<void> {
  const decision = await parts.rateLimiter.check(req.socket.remoteAddress ?? 'desconhecido');
  if (decision) {
    const headers = buildRateLimitHeaders(decision);
    if (!decision.allowed) {
      return writeProblem(req, res, buildRateLimitedProblem(SEARCH_PATH, decision.resetSeconds), {
        ...headers,
        'Retry-After': String(decision.resetSeconds),
      });
    }
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  }
  if (!parts.search.ready() && !parts.site.get()) return answerStarting(req, res, SEARCH_PATH);
  pinSearchRequestUrl(req, search);
  await parts.search.handle(req, res, () => writeProblem(req, res, buildNotFoundProblem(SEARCH_PATH)));
}

/** Seconds the first-start page waits before reloading itself (also its Retry-After). */
const STARTING_RETRY_SECONDS = 2;

/**
 * 503 until this process serves a build (a load balancer then sends it nobody), 200 after, also
 * when `degraded`: old data is still data.
 */
function answerHealth(req: IncomingMessage, res: ServerResponse, parts: RouterParts): void {
  const health = parts.health();
  const requester = { headers: req.headers, remoteAddress: req.socket.remoteAddress };
  const details = maySeeHealthDetails(requester, parts.healthzToken, parts.healthzLoopbackDetails);
  const body = details ? health : publicHealth(health);
  const starting = health.status === 'starting';
  // Vary: the same URL answers differently by who asks; no-store keeps any cache out anyway.
  writeJson(req, res, starting ? 503 : 200, body, {
    'Cache-Control': NO_STORE,
    Vary: 'Authorization',
    ...(starting && { 'Retry-After': String(STARTING_RETRY_SECONDS) }),
  });
}

/** Before the first build: a problem under /api (as the OpenAPI document says), a self-reloading page elsewhere. */
function answerStarting(req: IncomingMessage, res: ServerResponse, path: string): void {
  const retry = { 'Retry-After': String(STARTING_RETRY_SECONDS) };
  if (isApiPath(path)) return writeProblem(req, res, buildStartingProblem(path), retry);
  const message =
    'O primeiro build do site está em andamento. Esta página se recarrega sozinha assim que ele terminar.';
  writePlainPage(req, res, 503, 'Placar iniciando', message, retry, STARTING_RETRY_SECONDS);
}

/** A path without repeated or trailing slashes ("//hoje/" → "/hoje"; "/" stays). */
function withoutExtraSlashes(path: string): string {
  const single = path.replace(/\/{2,}/g, '/');
  return single === '/' ? single : single.replace(/\/+$/, '');
}

/**
 * "/hoje/" or "//hoje" → "/hoje" (raw path, so escapes stay as sent) when that is a route; else
 * null. Only when the raw form reads back as that route (no "%2F" that would make another slash).
 */
function findCanonicalPath(path: { decoded: string; raw: string }, site: StaticSite | null): string | null {
  const decoded = withoutExtraSlashes(path.decoded);
  if (decoded === path.decoded) return null;
  const known =
    decoded === '/' ||
    decoded === SEARCH_PATH ||
    decoded === EVENT_STREAM_PATH ||
    decoded === '/healthz' ||
    (site?.routes.has(decoded) ?? false);
  const raw = withoutExtraSlashes(path.raw);
  return known && readPath(raw)?.decoded === decoded ? raw : null;
}

/** What a loaded build's requests need beyond its files, made once per build. */
interface SiteRouting {
  verbatim: ReadonlyMap<string, StaticEntry>;
  selectListing: ListingSelector;
  /** The days the build keeps, found on the first request that needs them. */
  archivedDays: () => readonly string[];
}

export function createRequestListener(parts: RouterParts): (req: IncomingMessage, res: ServerResponse) => void {
  const router = new RequestRouter(parts);
  return (req, res) => {
    try {
      router.route(req, res)?.catch((error: unknown) => router.answerFailure(req, res, error));
    } catch (error) {
      router.answerFailure(req, res, error);
    }
  };
}

/** The listener's steps, over the parts and each build's routing (made on its first request). */
class RequestRouter {
  private readonly parts: RouterParts;
  private readonly routings = new WeakMap<StaticSite, SiteRouting>();

  constructor(parts: RouterParts) {
    this.parts = parts;
  }

  /** A GET or HEAD naming a file verbatim needs no parsing; its header lists hold the common headers. */
  route(req: IncomingMessage, res: ServerResponse): Promise<void> | void {
    if (this.isOffStreamThroughPushpin(req)) {
      setHeaders(res, this.parts.commonHeaders);
      return writeProblem(req, res, buildNotFoundProblem(readPath(req.url ?? '/')?.decoded ?? '/api'));
    }
    const site = req.method === 'GET' || req.method === 'HEAD' ? this.parts.site.get() : null;
    const url = req.url ?? '';
    const routing = site ? this.routingOf(site) : undefined;
    const entry = routing?.verbatim.get(url);
    if (routing && entry) return this.parts.statics.serve(req, res, routing.selectListing(url, entry, Date.now()));
    return this.routeInFull(req, res);
  }

  answerFailure(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    // A bug of ours, not the client's input: answer once, keep serving.
    writeLogLine(process.stderr, `erro ao responder ${req.method} ${req.url}: ${errorMessage(error)}`);
    if (res.headersSent) return void res.destroy();
    const path = readPath(req.url ?? '/')?.decoded ?? '/';
    if (isApiPath(path)) writeProblem(req, res, buildInternalErrorProblem(path));
    else writePlainPage(req, res, 500, 'Erro interno', 'Algo falhou do nosso lado. Tente de novo.');
  }

  private routingOf(site: StaticSite): SiteRouting {
    let routing = this.routings.get(site);
    if (!routing) {
      const { refreshIntervalSeconds, yesterdayRefreshSeconds } = this.parts;
      const head = (route: string): ServedHead | null => servedHeadOf(site.data, route);
      const build = { builtAt: site.builtAt, refreshIntervalSeconds, yesterdayRefreshSeconds, head };
      const verbatim = buildVerbatimRoutes(site.routes, RESERVED_PATHS);
      let days: string[] | null = null;
      const archivedDays = (): string[] => (days ??= archivedDaysOf(site));
      routing = { verbatim, selectListing: createListingSelector(build), archivedDays };
      this.routings.set(site, routing);
    }
    return routing;
  }

  /**
   * Pushpin forwards every path that starts with the stream's (its routes match prefixes only):
   * a request it signed is for the stream's exact raw path, or refused — never a file, /healthz
   * or a search answered to Pushpin's loopback address ("/api/eventos/stream/../../healthz").
   */
  private isOffStreamThroughPushpin(req: IncomingMessage): boolean {
    return (
      req.headers['grip-sig'] !== undefined &&
      targetPath(req.url ?? '') !== EVENT_STREAM_PATH &&
      isSignedByPushpin(req, this.parts.pushpinSigKey)
    );
  }

  /** The full reading of a request: anything but a GET or HEAD of a file named verbatim. */
  private routeInFull(req: IncomingMessage, res: ServerResponse): Promise<void> | void {
    setHeaders(res, this.parts.commonHeaders);
    const path = readPath(req.url ?? '/');
    if (!path) {
      if (isApiPath(req.url ?? '')) return writeProblem(req, res, buildBadRequestProblem('/api'));
      return writePlainPage(
        req,
        res,
        400,
        'Endereço inválido',
        'O endereço pedido não pôde ser lido. Verifique a codificação da URL.',
      );
    }
    const method = req.method ?? 'GET';
    // The one route with writes (POST/DELETE): answered before the GET/HEAD-only check, and only
    // on its exact raw path: no other spelling ("/api/x/../push", "/api/%70ush") reaches it.
    if (isPushPath(path.decoded) && method !== 'OPTIONS') {
      if (targetPath(req.url ?? '') !== path.decoded) return writeProblem(req, res, buildNotFoundProblem(path.decoded));
      return answerPush(req, res, path.decoded, this.parts.push ?? null, this.parts.rateLimiter);
    }
    if (method === 'OPTIONS') {
      res.writeHead(204, { ...PREFLIGHT_HEADERS, 'Content-Length': '0' });
      return void res.end();
    }
    if (method !== 'GET' && method !== 'HEAD') {
      const allow = { Allow: ALLOWED_METHODS };
      if (isApiPath(path.decoded))
        return writeProblem(req, res, buildMethodNotAllowedProblem(path.decoded, method), allow);
      return writePlainPage(req, res, 405, 'Método não permitido', 'Esta página só aceita GET e HEAD.', allow);
    }
    return this.routeRead(req, res, path);
  }

  /** A GET or HEAD of a readable path: a redirect to its canonical spelling, an endpoint, a file, or a 404. */
  private routeRead(req: IncomingMessage, res: ServerResponse, path: RequestPath): Promise<void> | void {
    const { parts } = this;
    const canonical = findCanonicalPath(path, parts.site.get());
    if (canonical) {
      res.writeHead(308, {
        Location: canonical + path.search,
        'Cache-Control': PUBLIC_FILE_CACHE_CONTROL,
        'Content-Length': '0',
      });
      return void res.end();
    }
    if (path.decoded === '/healthz') return answerHealth(req, res, parts);
    if (path.decoded === SEARCH_PATH) return answerSearch(req, res, parts, path.search);
    const site = parts.site.get();
    if (path.decoded === EVENT_STREAM_PATH && (site || parts.eventsWithoutSite))
      return answerEventStream(req, res, parts.events, path.search, {
        perIp: parts.eventStreamsPerIp,
        rateLimiter: parts.rateLimiter,
        pushpinSigKey: parts.pushpinSigKey,
      });
    if (!site) return answerStarting(req, res, path.decoded);
    const entry = site.routes.get(path.decoded);
    if (entry) {
      const served = this.routingOf(site).selectListing(path.decoded, entry, Date.now());
      const listing = { entry: served, head: filteredHead(site, path.decoded, served !== entry), build: site.data };
      return (
        parts.filters.answer(req, res, path.decoded, listing, path.search) ?? parts.statics.serve(req, res, served)
      );
    }
    answerNotFound(req, res, path.decoded, parts, this.routingOf(site).archivedDays);
  }
}
