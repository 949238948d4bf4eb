/**
 * `npm start`: listen at once and serve the last build; with none, first build the site from
 * whatever snapshot exists (an empty, stale one on a first start). Then refresh immediately
 * and on REFRESH_CRON until `signal` aborts: stop scheduling, abort or finish the running
 * refresh, close the server.
 */
import { StartupError } from '../lib/cli.ts';
import type { Config } from '../lib/config.ts';
import { runRefresh } from '../pipeline/refresh.ts';
import { createRefreshScheduler } from '../pipeline/refresh-scheduler.ts';
import { startHttpServer, type PlacarHttpServer } from './http-server.ts';

export interface RunPlacarOptions {
  projectRoot: string;
  log: (line: string) => void;
  /** Aborting it shuts Placar down; runPlacar resolves once everything is closed. */
  signal: AbortSignal;
}

/** Builds from the current snapshot when nothing is published yet; false if aborted meanwhile. */
async function ensureFirstBuild(config: Config, server: PlacarHttpServer, options: RunPlacarOptions): Promise<boolean> {
  const { log } = options;
  log('Nenhum build publicado ainda: construindo o site com o snapshot atual…');
  const report = await runRefresh(config, {
    projectRoot: options.projectRoot,
    log,
    label: 'atualização inicial (sem coleta)',
    scrape: false,
    waitForLock: true,
    signal: options.signal,
    onPublished: () => server.site.reload(),
    progress: (line) => log(`  ${line}`),
  });
  if (options.signal.aborted) return false;
  if (report.outcome !== 'published' || server.site.get() === null) {
    throw new StartupError(`não foi possível construir o site (${report.error ?? 'motivo desconhecido'}).`);
  }
  return true;
}

export async function runPlacar(config: Config, options: RunPlacarOptions): Promise<void> {
  const started = performance.now();
  const { log, signal } = options;
  const server = await startHttpServer(config, log);
  try {
    const firstStart = server.site.get() === null;
    if (firstStart && !(await ensureFirstBuild(config, server, options))) return;
    log(`Placar ouvindo em ${server.url} (pronto em ${Math.round(performance.now() - started)} ms)`);
    const scheduler = createRefreshScheduler(config, {
      projectRoot: options.projectRoot,
      log,
      onPublished: () => server.site.reload(),
      verboseFirstRun: firstStart,
    });
    if (!signal.aborted) {
      void scheduler.runNow();
      scheduler.start();
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    }
    await scheduler.stop();
  } finally {
    await server.close();
  }
}
