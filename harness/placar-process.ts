/**
 * Starts `node scripts/start.ts` (compiled once for a test run: compiled-scripts.ts) as a real child process for
 * integration and browser tests:
 * loopback, PORT=0, a temp DATA_DIR (unless given), fast refresh settings. Resolves once the
 * server listens AND the first refresh has finished (successfully or not). A test that wants newer
 * data asks for it (refreshNow: the process's `kill -USR2`) instead of waiting for a schedule.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORKER_BUNDLE_FILE } from '../src/server/cluster/worker-bundle.ts';
import { REFRESH_SIGNAL } from '../src/server/refresh-signal.ts';
import { scriptToRun } from './compiled-scripts.ts';
import { provideSharedSiteBundle } from './shared-site-bundle.ts';
import { startChild, type WatchedChild } from './watched-child.ts';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface PlacarProcess {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the process printed so far (stdout and stderr interleaved). */
  output(): string;
  /** Resolves with the match once the output (from the start) matches `re`; rejects after timeoutMs or on exit. */
  waitForOutput(re: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /**
   * One refresh that starts after this call (REFRESH_SIGNAL, as an operator's `kill -USR2`): resolves with its log
   * line once it has ended — a build it published is served by then — whatever its outcome (the line says it).
   */
  refreshNow(timeoutMs?: number): Promise<string>;
  /** SIGTERM, then waits for exit (SIGKILL after the grace, 10 s); removes a temp DATA_DIR it created. */
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

/** Whether a process's command line (/proc/<pid>/cmdline) is a cluster worker's: the compiled worker program. */
export function isClusterWorkerCommand(commandLine: string): boolean {
  return commandLine.includes(WORKER_BUNDLE_FILE);
}

/** A schedule that does not fire while a test runs (new year's midnight): the test refreshes with refreshNow(). */
export const RARE_REFRESH_CRON = '0 0 1 1 *';

export const LISTENING_LINE = /Placar ouvindo em (http:\/\/\S+)/;
const REFRESH_ASKED = /recebido: atualização #(\d+) pedida/;
/** How a refresh's one line begins (src/refresh/refresh-log.ts): every outcome. */
const refreshEnded = (sequence: string): RegExp =>
  new RegExp(`atualização #${sequence} (?:concluída|falhou|ignorada|interrompida).*`);
export const FIRST_REFRESH_DONE = /atualização #1 (concluída|falhou)/;

export async function startPlacar(options: StartPlacarOptions): Promise<PlacarProcess> {
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'placar-test-'));
  if (options.siteBundle !== 'own') provideSharedSiteBundle(dataDir, PROJECT_ROOT);
  const child = startChild(process.execPath, [scriptToRun('scripts/start.ts')], {
    name: 'placar',
    cwd: PROJECT_ROOT,
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
  return whenPlacarReady(child, {
    dataDir,
    removeDataDir: ownsDataDir,
    timeoutMs: options.timeoutMs ?? 90_000,
    waitForFirstRefresh: options.waitForFirstRefresh !== false,
  });
}

export interface PlacarReadiness {
  dataDir: string;
  /** stop() removes dataDir once the process has exited. */
  removeDataDir: boolean;
  timeoutMs: number;
  waitForFirstRefresh: boolean;
}

/**
 * A started Placar (`node scripts/start.ts`, or `npm start`) once it listens and, if asked, refresh #1 has ended; one
 * that does not get there is stopped, and the error says why with its output.
 */
export async function whenPlacarReady(child: WatchedChild, readiness: PlacarReadiness): Promise<PlacarProcess> {
  const stop = async (): Promise<void> => {
    await child.stop();
    if (readiness.removeDataDir) fs.rmSync(readiness.dataDir, { recursive: true, force: true });
  };
  const refreshNow = async (timeoutMs = readiness.timeoutMs): Promise<string> => {
    const mark = child.outputMark();
    child.process.kill(REFRESH_SIGNAL);
    const [, sequence] = await child.waitForOutputAfter(mark, REFRESH_ASKED, timeoutMs);
    const [line] = await child.waitForOutputAfter(mark, refreshEnded(sequence ?? ''), timeoutMs);
    return line;
  };
  try {
    const [, url = ''] = await child.waitForOutput(LISTENING_LINE, readiness.timeoutMs);
    if (readiness.waitForFirstRefresh) await child.waitForOutput(FIRST_REFRESH_DONE, readiness.timeoutMs);
    return {
      url,
      dataDir: readiness.dataDir,
      process: child.process,
      output: child.output,
      waitForOutput: child.waitForOutput,
      refreshNow,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
