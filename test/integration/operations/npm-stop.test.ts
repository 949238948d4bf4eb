/**
 * `npm start` and `npm run demo` stopped the way systemd, Docker and a shell's `kill` stop
 * them: one signal to npm's own PID. Nothing may keep listening afterwards (an orphaned
 * server would hold the port, as `sh -c` used to swallow the signal npm forwarded).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import { provideSharedSiteBundle } from '../../../harness/shared-site-bundle.ts';
import { startChild, type WatchedChild } from '../../../harness/watched-child.ts';

const START_DEADLINE_MS = 90_000;
const STOP_DEADLINE_MS = 5_000;
const children: WatchedChild[] = [];
const folders: string[] = [];
let upstream: FakeUpstream | undefined;

afterAll(async () => {
  await Promise.all(children.map((child) => child.stop({ signal: 'SIGKILL' })));
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  await upstream?.close();
});

function spawnNpm(script: string[], env: Record<string, string>): WatchedChild {
  const child = startChild('npm', script, {
    name: `npm ${script.join(' ')}`,
    cwd: PROJECT_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
  });
  children.push(child);
  return child;
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
  // The signal comes after refresh #1: the run's site bundle, not a build of its own, is what that refresh needs.
  provideSharedSiteBundle(folder, PROJECT_ROOT);
  return folder;
}

describe("a signal to npm's PID stops everything it started", () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`npm start, ${signal}: the port is free within 5 s`, async () => {
      upstream ??= await startFakeUpstream({ pages: readFixturePages() });
      const run = spawnNpm(['start'], { UPSTREAM_URL: upstream.url, DATA_DIR: tempDataDir() });
      const url = (await run.waitForOutput(/Placar ouvindo em (http:\/\/\S+)/, START_DEADLINE_MS))[1] ?? '';
      await run.waitForOutput(/atualização #1 (concluída|falhou)/, START_DEADLINE_MS);
      expect(await isRefused(`${url}/`)).toBe(false);
      run.process.kill(signal);
      expect(await allRefusedWithin([`${url}/`], STOP_DEADLINE_MS)).toBe(true);
    });
  }

  it('npm run demo, SIGTERM: Placar and the demo upstream are gone within 5 s', async () => {
    const run = spawnNpm(['run', 'demo'], { REFRESH_CRON: '*/30 * * * * *' });
    const upstreamUrl =
      (await run.waitForOutput(/site de origem fictício em (http:\/\/\S+)/, START_DEADLINE_MS))[1] ?? '';
    const url =
      (await run.waitForOutput(/Demonstração pronta em \d+ ms: abra (http:\/\/\S+)/, START_DEADLINE_MS))[1] ?? '';
    run.process.kill('SIGTERM');
    expect(await allRefusedWithin([`${url}/`, `${upstreamUrl}/jogos-de-hoje`], STOP_DEADLINE_MS)).toBe(true);
  });
});
