/**
 * Placar's memory settings (docs/performance.md) reach the process that serves: `npm start` and
 * deploy/placar.service give Node the same V8 flags and malloc setting and a compile cache, and
 * the server started by `npm start` reports the heap limit those flags give and its cache.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import { startChild, type WatchedChild } from '../../../harness/watched-child.ts';
import { readStartScript } from '../../support/processes/start-script.ts';

const unit = fs.readFileSync(path.join(PROJECT_ROOT, 'deploy', 'placar.service'), 'utf8');
const children: WatchedChild[] = [];
const folders: string[] = [];

afterAll(async () => {
  await Promise.all(children.map((child) => child.stop({ signal: 'SIGKILL' })));
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

function readUnit(): { env: Record<string, string>; flags: string[] } {
  const exec = /^ExecStart=\S+\/node ((?:--\S+\s+)*)scripts\/start\.ts$/m.exec(unit);
  const env = Object.fromEntries(
    [...unit.matchAll(/^Environment=(\w+)=(\S+)$/gm)].map((match) => [match[1] ?? '', match[2] ?? '']),
  );
  return { env, flags: (exec?.[1] ?? '').trim().split(/\s+/).filter(Boolean) };
}

/** The heap limit Node reports with `flags`, in MB. */
function heapLimitWith(flags: string[]): number {
  const script = "process.stdout.write(String(require('node:v8').getHeapStatistics().heap_size_limit))";
  const result = spawnSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8' });
  return Math.round(Number(result.stdout) / (1024 * 1024));
}

describe('memory settings', () => {
  it('are the same for npm start and the systemd unit', () => {
    const start = readStartScript();
    const service = readUnit();
    expect(start.flags.some((flag) => flag.startsWith('--max-old-space-size='))).toBe(true);
    expect(service.flags).toEqual(start.flags);
    expect(service.env.MALLOC_ARENA_MAX).toBe(start.env.MALLOC_ARENA_MAX);
    expect(start.env.NODE_COMPILE_CACHE).toBeTruthy();
    // The unit's cache lives in DATA_DIR, the one place it may write.
    expect(service.env.NODE_COMPILE_CACHE).toMatch(/^\/var\/lib\/placar\//);
  });

  it('reach the server npm start runs: its heap limit and compile cache', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-memory-settings-'));
    folders.push(dataDir);
    const child = startChild('npm', ['start', '--silent'], {
      name: 'npm start',
      cwd: PROJECT_ROOT,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, REFRESH_CRON: 'off', WORKERS: '1' },
    });
    children.push(child);
    const line = /heap do V8 até (\d+) MB, cache de compilação em (\S+)/;
    const [, limit, cacheDir] = await child.waitForOutput(line, 60_000);
    const { env, flags } = readStartScript();
    expect(Number(limit)).toBe(heapLimitWith(flags));
    expect(path.dirname(cacheDir ?? '')).toBe(path.resolve(PROJECT_ROOT, env.NODE_COMPILE_CACHE ?? ''));
    await child.stop();
  }, 90_000);
});
