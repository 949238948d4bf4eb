/**
 * The one node:http server: binds HOST/PORT (a port in use is a StartupError, not a crash),
 * answers through the request router (and requests node's parser rejects with a problem),
 * and closes cleanly.
 */
import fs from 'node:fs';
import type http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { StartupError } from '../lib/config/cli.ts';
import type { ClientLimits, Config } from '../lib/config/config.ts';
import { buildCommonHeaders } from '../lib/api/headers-policy.ts';
import { currentLinkPath } from '../lib/store/builds/build-layout.ts';
import { formatSaoPauloIso } from '../lib/model/time.ts';
import type { RefreshReport } from '../refresh/refresh-scheduler.ts';
import { buildClientErrorProblem, buildConnectProblem, writeRawProblem } from './client-error.ts';
import { LINK_CHECK_INTERVAL_MS, createCurrentSite, type CurrentSite } from './site/current-site.ts';
import { createEventHub } from './event-stream/event-hub.ts';
import { startEventFeedPoller } from './event-stream/event-feed-poller.ts';
import { createListingFilters } from './filters/listing-filters.ts';
import { buildHealth, type RefreshHealth } from './health/healthz.ts';
import { createRateLimiter, type RateLimiter } from './limits/rate-limit.ts';
import { NOT_FOUND_ANSWER, createRequestListener } from './route-request.ts';
import { createLocalSearchSource, createSearchHandler, type SearchSource } from './search/search-handler.ts';
import { createStaticResponder } from './site/serve-static.ts';
import { withSearchResponseCache } from './search/search-response-cache.ts';
import { createSearchSnapshot, type SearchSnapshot } from './search/search-snapshot.ts';
import { readPushApi } from './push/push-api.ts';
import type { WelcomePush } from '../lib/model/push-subscription.ts';
import { runInSlices, yieldToRequests } from '../lib/slices/run-in-slices.ts';
import { injectRequest, type InjectedRequest, type InjectedResponse } from './inject-request.ts';
import { matchIndexOfSteps } from '../lib/search/match-index.ts';
import { feedOfBuild } from './event-stream/build-feed.ts';

/**
 * node:http through `require`, not `import`: an ES import of a built-in reads each of its exports, and node:http's
 * lazy WebSocket, CloseEvent and MessageEvent would load Node's own copy of undici into every server process.
 * Nothing here uses them.
 */
const { createServer } = createRequire(import.meta.url)('node:http') as typeof http;

/** A Placar server in this process: the served build, /healthz's last refresh, and its answers. */
export interface PlacarServer {
  site: CurrentSite;
  /** Remembers how a refresh ended, for /healthz. */
  recordRefresh(report: Pick<RefreshReport, 'outcome' | 'error'>): void;
  /** Answers one request over an in-memory connection: real HTTP, no port (inject-request.ts). */
  inject(target: string, init?: InjectedRequest): Promise<InjectedResponse>;
  close(): Promise<void>;
}

/** The server listening on HOST:PORT (startHttpServer). */
export interface PlacarHttpServer extends PlacarServer {
  url: string;
}

function formatUrl(address: AddressInfo, configuredHost: string): string {
  const host =
    configuredHost === 'localhost' ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** Calls `onSwap` when DATA_DIR/current is replaced; null where the folder cannot be watched. */
function watchCurrentLink(dataDir: string, onSwap: () => void): fs.FSWatcher | null {
  const linkName = path.basename(currentLinkPath(dataDir));
  try {
    const watcher = fs.watch(dataDir, { persistent: false }, (_type, name) => {
      if (name === linkName) onSwap();
    });
    watcher.on('error', () => watcher.close());
    return watcher;
  } catch {
    return null;
  }
}

export interface HttpServerOptions {
  /** Default: this process's own limiter; cluster workers share the primary's. */
  rateLimiter?: RateLimiter;
  /**
   * Default: this process prepares each build's snapshot and index and searches it; a cluster
   * worker asks its primary instead, and holds no snapshot of its own (its filters read the served build's listings).
   */
  searchSource?: SearchSource;
  /** Sends a new push subscription its welcome push (none: subscriptions are kept without one). */
  welcomePush?: WelcomePush | null;
}

/**
 * Node's defaults hold a silent connection 60–90 s (headersTimeout 60 s, checked every 30 s) and
 * accept any number of them: the limits are set here, from config, and checked often enough
 * that a timeout is honoured within a fraction of itself.
 */
function createNodeServer(limits: ClientLimits, listener: http.RequestListener): http.Server {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))),
      // No route reads a request body: a request without one skips the stream's life cycle (its
      // 'data'/'end'/'close' ticks and the dump after the answer) — a measurable share of a static hit.
      optimizeEmptyRequests: true,
    },
    listener,
  );
  // Beyond the cap node closes a new connection at once (its 'drop' event), before reading a byte.
  server.maxConnections = limits.maxConnections;
  return server;
}

/** The given search source (a worker's primary), or this process's own snapshot and the source over it. */
function searchOf(
  config: Config,
  log: (line: string) => void,
  given: SearchSource | undefined,
): { snapshot: SearchSnapshot | null; source: SearchSource } {
  if (given) return { snapshot: null, source: given };
  const snapshot = createSearchSnapshot(config.dataDir, config.upstreamUrl, log);
  return { snapshot, source: createLocalSearchSource(config, snapshot, log) };
}

