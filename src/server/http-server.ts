/**
 * The one node:http server: binds HOST/PORT (a port in use is a StartupError, not a crash),
 * answers through the request router (and requests node's parser rejects with a problem),
 * and closes cleanly.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { StartupError } from '../lib/config/cli.ts';
import type { Config } from '../lib/config/config.ts';
import { buildCommonHeaders } from '../lib/api/headers-policy.ts';
import { formatSaoPauloIso } from '../lib/model/time.ts';
import type { RefreshReport } from '../pipeline/refresh-log.ts';
import { buildClientErrorProblem, buildConnectProblem, writeRawProblem } from './client-error.ts';
import { createCurrentSite, type CurrentSite } from './current-site.ts';
import { buildHealth, type RefreshHealth } from './healthz.ts';
import { createRateLimiter, type RateLimiter } from './rate-limit.ts';
import { createRequestListener } from './route-request.ts';
import { createSearchHandler } from './search-handler.ts';
import { withSearchResponseCache } from './search-response-cache.ts';
import { createSearchSnapshot } from './search-snapshot.ts';
import { createSnapshotReader } from './snapshot-reader.ts';

const LINK_CHECK_MS = 1_000;

export interface PlacarHttpServer {
  url: string;
  site: CurrentSite;
  /** Remembers how a refresh ended, for /healthz. */
  recordRefresh(report: RefreshReport): void;
  close(): Promise<void>;
}

function formatUrl(address: AddressInfo, configuredHost: string): string {
  const host = configuredHost === 'localhost' ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

export interface HttpServerOptions {
  /** Default: this process's own limiter; cluster workers share the primary's. */
  rateLimiter?: RateLimiter;
}

export async function startHttpServer(config: Config, log: (line: string) => void, options: HttpServerOptions = {}): Promise<PlacarHttpServer> {
  // A new build's search snapshot is prepared (index built) as the build loads, before it is served.
  const searchSnapshot = createSearchSnapshot(config.dataDir, config.upstreamUrl, log);
  const site = createCurrentSite(config.dataDir, log, Date.now, () => searchSnapshot.prepare());
  site.reload();
  // Another process's swap (npm run refresh) is noticed here too, not on a request's path.
  const linkCheck = setInterval(() => site.reload(), LINK_CHECK_MS);
  linkCheck.unref();
  const handler = createSearchHandler(config, searchSnapshot, log);
  const search = withSearchResponseCache(handler, () => String(searchSnapshot.generation()));
  const reader = createSnapshotReader(config.dataDir, config.upstreamUrl);
  const commonHeaders = buildCommonHeaders(config.upstreamUrl, { strictTransportSecurity: config.strictTransportSecurity });
  let lastRefresh: RefreshHealth | null = null;
  const listener = createRequestListener({
    site,
    search,
    rateLimiter: options.rateLimiter ?? createRateLimiter(config.searchRateLimit),
    health: () => buildHealth(config, reader, site.get()?.builtAt ?? null, new Date(), lastRefresh),
    commonHeaders,
    refreshIntervalSeconds: config.refreshIntervalSeconds,
  });
  const server = http.createServer({ keepAliveTimeout: 5_000 }, listener);
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => writeRawProblem(socket, buildClientErrorProblem(error.code), commonHeaders));
  server.on('connect', (_req, socket) => writeRawProblem(socket, buildConnectProblem(), commonHeaders));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE')
        reject(new StartupError(`a porta ${config.port} já está em uso em ${config.host}: pare o outro processo ou use outra PORT.`));
      else if (error.code === 'EACCES') reject(new StartupError(`sem permissão para escutar na porta ${config.port}: use uma PORT acima de 1024.`));
      else reject(new StartupError(`não foi possível escutar em ${config.host}:${config.port}: ${error.message}`));
    });
    server.listen(config.port, config.host, () => resolve());
  });
  return {
    url: formatUrl(server.address() as AddressInfo, config.host),
    site,
    recordRefresh(report) {
      lastRefresh = { finishedAt: formatSaoPauloIso(new Date()), outcome: report.outcome, error: report.error };
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), 3_000);
      await closed;
      clearTimeout(force);
      clearInterval(linkCheck);
      search.close();
    },
  };
}
