/**
 * `npm start` in one process (WORKERS=1): listen at once and serve the last build. On a first
 * start (no build yet) the server answers 503 "Placar iniciando" while the first refresh
 * scrapes and builds, so the site is built once, with data. Then refresh on REFRESH_CRON (or
 * not at all with REFRESH_CRON=off) until `signal` aborts: stop scheduling, abort or finish
 * the running refresh, close the server.
 */
import type { Config } from '../lib/config/config.ts';
import { startHttpServer } from './http-server.ts';
import { readWelcomePush } from './push/welcome-for-server.ts';
import { runRefreshes } from './run-refreshes.ts';
import { formatRuntimeLine } from './runtime-line.ts';
import type { RefreshAsks } from './refresh-signal.ts';

export interface RunPlacarOptions {
  projectRoot: string;
  log: (line: string) => void;
  /** Aborting it shuts Placar down; runPlacar resolves once everything is closed. */
  signal: AbortSignal;
  /** `kill -USR2`: one refresh now (refresh-signal.ts). */
  refreshAsks: RefreshAsks;
}

export async function runPlacar(config: Config, options: RunPlacarOptions): Promise<void> {
  const started = performance.now();
  const elapsedMs = (): number => Math.round(performance.now() - started);
  const server = await startHttpServer(config, options.log, { welcomePush: readWelcomePush(config) });
  try {
    options.log(`Placar ouvindo em ${server.url} (em ${elapsedMs()} ms)`);
    options.log(formatRuntimeLine());
    await runRefreshes(config, {
      ...options,
      url: server.url,
      elapsedMs,
      hasSite: () => server.site.get() !== null,
      // The build as the refresh handed it over: nothing of it is read back from disk.
      onPublished: (loaded) => server.site.reload(loaded),
      onFinished: (report) => server.recordRefresh(report),
    });
  } finally {
    await server.close();
  }
}
