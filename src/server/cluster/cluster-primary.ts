/**
 * The primary of `npm start` with WORKERS > 1: forks WORKERS server processes that share the
 * port (node:cluster hands connections out round-robin), each serving the current build from its
 * own memory, and runs the one refresh schedule itself — so the upstream sees the same 3
 * requests a minute whatever the number of workers. It tells the workers when a build is
 * published and how each refresh ended (for /healthz), makes their searches
 * (search-for-workers.ts), keeps the search rate limit's counts, and replaces a worker that dies
 * — after a growing delay, and not at all in a crash loop (worker-restart-policy.ts): then it
 * stops everything and exits non-zero.
 */
import cluster, { type Worker } from 'node:cluster';
import { StartupError } from '../../lib/config/cli.ts';
import type { Config } from '../../lib/config/config.ts';
import type { RefreshReport } from '../../refresh/refresh-scheduler.ts';
import { readCurrentBuildId } from '../../lib/store/builds/current-link.ts';
import { readWorkerMessage, sendToWorker, type PrimaryMessage, type RefreshEnd } from './cluster-messages.ts';
import { serveRateLimit } from './cluster-rate-limit.ts';
import type { RunPlacarOptions } from '../run-placar.ts';
import { runRefreshes } from '../run-refreshes.ts';
import { formatRuntimeLine } from '../runtime-line.ts';
import { createWorkerRestartPolicy, WORKER_RESTART_LIMITS } from './worker-restart-policy.ts';
import { writeWorkerBundle } from './worker-bundle.ts';
import { createSearchForWorkers } from './search-for-workers.ts';
import { readWelcomePush } from '../push/welcome-for-server.ts';

const SHUTDOWN_GRACE_MS = 10_000;
/**
 * A worker that has not loaded a new build after this no longer holds the refresh up (it loads it later on its own).
 */
const RELOAD_WAIT_MS = 10_000;

/** Workers kept crashing: restarting them again would not help. */
export class WorkerCrashLoopError extends Error {
  override name = 'WorkerCrashLoopError' as const;
}

function workers(): Worker[] {
  return Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
}

/** What a worker's /healthz needs of a refresh report (not its scrape summary). */
function refreshEnd(report: RefreshReport): RefreshEnd {
  return { outcome: report.outcome, error: report.error };
}

function broadcast(message: PrimaryMessage): void {
  for (const worker of workers()) sendToWorker(worker, message);
}

/**
 * Tells every worker to load the new build and resolves once each has said 'loaded' (or exited, or
 * RELOAD_WAIT_MS passed): a refresh ends when its build is what the workers serve.
 */
function reloadWorkers(): Promise<void> {
  const loads = workers().map(
    (worker) =>
      new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          worker.off('message', onMessage);
          worker.off('exit', done);
          resolve();
        };
        // Not logged here: the worker's own listener (fork) reports a bad message.
        const onMessage = (message: unknown): void => {
          if (readWorkerMessage(message)?.placar === 'loaded') done();
        };
        const timer = setTimeout(done, RELOAD_WAIT_MS);
        worker.on('message', onMessage);
        worker.once('exit', done);
        sendToWorker(worker, { placar: 'reload' });
      }),
  );
  return Promise.all(loads).then(() => undefined);
}

async function stopWorkers(): Promise<void> {
  const running = workers();
  const exits = running.map(
    (worker) => new Promise<void>((resolve) => (worker.isDead() ? resolve() : worker.once('exit', () => resolve()))),
  );
  broadcast({ placar: 'shutdown' });
  const force = setTimeout(() => {
    for (const worker of running) if (!worker.isDead()) worker.process.kill('SIGKILL');
  }, SHUTDOWN_GRACE_MS);
  await Promise.all(exits);
  clearTimeout(force);
}

