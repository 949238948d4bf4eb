/**
 * `npm start` as a user runs it (npm's wrapper, then Placar's own processes), for the whole-service
 * figures: loopback, PORT=0, a temp DATA_DIR, and only the settings a benchmark needs (everything
 * else at its default). Its processes are told apart by their command line and parent.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  isClusterWorkerCommand,
  PROJECT_ROOT,
  whenPlacarReady,
  type PlacarProcess,
} from '../harness/placar-process.ts';
import { listDescendants } from '../harness/process-stats.ts';
import { copySharedSiteBundle } from '../harness/shared-site-bundle.ts';
import { startChild } from '../harness/watched-child.ts';

export type ServiceRole = 'npm' | 'servidor' | 'processo do cluster' | 'build';

export interface NpmStartOptions {
  timeoutMs?: number;
  /**
   * A data folder holding the site bundle of this code, built once for the run (harness/shared-site-bundle.ts): copied
   * into the DATA_DIR, so refresh #1 renders from it instead of building its own.
   */
  siteBundle?: string;
}

/** Starts `npm start` with `env` over the defaults; resolves when it listens and refresh #1 has ended. */
export async function startWithNpm(env: Record<string, string>, options: NpmStartOptions = {}): Promise<PlacarProcess> {
  const timeoutMs = options.timeoutMs ?? 180_000;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-bench-'));
  if (options.siteBundle) copySharedSiteBundle(env.DATA_DIR ?? dataDir, PROJECT_ROOT, options.siteBundle);
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !['WORKERS', 'NODE_OPTIONS'].includes(name)),
  );
  // npm forwards SIGTERM to the script; Placar's own processes end with it.
  const child = startChild('npm', ['start', '--silent'], {
    name: 'npm start',
    cwd: PROJECT_ROOT,
    env: { ...inherited, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, ...env },
    stopGraceMs: 15_000,
  });
  return whenPlacarReady(child, { dataDir, removeDataDir: true, timeoutMs, waitForFirstRefresh: true });
}

function readCommandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** Every process of the service now, with its role: npm's wrapper is the root. */
export function listServiceProcesses(npmPid: number): Array<{ pid: number; role: ServiceRole }> {
  const found: Array<{ pid: number; role: ServiceRole }> = [{ pid: npmPid, role: 'npm' }];
  for (const pid of listDescendants(npmPid)) {
    const command = readCommandLine(pid);
    if (isClusterWorkerCommand(command)) found.push({ pid, role: 'processo do cluster' });
    else if (command.includes('scripts/start.ts')) found.push({ pid, role: 'servidor' });
    else if (command !== '') found.push({ pid, role: 'build' });
  }
  return found;
}
