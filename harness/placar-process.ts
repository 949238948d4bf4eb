/**
 * Starts `node scripts/start.ts` as a real child process for integration and browser tests:
 * loopback, PORT=0, a temp DATA_DIR (unless given), fast refresh settings. Resolves once the
 * server listens AND the first refresh has finished (successfully or not).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { linkSharedSiteBundle } from './shared-site-bundle.ts';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface PlacarProcess {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the process printed so far (stdout and stderr interleaved). */
  output(): string;
  /** Resolves when the output (from the start) matches `re`; rejects after timeoutMs. */
  waitForOutput(re: RegExp, timeoutMs?: number): Promise<void>;
  /** SIGTERM, then waits for exit (SIGKILL after 10 s); removes a temp DATA_DIR it created. */
  stop(): Promise<void>;
}

export interface StartPlacarOptions {
  upstreamUrl: string;
  /** Extra environment, e.g. { REFRESH_CRON: '*\/2 * * * * *', SEARCH_RATE_LIMIT: '0' }. */
  env?: Record<string, string>;
  /** Reuse a data folder (kept on stop); default: a fresh temp folder (removed on stop). */
  dataDir?: string;
  /** How long to wait for listening + first refresh; default 90 s. */
  timeoutMs?: number;
  /** false: resolve once it listens (a server with REFRESH_CRON=off never refreshes). Default true. */
  waitForFirstRefresh?: boolean;
  /**
   * 'shared' (default): a data folder without builds gets the test run's one site bundle
   * (shared-site-bundle.ts); 'own': Placar builds its own, for tests that watch that build.
   */
  siteBundle?: 'shared' | 'own';
}

const LISTENING_LINE = /Placar ouvindo em (http:\/\/\S+)/;
const FIRST_REFRESH_DONE = /atualização #1 (concluída|falhou)/;

export async function startPlacar(options: StartPlacarOptions): Promise<PlacarProcess> {
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'placar-test-'));
  if (options.siteBundle !== 'own' && !fs.existsSync(path.join(dataDir, 'builds'))) {
    linkSharedSiteBundle(dataDir, PROJECT_ROOT);
  }
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      UPSTREAM_URL: options.upstreamUrl,
      REQUEST_TIMEOUT_MS: '5000',
      // One process, as the tests of one server observe it (its pid, its log, its memory);
      // the cluster tests ask for WORKERS explicitly.
      WORKERS: '1',
      // The tests watch /healthz's details (errors, parse, publish) from loopback, as an operator who opts in.
      HEALTHZ_LOOPBACK_DETAILS: 'on',
      ...options.env,
    },
  });
  let text = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer): void => {
    text += chunk.toString('utf8');
    for (const wake of waiters) wake();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
    for (const wake of waiters) wake();
  });

  const waitForOutput = (re: RegExp, timeoutMs = 60_000): Promise<void> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        if (re.test(text)) finish();
        else if (hasExited) finish(new Error(`placar saiu antes de ${re}:\n${text}`));
      };
      const timer = setTimeout(() => finish(new Error(`sem ${re} em ${timeoutMs} ms:\n${text}`)), timeoutMs);
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
    if (!hasExited) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const timeoutMs = options.timeoutMs ?? 90_000;
    await waitForOutput(LISTENING_LINE, timeoutMs);
    if (options.waitForFirstRefresh !== false) await waitForOutput(FIRST_REFRESH_DONE, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  const url = LISTENING_LINE.exec(text)?.[1] ?? '';
  return { url, dataDir, process: child, output: () => text, waitForOutput, stop };
}
