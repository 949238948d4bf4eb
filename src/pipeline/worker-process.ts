/**
 * The refresh's heavy steps (parsing the upstream pages, rendering the data routes) run in a
 * child process, not in the server: their CPU never stalls a request, their memory is the
 * child's (capped by its heap limit, and given back whenever the child is restarted), and a
 * hung step can be killed. The child stays up between refreshes — starting Node, zod, cheerio
 * and the Astro runtime costs more CPU than the minute's work — and is started again on the
 * next job after it was killed or died. One JSON request and one JSON answer per job, over IPC.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface WorkerProcessOptions {
  /** The child's module (a .ts file Node runs directly); it calls serveWorkerJobs. */
  script: string;
  /** V8 old-space limit of the child, MB: a runaway step fails instead of eating the machine. */
  heapMb: number;
  /** V8 semi-space size, MB (the young generation is 3 of them): small keeps the resident size down. */
  semiSpaceMb?: number;
  env: NodeJS.ProcessEnv;
}

export interface WorkerJobOptions {
  timeoutMs: number;
  /** How errors name the step, e.g. "build" → "build excedeu BUILD_TIMEOUT_MS (…)". */
  stepName: string;
  /** The setting the timeout comes from, e.g. "BUILD_TIMEOUT_MS". */
  timeoutName: string;
  signal?: AbortSignal;
}

export interface WorkerProcess {
  run(request: object, options: WorkerJobOptions): Promise<unknown>;
  /** The child's pid while it runs (tests and benchmarks watch it). */
  pid(): number | null;
  /** Stops the child (and whatever job it runs). */
  close(): Promise<void>;
}

export class WorkerJobError extends Error {
  override name = 'WorkerJobError' as const;
}

interface JobMessage {
  id: number;
  request: object;
}
type AnswerMessage = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

const OUTPUT_LIMIT = 16 * 1024;

function isAnswer(value: unknown): value is AnswerMessage {
  return typeof value === 'object' && value !== null && 'id' in value && 'ok' in value;
}

/** The last meaningful line the child printed (why it died, when it sent no answer). */
function lastLine(output: string): string {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('at '));
  return (lines.at(-1) ?? 'sem saída').slice(0, 300);
}

function killGroup(child: ChildProcess): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

export function createWorkerProcess(options: WorkerProcessOptions): WorkerProcess {
  let child: ChildProcess | null = null;
  let output = '';
  let nextId = 1;
  let queue: Promise<unknown> = Promise.resolve();

  const start = (): ChildProcess => {
    output = '';
    const heapFlags = [`--max-old-space-size=${options.heapMb}`, ...(options.semiSpaceMb ? [`--max-semi-space-size=${options.semiSpaceMb}`] : [])];
    const started = spawn(process.execPath, [...heapFlags, options.script], {
      // Own process group: a timeout kills whatever the step started too.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: options.env,
    });
    const collect = (chunk: Buffer): void => {
      output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
    };
    started.stdout?.on('data', collect);
    started.stderr?.on('data', collect);
    started.once('exit', () => {
      if (child === started) child = null;
    });
    // Between jobs the child must not keep the server (or `npm run refresh`) alive.
    started.unref();
    started.channel?.unref();
    return started;
  };

  const runOne = (request: object, job: WorkerJobOptions): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const worker = child ?? start();
      child = worker;
      worker.channel?.ref();
      const id = nextId++;
      let settled = false;
      const finish = (error: Error | null, result?: unknown): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        job.signal?.removeEventListener('abort', onAbort);
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        worker.channel?.unref();
        if (error) reject(error);
        else resolve(result);
      };
      let stopReason: string | null = null;
      // Settled on the child's exit, once it is reaped: nothing of it is left running then.
      const stop = (reason: string): void => {
        stopReason ??= reason;
        killGroup(worker);
      };
      const onMessage = (message: unknown): void => {
        if (!isAnswer(message) || message.id !== id) return;
        if (message.ok) finish(null, message.result);
        else finish(new WorkerJobError(`${job.stepName} falhou: ${message.error}`));
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
        if (stopReason !== null) return finish(new WorkerJobError(`${job.stepName} ${stopReason}`));
        const how = code !== null ? `código ${code}` : `sinal ${signal ?? '?'}`;
        finish(new WorkerJobError(`${job.stepName} falhou (${how}): ${lastLine(output)}`));
      };
      const onAbort = (): void => stop('interrompido');
      const timer = setTimeout(() => stop(`excedeu ${job.timeoutName} (${job.timeoutMs} ms)`), job.timeoutMs);
      worker.on('message', onMessage);
      worker.once('exit', onExit);
      job.signal?.addEventListener('abort', onAbort, { once: true });
      if (job.signal?.aborted) onAbort();
      worker.send({ id, request } satisfies JobMessage, (error) => {
        if (error) stop(`não recebeu o pedido: ${error.message}`);
      });
    });

  return {
    run(request, job) {
      // One job at a time (refreshes never overlap; this keeps it true for any caller).
      const result = queue.then(() => runOne(request, job));
      queue = result.catch(() => undefined);
      return result;
    },
    pid: () => child?.pid ?? null,
    async close() {
      const worker = child;
      child = null;
      if (!worker || worker.exitCode !== null || worker.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      // Referenced again, so that waiting for the exit keeps the process alive.
      worker.ref();
      killGroup(worker);
      await exited;
    },
  };
}

/**
 * The child's side: answers each job with `work`'s result or its error, one at a time. Exits
 * when the parent goes away, so a killed server leaves nothing running.
 */
export function serveWorkerJobs(work: (request: object) => Promise<unknown>): void {
  process.once('disconnect', () => process.exit(0));
  process.on('message', (message: JobMessage) => {
    work(message.request).then(
      (result) => process.send?.({ id: message.id, ok: true, result } satisfies AnswerMessage),
      (error: unknown) => process.send?.({ id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) } satisfies AnswerMessage),
    );
  });
}
