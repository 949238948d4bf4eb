/**
 * `npm start`: listen at once and serve the last build; with none, first build the site from
 * whatever snapshot exists (an empty, stale one on a first start). Then refresh immediately
 * and on REFRESH_CRON. stop(): stop scheduling, abort or finish the refresh, close the server.
 */
import { StartupError } from '../lib/cli.ts';
import type { Config } from '../lib/config.ts';
import { runRefresh } from '../pipeline/refresh.ts';
import { createRefreshScheduler } from '../pipeline/refresh-scheduler.ts';
import { startHttpServer } from './http-server.ts';

export interface RunningPlacar {
  url: string;
  stop(): Promise<void>;
}

export interface RunPlacarOptions {
  projectRoot: string;
  log: (line: string) => void;
}

export async function runPlacar(config: Config, options: RunPlacarOptions): Promise<RunningPlacar> {
  const started = performance.now();
  const { log, projectRoot } = options;
  const server = await startHttpServer(config, log);
  const firstStart = server.site.get() === null;
  if (firstStart) {
    log('Nenhum build publicado ainda: construindo o site com o snapshot atual…');
    const report = await runRefresh(config, {
      projectRoot,
      log,
      label: 'atualização inicial (sem coleta)',
      scrape: false,
      waitForLock: true,
      onPublished: () => server.site.reload(),
      progress: (line) => log(`  ${line}`),
    });
    if (report.outcome !== 'published' || server.site.get() === null) {
      await server.close();
      throw new StartupError(`não foi possível construir o site (${report.error ?? 'motivo desconhecido'}).`);
    }
  }
  log(`Placar ouvindo em ${server.url} (pronto em ${Math.round(performance.now() - started)} ms)`);
  const scheduler = createRefreshScheduler(config, {
    projectRoot,
    log,
    onPublished: () => server.site.reload(),
    verboseFirstRun: firstStart,
  });
  void scheduler.runNow();
  scheduler.start();
  return {
    url: server.url,
    async stop() {
      await scheduler.stop();
      await server.close();
    },
  };
}
