/**
 * The one way tests and benchmarks start and stop a child process (Placar, npm, nginx, Pushpin, a script): its
 * output kept (the newest MAX_OUTPUT_CHARS of it), a wait for a line of that output that fails at once with the
 * output's tail when the process ends first, and a stop that always ends it — SIGTERM, then SIGKILL after a grace —
 * and resolves once it has exited, however often it is called (a test's `finally` and its afterAll both may).
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createConditionWaiters } from './condition-waiters.ts';

/** Far above what any process of the tests prints; it bounds a runaway one. */
const MAX_OUTPUT_CHARS = 4 * 1024 * 1024;
/** How much of the output an error message quotes. */
const TAIL_CHARS = 4_000;
const DEFAULT_WAIT_MS = 60_000;
const DEFAULT_STOP_GRACE_MS = 10_000;

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface StopOptions {
  /** The polite signal (default SIGTERM); SIGKILL follows after graceMs. */
  signal?: NodeJS.Signals;
  graceMs?: number;
}

export interface WatchedChild {
  process: ChildProcess;
  /** stdout and stderr interleaved as they arrived. */
  output(): string;
  stdout(): string;
  stderr(): string;
  /** Settles when the process has exited, or could not start. */
  exited: Promise<ChildExit>;
  /** Settles when it has exited and its output streams are closed: output() then holds everything. */
  closed: Promise<ChildExit>;
  hasExited(): boolean;
  /**
   * Resolves with the match of `re` in the output (from the start); rejects, quoting the output's tail, when the
   * process ends without printing it or timeoutMs passes.
   */
  waitForOutput(re: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Where the output ends now: a mark for waitForOutputAfter. */
  outputMark(): number;
  /** As waitForOutput, in what was printed after `mark` (outputMark()) only. */
  waitForOutputAfter(mark: number, re: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Ends the process (see StopOptions); resolves once it has exited. Every call after the first gets its promise. */
  stop(options?: StopOptions): Promise<ChildExit>;
}

export interface WatchOptions {
  /** What the error messages call it ("placar", "nginx"). */
  name?: string;
  /** The grace between the polite signal and SIGKILL when stop() is not told one; default 10 s. */
  stopGraceMs?: number;
}

interface BoundedText {
  append(chunk: string): void;
  text(): string;
  /** How much was ever appended: a mark that outlives the bound. */
  total(): number;
  /** What was appended after `mark` (a total() earlier), as far as it is kept. */
  textAfter(mark: number): string;
}

/** Keeps the newest MAX_OUTPUT_CHARS of what is appended. */
function boundedText(): BoundedText {
  let text = '';
  let total = 0;
  return {
    append(chunk) {
      text += chunk;
      total += chunk.length;
      if (text.length > MAX_OUTPUT_CHARS) text = text.slice(-MAX_OUTPUT_CHARS);
    },
    text: () => text,
    total: () => total,
    textAfter: (mark) => text.slice(Math.max(0, mark - (total - text.length))),
  };
}

function describeExit({ code, signal }: ChildExit): string {
  return signal ? `pelo sinal ${signal}` : `com código ${code}`;
}

export function watchChild(child: ChildProcess, options: WatchOptions = {}): WatchedChild {
  const name = options.name ?? 'o processo';
  const [all, stdout, stderr] = [boundedText(), boundedText(), boundedText()];
  const waiters = createConditionWaiters();
  const keep = (stream: NodeJS.ReadableStream | null, own: BoundedText): void => {
    // Decoded by the stream: a character split across two chunks (ç, ã) is not garbled.
    stream?.setEncoding('utf8');
    stream?.on('data', (text: string) => {
      own.append(text);
      all.append(text);
      waiters.wake();
    });
  };
  keep(child.stdout, stdout);
  keep(child.stderr, stderr);

  const exitNow = (): ChildExit => ({ code: child.exitCode, signal: child.signalCode });
  // A process that could not start (ENOENT) emits 'error' and 'close' but no 'exit'.
  const exited = new Promise<ChildExit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    // 'on', not 'once': a later error (a failed kill) must not go unhandled.
    child.on('error', (error) => {
      all.append(`\n[${name}: ${error.message}]\n`);
      if (child.pid === undefined) resolve(exitNow());
    });
  });
  let isClosed = false;
  const closed = new Promise<ChildExit>((resolve) =>
    child.once('close', () => {
      isClosed = true;
      waiters.wake();
      resolve(exitNow());
    }),
  );
  // Node sets one of the two before 'exit' is emitted.
  const hasExited = (): boolean => child.exitCode !== null || child.signalCode !== null;
  const tail = (): string => all.text().slice(-TAIL_CHARS);

