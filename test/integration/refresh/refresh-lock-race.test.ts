// Issue 20 item 4, issue 27 M4: many processes racing for the refresh lock, also each in its own
// PID namespace (as in separate containers, every one pid 1): never two holders at once.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream } from '../../../src/demo/upstream-server.ts';
import { refreshLockPath, tryAcquireRefreshLock } from '../../../src/refresh/refresh-lock.ts';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import { provideSharedSiteBundle } from '../../../harness/shared-site-bundle.ts';
import { startChild, type WatchedChild } from '../../../harness/watched-child.ts';
import { inOwnPidNamespace } from '../../support/processes/pid-namespace.ts';

const RACER = path.join(PROJECT_ROOT, 'test/support/processes/refresh-lock-racer.ts');
const HOLDER = path.join(PROJECT_ROOT, 'test/support/processes/refresh-lock-holder.ts');
const CONTENDERS = 10;
const ROUNDS = 3;
const ROUND_DEADLINE_MS = 20_000;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-lock-race-'));

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', ''], { stdio: 'ignore' });
  if (child.pid === undefined) throw new Error('no pid');
  return child.pid;
}

function startRacer(args: string[], namespaced: boolean): WatchedChild {
  const [command, ...rest] = namespaced ? inOwnPidNamespace(process.execPath, args) : [process.execPath, ...args];
  return startChild(command ?? '', rest, { name: 'refresh-lock-racer', stdio: ['pipe', 'pipe', 'inherit'] });
}

async function firstLine(child: WatchedChild): Promise<string> {
  return (await child.waitForOutput(/^.*\n/, ROUND_DEADLINE_MS))[0].trim();
}

async function exitCode(child: WatchedChild): Promise<number | null> {
  return (await child.exited).code;
}

async function runRound(name: string, namespaced: boolean): Promise<string[]> {
  const dataDir = path.join(root, `data-${name}`);
  const roundDir = path.join(root, `round-${name}`);
  fs.mkdirSync(dataDir);
  fs.mkdirSync(roundDir);
  // A lock file left by an owner that died, as after a kill -9 mid-refresh: its text means nothing.
  fs.writeFileSync(refreshLockPath(dataDir), `${deadPid()}\n`);
  const racers = Array.from({ length: CONTENDERS }, () =>
    startRacer([RACER, dataDir, roundDir, String(ROUND_DEADLINE_MS)], namespaced),
  );
  expect(await Promise.all(racers.map(firstLine))).toEqual(racers.map(() => 'ready'));
  const exits = racers.map(exitCode);
  for (const racer of racers) racer.process.stdin?.end('go\n');
  const codes = await Promise.all(exits);
  expect(
    codes.every((code) => code === 0),
    `every contender got the lock in turn: ${codes.join(',')}`,
  ).toBe(true);
  const lines = fs.readFileSync(path.join(roundDir, 'holds.log'), 'utf8').trim().split('\n');
  expect(lines.filter((line) => line.startsWith('overlap'))).toEqual([]);
  // The log alternates enter X / leave X: nobody entered while another held it.
  for (let i = 0; i < lines.length; i += 2) {
    const who = lines[i]?.split(' ')[1];
    expect([lines[i], lines[i + 1]]).toEqual([`enter ${who}`, `leave ${who}`]);
  }
  expect(lines.length).toBe(CONTENDERS * 2);
  // The lock file stays (it is never removed); nothing else is left.
  expect(fs.readdirSync(dataDir)).toEqual(['refresh.lock']);
  return lines;
}

describe('refresh lock under a race', () => {
  it(`${CONTENDERS} processes, each exiting while it holds the lock: at most one holder at any time`, {
    timeout: 180_000,
  }, async () => {
    for (let round = 0; round < ROUNDS; round++) await runRound(`plain-${round}`, false);
  });

  it(`${CONTENDERS} processes each in its own PID namespace (all pid 1): at most one holder at any time`, {
    timeout: 180_000,
  }, async () => {
    for (let round = 0; round < ROUNDS; round++) await runRound(`namespaced-${round}`, true);
  });

  it('a lock file naming a live process that does not hold the lock (an older version, a copied folder) does not block', async () => {
    const dataDir = path.join(root, 'live-name');
    fs.mkdirSync(dataDir);
    fs.writeFileSync(refreshLockPath(dataDir), `${process.ppid}\n`);
    const taken = await tryAcquireRefreshLock(dataDir);
    expect('lock' in taken).toBe(true);
    if ('lock' in taken) taken.lock.release();
  });
});

describe('refresh lock between containers', () => {
  it('npm run refresh in another PID namespace waits for a live holder (both pid 1), and goes on once it is killed', {
    timeout: 120_000,
  }, async () => {
    const upstream = await startFakeUpstream({ pages: readFixturePages() });
    const dataDir = path.join(root, 'containers');
    // What is raced is the lock, not the site bundle's build.
    provideSharedSiteBundle(dataDir, PROJECT_ROOT);
    const [holderCommand, ...holderArgs] = inOwnPidNamespace(process.execPath, [HOLDER, dataDir]);
    const holder = startChild(holderCommand ?? '', holderArgs, {
      name: 'refresh-lock-holder',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      expect(await firstLine(holder)).toBe('held');
      // The holder is pid 1 in its namespace, as the contender will be in its own.
      expect(fs.readFileSync(refreshLockPath(dataDir), 'utf8')).toMatch(/^1\b/);
      const [command, ...args] = inOwnPidNamespace(process.execPath, ['scripts/refresh.ts']);
      const refresh = startChild(command ?? '', args, {
        name: 'scripts/refresh.ts',
        cwd: PROJECT_ROOT,
        env: { ...process.env, DATA_DIR: dataDir, UPSTREAM_URL: upstream.url, PUBLISH_COMMAND: '' },
      });
      const exited = exitCode(refresh);
      // Given time to start and scrape, it must not reach the upstream while the holder lives.
      const deadline = Date.now() + 8_000;
      while (Date.now() < deadline && upstream.requests.length === 0) await new Promise((r) => setTimeout(r, 100));
      expect(upstream.requests, refresh.output()).toEqual([]);
      holder.process.kill('SIGKILL');
      expect(await exited, refresh.output()).toBe(0);
      expect(upstream.requests.length).toBeGreaterThanOrEqual(3);
    } finally {
      await holder.stop({ signal: 'SIGKILL' });
      await upstream.close();
    }
  });
});
