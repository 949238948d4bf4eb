/**
 * One server process of a cluster (WORKERS > 1): the same HTTP server as a single process,
 * serving the current build from its own memory, but no refresh of its own — the primary
 * runs it and tells this worker when to reload and how it ended. Searches are made by the
 * primary (primary-search.ts), and so are new push subscriptions' welcome pushes
 * (primary-welcome.ts); their rate limits spend leases of the primary's buckets. Exits
 * when the primary says so, or when it is gone.
 */
import { EXIT_BAD_CONFIG, StartupError } from '../../lib/config/cli.ts';
import type { Config } from '../../lib/config/config.ts';
import type { RefreshEnd } from './cluster-messages.ts';
import { createPrimaryChannel } from './primary-channel.ts';
import { createPrimaryRateLimiter } from './cluster-rate-limit.ts';
import { startHttpServer, type PlacarHttpServer } from '../http-server.ts';
import { createPrimarySearch } from './primary-search.ts';
import { createPrimaryWelcome } from './primary-welcome.ts';
import type { ServeOptions } from '../serve-command.ts';

export async function runClusterWorker(config: Config, options: ServeOptions): Promise<void> {
  // Listen to the primary before anything else: a shutdown may come while the server is starting.
  let server: PlacarHttpServer | null = null;
  let lastReport: RefreshEnd | null = null;
  const channel = createPrimaryChannel({ log: options.log });
  const stopped = new Promise<void>((resolve) => {
    channel.onMessage((message) => {
      if (message.placar === 'reload') {
        // A worker still starting loads the current build as it starts.
        const loading = server ? server.site.reload() : Promise.resolve();
        void loading.then(() => channel.send({ placar: 'loaded' }));
      } else if (message.placar === 'refresh-finished') {
        lastReport = message.report;
        server?.recordRefresh(message.report);
      } else if (message.placar === 'shutdown') resolve();
    });
    channel.onDisconnect(() => resolve());
    options.signal.addEventListener('abort', () => resolve(), { once: true });
    if (options.signal.aborted) resolve();
  });
  try {
    const rateLimiter = createPrimaryRateLimiter(config.searchRateLimit, config.workers, channel);
    server = await startHttpServer(config, options.log, {
      rateLimiter,
      searchSource: createPrimarySearch(channel),
      welcomePush: createPrimaryWelcome(channel),
    });
  } catch (error) {
    if (!(error instanceof StartupError)) throw error;
    // The primary prints it (once, not once per worker) and exits 2.
    await new Promise<void>((resolve) => channel.send({ placar: 'startup-error', message: error.message }, resolve));
    process.exit(EXIT_BAD_CONFIG);
  }
  try {
    if (lastReport) server.recordRefresh(lastReport);
    channel.send({ placar: 'listening', url: server.url });
    await stopped;
  } finally {
    await server.close();
    // The IPC channel would keep this process alive.
    if (process.connected) process.disconnect();
  }
}
