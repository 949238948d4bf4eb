/**
 * `npm start` and `npm run demo` stopped the way systemd, Docker and a shell's `kill` stop
 * them: one signal to npm's own PID. Nothing may keep listening afterwards (an orphaned
 * server would hold the port, as `sh -c` used to swallow the signal npm forwarded).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../src/demo/upstream-server.ts';
import { PROJECT_ROOT } from '../../harness/placar-process.ts';

const STOP_DEADLINE_MS = 5_000;
const children: ChildProcess[] = [];
const folders: string[] = [];
let upstream: FakeUpstream | undefined;

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  await upstream?.close();
});

function spawnNpm(
  script: string[],
  env: Record<string, string>,
): { child: ChildProcess; waitFor(re: RegExp): Promise<RegExpExecArray> } {
  const child = spawn('npm', script, {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
  });
  children.push(child);
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const waitFor = async (re: RegExp): Promise<RegExpExecArray> => {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const match = re.exec(text);
      if (match) return match;
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`sem ${re}:\n${text}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return { child, waitFor };
}

async function isRefused(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1_000) });
    return false;
  } catch {
    return true;
  }
}

/** Polls until every URL refuses connections; false when one still answers after the deadline. */
async function allRefusedWithin(urls: readonly string[], deadlineMs: number): Promise<boolean> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const refused = await Promise.all(urls.map(isRefused));
    if (refused.every(Boolean)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function tempDataDir(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-npm-stop-'));
  folders.push(folder);
  return folder;
}

describe("a signal to npm's PID stops everything it started", () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`npm start, ${signal}: the port is free within 5 s`, async () => {
      upstream ??= await startFakeUpstream({ pages: readFixturePages() });
      const run = spawnNpm(['start'], { UPSTREAM_URL: upstream.url, DATA_DIR: tempDataDir() });
      const url = (await run.waitFor(/Placar ouvindo em (http:\/\/\S+)/))[1] ?? '';
      await run.waitFor(/atualização #1 (concluída|falhou)/);
      expect(await isRefused(`${url}/`)).toBe(false);
      run.child.kill(signal);
      expect(await allRefusedWithin([`${url}/`], STOP_DEADLINE_MS)).toBe(true);
    });
  }

  it('npm run demo, SIGTERM: Placar and the demo upstream are gone within 5 s', async () => {
    const run = spawnNpm(['run', 'demo'], { REFRESH_CRON: '*/30 * * * * *' });
    const upstreamUrl = (await run.waitFor(/site de origem fictício em (http:\/\/\S+)/))[1] ?? '';
    const url = (await run.waitFor(/Demonstração pronta em \d+ ms: abra (http:\/\/\S+)/))[1] ?? '';
    run.child.kill('SIGTERM');
    expect(await allRefusedWithin([`${url}/`, `${upstreamUrl}/jogos-de-hoje`], STOP_DEADLINE_MS)).toBe(true);
  });
});
