/**
 * `npm start`: listen at once and serve the last build. On a first start (no build yet) the
 * server answers 503 "Placar iniciando" while the first refresh scrapes and builds, so the
 * site is built once, with data. Then refresh on REFRESH_CRON until `signal` aborts: stop
 * scheduling, abort or finish the running refresh, close the server.
 */
import { StartupError } from '../lib/cli.ts';
import type { Config } from '../lib/config.ts';
import { createRefreshScheduler } from '../pipeline/refresh-scheduler.ts';
import { startHttpServer } from './http-server.ts';

export interface RunPlacarOptions {
  projectRoot: string;
  log: (line: string) => void;
  /** Aborting it shuts Placar down; runPlacar resolves once everything is closed. */
  signal: AbortSignal;
}

export async function runPlacar(config: Config, options: RunPlacarOptions): Promise<void> {
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  const { log, signal } = options;
  const server = await startHttpServer(config, log);
  const firstStart = server.site.get() === null;
  const scheduler = createRefreshScheduler(config, {
    projectRoot: options.projectRoot,
    log,
    onPublished: () => server.site.reload(),
    onFinished: (report) => server.recordRefresh(report),
    verboseFirstRun: firstStart,
  });
  try {
    log(`Placar ouvindo em ${server.url} (em ${elapsed()} ms)`);
    if (signal.aborted) return;
    const stopped = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    if (firstStart) {
      log(`Primeiro início: nenhum build publicado ainda; coletando ${config.upstreamUrl} e construindo o site (até lá, 503 "Placar iniciando")…`);
      const report = await scheduler.runNow();
      if (signal.aborted) return;
      // Nothing to serve after the first refresh (build failed, DATA_DIR not writable, …): say why and stop.
      if (report.outcome !== 'published' && server.site.get() === null) {
        throw new StartupError(`não foi possível construir o site (${report.error ?? 'motivo desconhecido'}).`);
      }
      if (server.site.get() !== null) log(`Placar pronto em ${elapsed()} ms: abra ${server.url}`);
    } else {
      void scheduler.runNow();
    }
    scheduler.start();
    await stopped;
  } finally {
    await scheduler.stop();
    await server.close();
  }
}
