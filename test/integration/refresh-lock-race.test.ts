// Issue 20 item 4: many processes racing for a stale refresh lock; never two holders at once.
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tryAcquireRefreshLock } from '../../src/pipeline/refresh-lock.ts';
import { PROJECT_ROOT } from '../support/placar-process.ts';

const RACER = path.join(PROJECT_ROOT, 'test/support/refresh-lock-racer.ts');
const CONTENDERS = 10;
const ROUNDS = 4;
const ROUND_DEADLINE_MS = 20_000;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-lock-race-'));

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', ''], { stdio: 'ignore' });
  if (child.pid === undefined) throw new Error('no pid');
  return child.pid;
}

function waitFor(child: ChildProcess, event: 'message' | 'exit'): Promise<unknown> {
  return new Promise((resolve) => child.once(event, (value: unknown) => resolve(value)));
}

async function runRound(round: number): Promise<string[]> {
  const dataDir = path.join(root, `data-${round}`);
  const roundDir = path.join(root, `round-${round}`);
  fs.mkdirSync(dataDir);
  fs.mkdirSync(roundDir);
  // A lock left by an owner that died, as after a kill -9 mid-refresh.
  fs.writeFileSync(path.join(dataDir, 'refresh.lock'), `${deadPid()}\n`);
  const racers = Array.from({ length: CONTENDERS }, () =>
    fork(RACER, [dataDir, roundDir, String(ROUND_DEADLINE_MS)], { stdio: 'ignore' }),
  );
  await Promise.all(racers.map((racer) => waitFor(racer, 'message')));
  const exits = racers.map((racer) => waitFor(racer, 'exit'));
  for (const racer of racers) racer.send('go');
  const codes = await Promise.all(exits);
  expect(
    codes.every((code) => code === 0),
    `every contender got the lock in turn: ${codes.join(',')}`,
  ).toBe(true);
  return fs.readFileSync(path.join(roundDir, 'holds.log'), 'utf8').trim().split('\n');
}

describe('refresh lock under a race', () => {
  it(`${CONTENDERS} processes taking over a stale lock: at most one holder at any time`, {
    timeout: 180_000,
  }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const lines = await runRound(round);
      expect(lines.filter((line) => line.startsWith('overlap'))).toEqual([]);
      // The log alternates enter X / leave X: nobody entered while another held it.
      for (let i = 0; i < lines.length; i += 2) {
        const pid = lines[i]?.split(' ')[1];
        expect([lines[i], lines[i + 1]]).toEqual([`enter ${pid}`, `leave ${pid}`]);
      }
      expect(lines.length).toBe(CONTENDERS * 2);
      // Takeovers leave no marker behind.
      expect(fs.readdirSync(path.join(root, `data-${round}`)).filter((name) => name !== 'refresh.lock')).toEqual([]);
    }
  });

  it('a taker that died mid-takeover (its marker left behind) does not block the lock for good', () => {
    const dataDir = path.join(root, 'marker-left');
    fs.mkdirSync(dataDir);
    const owner = deadPid();
    fs.writeFileSync(path.join(dataDir, 'refresh.lock'), `${owner}\n`);
    fs.writeFileSync(path.join(dataDir, `refresh.lock.takeover-${owner}`), `${deadPid()}\n`);
    const taken = tryAcquireRefreshLock(dataDir);
    expect('lock' in taken).toBe(true);
    if ('lock' in taken) taken.lock.release();
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('a marker of a live taker makes the contender wait instead', () => {
    const dataDir = path.join(root, 'marker-live');
    fs.mkdirSync(dataDir);
    const owner = deadPid();
    fs.writeFileSync(path.join(dataDir, 'refresh.lock'), `${owner}\n`);
    fs.writeFileSync(path.join(dataDir, `refresh.lock.takeover-${owner}`), `${process.ppid}\n`);
    expect(tryAcquireRefreshLock(dataDir)).toEqual({ heldBy: owner });
  });
});
