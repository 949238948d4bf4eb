/**
 * Placar (`node scripts/start.ts`) as the demo's child process: its output forwarded line by
 * line, its first refresh noticed, and a stop that always ends it.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { writeLogLine } from '../lib/config/log-line.ts';

const LISTENING_LINE = /Placar ouvindo em (http:\/\/\S+)/;
const FIRST_REFRESH_DONE = /atualização #1 (concluída|falhou)/;
/** Placar's own "ready" line: the demo prints its single one instead (with the same URL). */
const PLACAR_READY_LINE = /^Placar pronto em /;
const STOP_GRACE_MS = 10_000;

export interface PlacarChildOptions {
  projectRoot: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Called once, when Placar listens and its first refresh has finished. */
  onFirstRefresh: (url: string) => void;
}

export interface PlacarChild {
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, SIGKILL after a grace period; resolves when the process is gone. */
  stop(): Promise<void>;
}

export function startPlacarChild({ projectRoot, env, onFirstRefresh }: PlacarChildOptions): PlacarChild {
  // Its own process group: a terminal's Ctrl-C reaches only the demo, which then stops
  // Placar exactly once (a second signal could mean "force quit" to Placar).
  const child = spawn(process.execPath, [path.join(projectRoot, 'scripts', 'start.ts')], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => {
      process.stderr.write(`Erro: não foi possível iniciar o Placar: ${error.message}\n`);
      resolve({ code: 1, signal: null });
    });
  });
  let running = true;
  void exited.then(() => (running = false));
  // If the demo itself dies of an uncaught error, do not leave Placar listening.
  const killOnExit = (): void => {
    if (running) child.kill('SIGTERM');
  };
  process.once('exit', killOnExit);

  let url: string | null = null;
  let refreshed = false;
  let announced = false;
  const forward = (stream: NodeJS.ReadableStream, out: NodeJS.WritableStream): void => {
    readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
      // Placar escapes its own lines; this also covers whatever else the child prints (a crash of Node).
      if (!PLACAR_READY_LINE.test(line)) writeLogLine(out, line);
      url ??= LISTENING_LINE.exec(line)?.[1] ?? null;
      refreshed ||= FIRST_REFRESH_DONE.test(line);
      if (!announced && url !== null && refreshed) {
        announced = true;
        onFirstRefresh(url);
      }
    });
  };
  if (child.stdout) forward(child.stdout, process.stdout);
  if (child.stderr) forward(child.stderr, process.stderr);

  return {
    exited,
    async stop() {
      if (running) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await exited;
        clearTimeout(killer);
      }
      process.removeListener('exit', killOnExit);
    },
  };
}
