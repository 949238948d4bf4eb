/**
 * `npm start` as a user runs it (npm's wrapper, then Placar's own processes), for the whole-service
 * figures: loopback, PORT=0, a temp DATA_DIR, and only the settings a benchmark needs (everything
 * else at its default). Its processes are told apart by their command line and parent.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT, type PlacarProcess } from '../harness/placar-process.ts';
import { listDescendants } from '../harness/process-stats.ts';
import { linkSharedSiteBundle } from '../harness/shared-site-bundle.ts';

export type ServiceRole = 'npm' | 'servidor' | 'processo do cluster' | 'build';

const LISTENING_LINE = /Placar ouvindo em (http:\/\/\S+)/;

export interface NpmStartOptions {
  timeoutMs?: number;
  /**
   * A data folder holding the site bundle of this code, built once for the run (harness/shared-site-bundle.ts): linked
   * into the DATA_DIR, so refresh #1 renders from it instead of building its own.
   */
  siteBundle?: string;
}

/** Starts `npm start` with `env` over the defaults; resolves when it listens and refresh #1 has ended. */
export async function startWithNpm(env: Record<string, string>, options: NpmStartOptions = {}): Promise<PlacarProcess> {
  const timeoutMs = options.timeoutMs ?? 180_000;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-bench-'));
  if (options.siteBundle) linkSharedSiteBundle(env.DATA_DIR ?? dataDir, PROJECT_ROOT, options.siteBundle);
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !['WORKERS', 'NODE_OPTIONS'].includes(name)),
  );
  const child = spawn('npm', ['start', '--silent'], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...inherited, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, ...env },
  });
  let text = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer): void => {
    text += chunk.toString('utf8');
    for (const wake of waiters) wake();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exit.then(() => {
    exited = true;
    for (const wake of waiters) wake();
  });
  const waitForOutput = (re: RegExp, waitMs = 60_000): Promise<void> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error(`sem ${re} em ${waitMs} ms:\n${text.slice(-2000)}`)), waitMs);
      const check = (): void => {
        if (re.test(text)) finish();
        else if (exited) finish(new Error(`npm start saiu antes de ${re}:\n${text.slice(-2000)}`));
      };
      const finish = (error?: Error): void => {
        clearTimeout(timer);
        waiters.delete(check);
        if (error) reject(error);
        else resolve();
      };
      waiters.add(check);
      check();
    });
  const stop = async (): Promise<void> => {
    if (!exited) {
      // npm forwards SIGTERM to the script; Placar's own processes end with it.
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exit;
      clearTimeout(killer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForOutput(LISTENING_LINE, timeoutMs);
    await waitForOutput(/atualização #1 (concluída|falhou)/, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: LISTENING_LINE.exec(text)?.[1] ?? '',
    dataDir,
    process: child,
    output: () => text,
    waitForOutput,
    stop,
  };
}

function readCommandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

function readParent(pid: number): number {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return -1;
  }
}

/** Every process of the service now, with its role: npm's wrapper is the root. */
export function listServiceProcesses(npmPid: number): Array<{ pid: number; role: ServiceRole }> {
  const found: Array<{ pid: number; role: ServiceRole }> = [{ pid: npmPid, role: 'npm' }];
  for (const pid of listDescendants(npmPid)) {
    const command = readCommandLine(pid);
    if (command.includes('scripts/start.ts'))
      found.push({ pid, role: readParent(pid) === npmPid ? 'servidor' : 'processo do cluster' });
    else if (command !== '') found.push({ pid, role: 'build' });
  }
  return found;
}
