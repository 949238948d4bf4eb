/**
 * The refresh side of a running server, wherever it runs (the single process, or the primary
 * of a cluster): refresh now and on REFRESH_CRON until `signal` aborts. On a first start (no
 * build yet) a first refresh that publishes nothing is no reason to stop: what failed is data or
 * the disk, not the configuration (exit 2 is never restarted by deploy/placar.service), so the
 * server keeps answering 503 "Placar iniciando" and every tick tries again, at the upstream's
 * usual pace. With REFRESH_CRON=off there is nothing to run: another process keeps DATA_DIR current.
 * `kill -USR2 <pid>` asks for one refresh now, through the same scheduler (never beside a running one).
 */
import type { Config } from '../lib/config/config.ts';
import type { BuildLoaded } from '../lib/store/builds/build-loaded.ts';
import { createRefreshScheduler, type RefreshReport } from '../refresh/refresh-scheduler.ts';
import { formatRefreshAsked, REFRESH_SIGNAL, type RefreshAsks } from './refresh-signal.ts';

export interface RunRefreshesOptions {
  projectRoot: string;
  log: (line: string) => void;
  signal: AbortSignal;
  /** `kill -USR2`: one refresh now (refresh-signal.ts). */
  refreshAsks: RefreshAsks;
  /** The address the server answers on (for the "ready" line). */
  url: string;
  elapsedMs: () => number;
  /** Whether a build is being served already. */
  hasSite: () => boolean;
  /** The new build is published (what the server serves of it, handed over); resolves once this process serves it. */
  onPublished: (loaded: BuildLoaded) => void | Promise<void>;
  onFinished: (report: RefreshReport) => void;
}

function untilAborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

export async function runRefreshes(config: Config, options: RunRefreshesOptions): Promise<void> {
  const { log, signal } = options;
  if (config.refreshCron === null) {
    const stopAnswering = options.refreshAsks.listen(() =>
      log(`${REFRESH_SIGNAL} recebido: REFRESH_CRON=off, este servidor não atualiza ${config.dataDir}.`),
    );
    log(
      `REFRESH_CRON=off: este servidor só serve ${config.dataDir}; outro processo (npm run refresh, npm start) o mantém atualizado.`,
    );
    if (!options.hasSite()) log('Nenhum build publicado ainda: 503 "Placar iniciando" até o primeiro aparecer.');
    return untilAborted(signal).finally(stopAnswering);
  }
  const firstStart = !options.hasSite();
  const scheduler = createRefreshScheduler(config, {
    projectRoot: options.projectRoot,
    log,
    onPublished: options.onPublished,
    onFinished: options.onFinished,
    verboseFirstRun: firstStart,
  });
  const stopAnswering = options.refreshAsks.listen(() => log(formatRefreshAsked(scheduler.runNext().sequence)));
  try {
    if (signal.aborted) return;
    if (firstStart) {
      log(
        `Primeiro início: nenhum build publicado ainda; coletando ${config.upstreamUrl} e construindo o site (até lá, 503 "Placar iniciando")…`,
      );
      const report = await scheduler.runNow();
      if (signal.aborted) return;
      if (options.hasSite()) log(`Placar pronto em ${options.elapsedMs()} ms: abra ${options.url}`);
      else
        log(
          `aviso: o primeiro build não foi publicado (${report.error ?? 'motivo desconhecido'}); nova tentativa a cada atualização, até lá 503 "Placar iniciando".`,
        );
    } else {
      void scheduler.runNow();
    }
    scheduler.start();
    await untilAborted(signal);
  } finally {
    stopAnswering();
    await scheduler.stop();
  }
}