export async function runClusterPrimary(config: Config, options: RunPlacarOptions): Promise<void> {
  const started = performance.now();
  const elapsedMs = (): number => Math.round(performance.now() - started);
  const { log } = options;
  const answerRateLimit = serveRateLimit(config.searchRateLimit);
  const search = createSearchForWorkers(config, log);
  const welcome = readWelcomePush(config);
  let lastReport: RefreshReport | null = null;
  let stopping = false;
  let url = '';
  let settleReady: (error?: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    settleReady = (error) => (error ? reject(error) : resolve());
  });
  let listening = 0;
  let isReady = false;

  const fork = (): void => {
    const worker = cluster.fork();
    worker.on('message', (received: unknown) => {
      const message = readWorkerMessage(received, log);
      if (!message) return;
      if (message.placar === 'rate-limit-lease' || message.placar === 'rate-limit-return') {
        return answerRateLimit(worker, message);
      }
      if (message.placar === 'search') return sendToWorker(worker, search.answer(message.id, message.q));
      if (message.placar === 'welcome-push') {
        const { id, ...record } = message;
        const sending = welcome ? welcome(record) : Promise.resolve({ kind: 'accepted' as const });
        return void sending.then((outcome) => sendToWorker(worker, { placar: 'welcome-pushed', id, outcome }));
      }
      if (message.placar === 'startup-error') return settleReady(new StartupError(message.message));
      if (message.placar === 'listening') {
        url = message.url;
        if (lastReport) sendToWorker(worker, { placar: 'refresh-finished', report: refreshEnd(lastReport) });
        listening += 1;
        if (listening === config.workers) {
          isReady = true;
          settleReady();
        }
      }
    });
  };
  const restarts = createWorkerRestartPolicy();
  const pendingForks = new Set<NodeJS.Timeout>();
  const crashLoop = new AbortController();
  let crashLoopError: WorkerCrashLoopError | null = null;
  const onExit = (worker: Worker, code: number | null, signal: string | null): void => {
    if (stopping) return;
    const how = signal ? `sinal ${signal}` : `código ${code ?? '?'}`;
    const pid = worker.process.pid ?? '?';
    if (!isReady) return settleReady(new StartupError(`o processo do servidor ${pid} saiu durante o início (${how}).`));
    const decision = restarts.recordCrash(performance.now());
    if (!decision.restart) {
      const seconds = WORKER_RESTART_LIMITS.windowMs / 1000;
      crashLoopError = new WorkerCrashLoopError(
        `os processos do servidor caíram ${decision.crashes} vezes em ${seconds} s (o último, ${pid}: ${how}); ` +
          'o Placar para em vez de reiniciá-los de novo. Veja as mensagens acima.',
      );
      log(`erro: ${crashLoopError.message}`);
      stopping = true;
      crashLoop.abort();
      return;
    }
    log(`aviso: o processo do servidor ${pid} saiu (${how}); iniciando outro em ${decision.delayMs} ms.`);
    const timer = setTimeout(() => {
      pendingForks.delete(timer);
      if (!stopping) fork();
    }, decision.delayMs);
    pendingForks.add(timer);
  };
  cluster.on('exit', onExit);
  // Ctrl+C reaches the workers too (same process group): their exits are the shutdown, not crashes.
  options.signal.addEventListener('abort', () => (stopping = true), { once: true });

  try {
    cluster.setupPrimary({ exec: await writeWorkerBundle(options.projectRoot, config.dataDir) });
    await search.prepare();
    for (let i = 0; i < config.workers; i += 1) fork();
    await ready;
    log(`Placar ouvindo em ${url} (em ${elapsedMs()} ms; ${config.workers} processos)`);
    log(formatRuntimeLine());
    await runRefreshes(config, {
      ...options,
      signal: AbortSignal.any([options.signal, crashLoop.signal]),
      url,
      elapsedMs,
      hasSite: () => readCurrentBuildId(config.dataDir) !== null,
      // The new snapshot is searched from the moment the workers start serving its build.
      onPublished: () => Promise.all([search.prepare(), reloadWorkers()]).then(() => undefined),
      onFinished: (report) => {
        lastReport = report;
        broadcast({ placar: 'refresh-finished', report: refreshEnd(report) });
      },
    });
    if (crashLoopError) throw crashLoopError;
  } finally {
    stopping = true;
    search.stop();
    for (const timer of pendingForks) clearTimeout(timer);
    cluster.off('exit', onExit);
    await stopWorkers();
  }
}