  const waitForOutputAfter = (mark: number, re: RegExp, timeoutMs = DEFAULT_WAIT_MS): Promise<RegExpExecArray> => {
    // A global or sticky pattern would search from its lastIndex: what follows the mark is searched whole each time.
    const pattern = re.global || re.sticky ? new RegExp(re.source, re.flags.replace(/[gy]/g, '')) : re;
    return waiters.waitFor(
      () => pattern.exec(all.textAfter(mark)),
      () => isClosed,
      timeoutMs,
      (why) =>
        new Error(
          why === 'ended'
            ? `${name} saiu ${describeExit(exitNow())} antes de ${re}:\n${tail()}`
            : `${name}: sem ${re} em ${timeoutMs} ms:\n${tail()}`,
        ),
    );
  };

  const waitForOutput = (re: RegExp, timeoutMs?: number): Promise<RegExpExecArray> =>
    waitForOutputAfter(0, re, timeoutMs);

  let stopping: Promise<ChildExit> | null = null;
  const stop = (stopOptions: StopOptions = {}): Promise<ChildExit> => {
    stopping ??= (async () => {
      if (hasExited()) return exitNow();
      child.kill(stopOptions.signal ?? 'SIGTERM');
      const killer = setTimeout(
        () => child.kill('SIGKILL'),
        stopOptions.graceMs ?? options.stopGraceMs ?? DEFAULT_STOP_GRACE_MS,
      );
      const exit = await exited;
      clearTimeout(killer);
      return exit;
    })();
    return stopping;
  };

  return {
    process: child,
    output: all.text,
    stdout: stdout.text,
    stderr: stderr.text,
    exited,
    closed,
    hasExited,
    waitForOutput,
    outputMark: all.total,
    waitForOutputAfter,
    stop,
  };
}

/** spawn() with stdout and stderr piped (stdin ignored unless `stdio` says otherwise), watched. */
export function startChild(
  command: string,
  args: readonly string[],
  options: SpawnOptions & WatchOptions = {},
): WatchedChild {
  const { name, stopGraceMs, ...spawnOptions } = options;
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...spawnOptions });
  return watchChild(child, { name: name ?? command, stopGraceMs });
}

export interface ChildRun extends ChildExit {
  /** stdout and stderr interleaved. */
  output: string;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command to its end: resolves with its exit and everything it printed. One still running after timeoutMs
 * is stopped (its run then ends by that signal), so a test fails instead of hanging. Rejects only when it cannot
 * start.
 */
export async function runChild(
  command: string,
  args: readonly string[],
  options: SpawnOptions & WatchOptions & { timeoutMs?: number } = {},
): Promise<ChildRun> {
  const { timeoutMs, ...startOptions } = options;
  const child = startChild(command, args, startOptions);
  const started = new Promise<void>((resolve, reject) => {
    child.process.once('spawn', resolve);
    child.process.once('error', (error) => {
      if (child.process.pid === undefined) reject(error);
    });
  });
  const deadline = timeoutMs === undefined ? undefined : setTimeout(() => void child.stop(), timeoutMs);
  try {
    await started;
    const exit = await child.closed;
    return { ...exit, output: child.output(), stdout: child.stdout(), stderr: child.stderr() };
  } finally {
    clearTimeout(deadline);
  }
}