/** Everything of a server but its port: the node:http server unbound, and what the process holds beside it. */
async function assembleServer(
  config: Config,
  log: (line: string) => void,
  options: HttpServerOptions,
): Promise<{ placar: PlacarServer; server: http.Server }> {
  const events = createEventHub({ perIp: config.eventStreamsPerIp, max: config.eventStreamsMax, log });
  // A new build's search snapshot is prepared (index built, in slices) and its event feed read as the
  // build loads, before it is served; the event streams send the build's new events as it is switched in.
  const { snapshot: searchSnapshot, source: searchSource } = searchOf(config, log, options.searchSource);
  const commonHeaders = buildCommonHeaders({
    strictTransportSecurity: config.strictTransportSecurity,
  });
  const statics = createStaticResponder(commonHeaders);
  const site = createCurrentSite(config.dataDir, log, Date.now, async (loaded) => {
    const switchSearch = searchSnapshot ? await searchSnapshot.prepare() : () => undefined;
    // The filters' matches are the build's listings: indexed here, not on a request's path (a worker holds none
    // until a filter asks). In the refreshing process they are the search's snapshot, indexed already.
    if (searchSnapshot) await runInSlices(matchIndexOfSteps(loaded.data.snapshot));
    await yieldToRequests();
    // With EVENT_FEED_URL the streams follow the published site's feed instead (event-feed-poller.ts).
    const switchEvents = config.eventFeedUrl === null ? events.prepareLoad(feedOfBuild(loaded.data)) : () => undefined;
    statics.prepare(loaded, NOT_FOUND_ANSWER);
    await yieldToRequests();
    return () => {
      switchSearch();
      switchEvents();
    };
  });
  const feed = config.eventFeedUrl === null ? null : startEventFeedPoller(config.eventFeedUrl, events, log);
  await Promise.all([site.reload(), feed?.ready]);
  // Another process's swap (npm run refresh) is noticed here too, not on a request's path: fs.watch
  // sees the rename onto `current` at once; the 1 s check is the fallback.
  const linkCheck = setInterval(() => void site.reload(), LINK_CHECK_INTERVAL_MS);
  linkCheck.unref();
  const linkWatch = watchCurrentLink(config.dataDir, () => void site.reload());
  const handler = createSearchHandler(searchSource);
  // Cached answers are dropped with the snapshot they came from: the served build's, in a worker.
  const search = withSearchResponseCache(handler, () =>
    searchSnapshot ? String(searchSnapshot.generation()) : (site.get()?.buildId ?? ''),
  );
  let lastRefresh: RefreshHealth | null = null;
  const rateLimiter = options.rateLimiter ?? createRateLimiter(config.searchRateLimit);
  const filters = createListingFilters({ events, rateLimiter });
  const listener = createRequestListener({
    site,
    search,
    filters,
    rateLimiter,
    health: () => buildHealth(config, site.get(), new Date(), lastRefresh),
    healthzToken: config.healthzToken,
    healthzLoopbackDetails: config.healthzLoopbackDetails,
    commonHeaders,
    statics,
    refreshIntervalSeconds: config.refreshIntervalSeconds,
    events,
    eventStreamsPerIp: config.eventStreamsPerIp,
    pushpinSigKey: config.pushpinSigKey,
    eventsWithoutSite: config.eventFeedUrl !== null,
    yesterdayRefreshSeconds: config.yesterdayRefreshSeconds,
    push: readPushApi(config, options.welcomePush ?? null),
    archiveDays: config.archiveDays,
  });
  const server = createNodeServer(config.clientLimits, listener);
  server.on('clientError', (error: NodeJS.ErrnoException, socket) =>
    writeRawProblem(socket, buildClientErrorProblem(error.code), commonHeaders),
  );
  server.on('connect', (_req, socket) => writeRawProblem(socket, buildConnectProblem(), commonHeaders));
  const placar: PlacarServer = {
    site,
    recordRefresh(report) {
      lastRefresh = { finishedAt: formatSaoPauloIso(new Date()), outcome: report.outcome, error: report.error };
    },
    inject: (target, init) => injectRequest(server, target, init),
    async close() {
      clearInterval(linkCheck);
      linkWatch?.close();
      feed?.stop();
      events.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), 3_000);
      await closed;
      clearTimeout(force);
      search.close();
    },
  };
  return { placar, server };
}

/**
 * A Placar server that listens on no port: the same routes, build loading and event streams as `npm start`'s, each
 * request given to inject(); no refresh of its own (hand it builds with site.reload(loaded), e.g. runRefresh's).
 */
export async function createPlacarServer(
  config: Config,
  log: (line: string) => void,
  options: HttpServerOptions = {},
): Promise<PlacarServer> {
  return (await assembleServer(config, log, options)).placar;
}

export async function startHttpServer(
  config: Config,
  log: (line: string) => void,
  options: HttpServerOptions = {},
): Promise<PlacarHttpServer> {
  const { placar, server } = await assembleServer(config, log, options);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE')
        reject(
          new StartupError(
            `a porta ${config.port} já está em uso em ${config.host}: pare o outro processo ou use outra PORT.`,
          ),
        );
      else if (error.code === 'EACCES')
        reject(new StartupError(`sem permissão para escutar na porta ${config.port}: use uma PORT acima de 1024.`));
      else reject(new StartupError(`não foi possível escutar em ${config.host}:${config.port}: ${error.message}`));
    });
    server.listen(config.port, config.host, () => resolve());
  }).catch(async (error: unknown) => {
    await placar.close();
    throw error;
  });
  return { ...placar, url: formatUrl(server.address() as AddressInfo, config.host) };
}
