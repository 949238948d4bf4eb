/**
 * The one node:http server: binds HOST/PORT (a port in use is a StartupError, not a crash),
 * answers through the request router, and closes cleanly.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { StartupError } from '../lib/cli.ts';
import type { Config } from '../lib/config.ts';
import { createCurrentSite, type CurrentSite } from './current-site.ts';
import { buildHealth } from './healthz.ts';
import { createRateLimiter } from './rate-limit.ts';
import { createRequestListener } from './route-request.ts';
import { createSearchHandler } from './search-handler.ts';
import { createSnapshotReader } from './snapshot-reader.ts';

export interface PlacarHttpServer {
  url: string;
  site: CurrentSite;
  close(): Promise<void>;
}

function formatUrl(address: AddressInfo, configuredHost: string): string {
  const host = configuredHost === 'localhost' ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

export async function startHttpServer(config: Config, log: (line: string) => void): Promise<PlacarHttpServer> {
  const site = createCurrentSite(config.dataDir, log);
  const search = createSearchHandler(config.dataDir, () => site.get()?.buildId ?? null);
  const reader = createSnapshotReader(config.dataDir, config.upstreamUrl);
  const listener = createRequestListener({
    site,
    search,
    rateLimiter: createRateLimiter(config.searchRateLimit),
    health: () => buildHealth(config, reader, site.get()?.builtAt ?? null, new Date()),
  });
  const server = http.createServer({ keepAliveTimeout: 5_000 }, listener);
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
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), 3_000);
      await closed;
      clearTimeout(force);
      search.close();
    },
  };
}
