/**
 * One run of PUBLISH_COMMAND: `sh -c` in its own process group, with the build in its
 * environment. Past the timeout the whole group gets SIGTERM (SIGKILL 2 s later), so an
 * upload tool the shell started is stopped too. Never rejects: the outcome is a result.
 */
import { spawn } from 'node:child_process';

export interface PublishRequest {
  buildId: string;
  /** Absolute path of the build's client folder (what gets uploaded). */
  clientDir: string;
  /** When the build was made (the site manifest's builtAt: ISO 8601, São Paulo offset). */
  generatedAt: string;
}

export interface PublishResult {
  ok: boolean;
  /** pt-BR, one line; null when ok. */
  error: string | null;
  durationMs: number;
}

/** The variables the command gets on top of Placar's environment (set, not read, by Placar). */
export const PUBLISH_COMMAND_ENV = ['PLACAR_BUILD_DIR', 'PLACAR_GENERATED_AT', 'PLACAR_BUILD_ID'] as const;

const KILL_GRACE_MS = 2_000;
/** Only the end of the output is kept: the error line of an upload tool comes last. */
const OUTPUT_TAIL_BYTES = 4_096;

function lastLine(output: string): string {
  const lines = output
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const line = lines.at(-1) ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

export function runPublishCommand(
  command: string,
  request: PublishRequest,
  timeoutMs: number,
  env: NodeJS.ProcessEnv = process.env,
  signal?: AbortSignal,
  onSpawn?: (pid: number) => void,
): Promise<PublishResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    let output = '';
    let stoppedBy: 'timeout' | 'abort' | null = null;
    const keep = (chunk: Buffer): void => {
      output = (output + chunk.toString('utf8')).slice(-OUTPUT_TAIL_BYTES);
    };
    const child = spawn('/bin/sh', ['-c', command], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...env,
        PLACAR_BUILD_DIR: request.clientDir,
        PLACAR_GENERATED_AT: request.generatedAt,
        PLACAR_BUILD_ID: request.buildId,
      },
    });
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    if (child.pid !== undefined) onSpawn?.(child.pid);
    let killer: NodeJS.Timeout | undefined;
    const stop = (reason: 'timeout' | 'abort'): void => {
      if (stoppedBy) return;
      stoppedBy = reason;
      killGroup(child.pid, 'SIGTERM');
      killer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), KILL_GRACE_MS);
    };
    const timer = setTimeout(() => stop('timeout'), timeoutMs);
    const onAbort = (): void => stop('abort');
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) onAbort();
    let done = false;
    const finish = (error: string | null): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      // Whatever the shell left running in its group must not outlive the run.
      if (!stoppedBy) killGroup(child.pid, 'SIGTERM');
      child.stdout.destroy();
      child.stderr.destroy();
      resolve({ ok: error === null, error, durationMs: Math.round(performance.now() - started) });
      if (killer) killer.unref();
    };
    child.once('error', (error) => finish(`não foi possível executar o comando: ${error.message}`));
    child.once('exit', (code, signal) => {
      const detail = lastLine(output);
      const suffix = detail ? `: ${detail}` : '';
      if (stoppedBy === 'timeout') return finish(`excedeu PUBLISH_TIMEOUT_MS (${timeoutMs} ms) e foi interrompido`);
      if (stoppedBy === 'abort') return finish('interrompido: o Placar está encerrando');
      if (code === 0) return finish(null);
      finish(code !== null ? `saiu com código ${code}${suffix}` : `encerrado pelo sinal ${signal ?? '?'}${suffix}`);
    });
  });
}
