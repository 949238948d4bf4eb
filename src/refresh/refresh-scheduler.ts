/**
 * Runs refreshes now and on REFRESH_CRON (node-cron, noOverlap), never two at once: a run asked
 * for while one is in progress joins it; a run asked for "after it" (runNext, an operator's
 * `kill -USR2`) starts once it has ended, one for all such asks meanwhile. stop() stops
 * scheduling, aborts a running build and waits for the run to end. Each published build also
 * goes to PUBLISH_COMMAND (publish-build.ts), and its new match events to the Pushpins of
 * PUSHPIN_PUBLISH_URLS (publish-events.ts), both on their own, and the alerts of those events to
 * the followers' Web Push subscriptions (push-sender.ts): the refresh never waits for them.
 */
import cron, { type ScheduledTask } from 'node-cron';
import { buildClientDir } from '../lib/store/builds/build-layout.ts';
import type { Config } from '../lib/config/config.ts';
import type { BuildLoaded } from '../lib/store/builds/build-loaded.ts';
import { createBuildPublisher } from './publish/publish-build.ts';
import { createEventPublisher } from './publish/publish-events.ts';
import { createConfiguredPushSender } from './publish/push-sender.ts';
import { runRefresh, type RefreshReport } from './refresh.ts';
import { createCronLogger, logMissedTicksByGap } from './cron-logger.ts';
import { formatRefreshLine } from './refresh-log.ts';
import { errorMessage } from '../lib/model/caught-error.ts';

// The server's one door into the pipeline: the scheduler and the report it hands back.
export type { RefreshReport } from './refresh-log.ts';

export interface RefreshSchedulerOptions {
  projectRoot: string;
  log: (line: string) => void;
  onPublished?: (loaded: BuildLoaded) => void | Promise<void>;
  /** Called with every run's report (the server shows the last one in /healthz). */
  onFinished?: (report: RefreshReport) => void;
  /** Step-by-step progress lines for the first run only (first start). */
  verboseFirstRun?: boolean;
}

/** A refresh that will start: the number its log line carries ("atualização #N") and its report. */
export interface NextRefresh {
  sequence: number;
  report: Promise<RefreshReport>;
}

export interface RefreshScheduler {
  runNow(): Promise<RefreshReport>;
  /**
   * A refresh that starts after this call: at once when none is running, else right after the running one (whose
   * scrape may predate what the caller wants read). Asks made meanwhile share that one run.
   */
  runNext(): NextRefresh;
  /** Starts the cron schedule (nothing to start with REFRESH_CRON=off). */
  start(): void;
  stop(): Promise<void>;
}

/** The report of a run that built nothing: one that threw, or one stopped before it started. */
function buildEmptyReport(outcome: RefreshReport['outcome'], error: string): RefreshReport {
  const timings = { scrapeMs: 0, bundleMs: 0, buildMs: 0, compressMs: 0, swapMs: 0, cleanupMs: 0, totalMs: 0 };
  return {
    outcome,
    buildId: null,
    scrape: null,
    timings,
    error,
    removedBuilds: [],
    matchesRendered: 0,
    tablesRendered: 0,
    teamHomesRendered: 0,
  };
}

function buildThrownReport(label: string, error: unknown, log: (line: string) => void): RefreshReport {
  const report = buildEmptyReport('build-failed', errorMessage(error));
  log(formatRefreshLine(label, report));
  return report;
}

export function createRefreshScheduler(config: Config, options: RefreshSchedulerOptions): RefreshScheduler {
  const aborter = new AbortController();
  let sequence = 0;
  let running: Promise<RefreshReport> | null = null;
  let queued: Promise<RefreshReport> | null = null;
  let task: ScheduledTask | null = null;
  const publisher = createBuildPublisher({
    dataDir: config.dataDir,
    command: config.publishCommand,
    timeoutMs: config.publishTimeoutMs,
    log: options.log,
  });
  const events =
    config.pushpinPublishUrls.length > 0
      ? createEventPublisher({ urls: config.pushpinPublishUrls, dataDir: config.dataDir, log: options.log })
      : null;
  const pushes = createConfiguredPushSender(config, options.log);
  const onPublished = async (loaded: BuildLoaded): Promise<void> => {
    await options.onPublished?.(loaded);
    const { buildId, manifest } = loaded;
    // Once this process (and its workers) serve the build: a stream resuming here finds the events.
    events?.publish(buildId);
    // …and a tap on a push opens a match page that already shows the goal.
    pushes?.send();
    publisher.publish({ buildId, clientDir: buildClientDir(config.dataDir, buildId), generatedAt: manifest.builtAt });
  };

  const runNow = (): Promise<RefreshReport> => {
    if (running) return running;
    sequence += 1;
    const verbose = options.verboseFirstRun === true && sequence === 1;
    const label = `atualização #${sequence}`;
    running = runRefresh(config, {
      projectRoot: options.projectRoot,
      log: options.log,
      label,
      signal: aborter.signal,
      onPublished,
      progress: verbose ? (line) => options.log(`  ${line}`) : undefined,
    })
      // A refresh that throws (DATA_DIR unwritable: a full disk, no lock file) must not stop the
      // server: it is one failed refresh, logged in one line like the others, and retried.
      .catch((error: unknown) => buildThrownReport(label, error, options.log))
      .then((report) => {
        options.onFinished?.(report);
        if (report.outcome !== 'published') publisher.retryFailed();
        return report;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const runNext = (): NextRefresh => {
    if (!running) {
      const report = runNow();
      return { sequence, report };
    }
    // A cron tick may start the next run first: then this one joins it, which also started after the ask.
    queued ??= running.then(() => {
      queued = null;
      return aborter.signal.aborted ? buildEmptyReport('aborted', 'servidor encerrando') : runNow();
    });
    return { sequence: sequence + 1, report: queued };
  };

  return {
    runNow,
    runNext,
    start() {
      if (config.refreshCron === null) return;
      if (task !== null) return;
      task = cron.schedule(
        config.refreshCron,
        async () => {
          if (!aborter.signal.aborted) await runNow();
        },
        { name: 'placar-refresh', noOverlap: true, logger: createCronLogger(options.log) },
      );
      logMissedTicksByGap(task, options.log);
    },
    async stop() {
      await task?.destroy();
      aborter.abort();
      await queued;
      await running?.catch(() => undefined);
      pushes?.stop();
      await Promise.all([publisher.stop(), events?.idle()]);
    },
  };
}
