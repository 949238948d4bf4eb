/**
 * Runs refreshes now and on REFRESH_CRON (node-cron, noOverlap), never two at once: a run asked
 * for while one is in progress joins it. stop() stops scheduling, aborts a running build and
 * waits for the run to end.
 */
import cron, { type ScheduledTask } from 'node-cron';
import type { Config } from '../lib/config.ts';
import type { SiteManifest } from '../lib/site-manifest.ts';
import { runRefresh, type RefreshReport } from './refresh.ts';

export interface RefreshSchedulerOptions {
  projectRoot: string;
  log: (line: string) => void;
  onPublished?: (buildId: string, manifest: SiteManifest) => void;
  /** Step-by-step progress lines for the first run only (first start). */
  verboseFirstRun?: boolean;
}

export interface RefreshScheduler {
  runNow(): Promise<RefreshReport>;
  /** Starts the cron schedule. */
  start(): void;
  stop(): Promise<void>;
}

export function createRefreshScheduler(config: Config, options: RefreshSchedulerOptions): RefreshScheduler {
  const aborter = new AbortController();
  let sequence = 0;
  let running: Promise<RefreshReport> | null = null;
  let task: ScheduledTask | null = null;

  const runNow = (): Promise<RefreshReport> => {
    if (running) return running;
    sequence += 1;
    const verbose = options.verboseFirstRun === true && sequence === 1;
    running = runRefresh(config, {
      projectRoot: options.projectRoot,
      log: options.log,
      label: `atualização #${sequence}`,
      signal: aborter.signal,
      onPublished: options.onPublished,
      progress: verbose ? (line) => options.log(`  ${line}`) : undefined,
    }).finally(() => {
      running = null;
    });
    return running;
  };

  return {
    runNow,
    start() {
      task ??= cron.schedule(
        config.refreshCron,
        async () => {
          if (!aborter.signal.aborted) await runNow();
        },
        { name: 'placar-refresh', noOverlap: true },
      );
    },
    async stop() {
      await task?.destroy();
      aborter.abort();
      await running?.catch(() => undefined);
    },
  };
}
