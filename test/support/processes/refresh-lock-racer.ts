/**
 * One contender of test/integration/refresh/refresh-lock-race.test.ts: prints "ready", waits for a line
 * on stdin, then tries the refresh lock until it holds it once. While holding it, it marks
 * `holder` with O_EXCL (an EEXIST there means two holders at once) and appends enter/leave to
 * the round's log; then it exits WITHOUT releasing, so the next contender gets the lock only
 * because the kernel released it with the process. stdin/stdout, not IPC: it may run under
 * `unshare --pid` (its own PID namespace, where it is pid 1).
 */
import fs from 'node:fs';
import path from 'node:path';
import { tryAcquireRefreshLock } from '../../../src/refresh/refresh-lock.ts';

const [dataDir, roundDir, deadlineMs] = process.argv.slice(2) as [string, string, string];
const log = path.join(roundDir, 'holds.log');
const holder = path.join(roundDir, 'holder');

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function race(): Promise<void> {
  const deadline = Date.now() + Number(deadlineMs);
  // Named by a random tag, not the pid: every contender in its own namespace is pid 1.
  const me = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  while (Date.now() < deadline) {
    if ('lock' in (await tryAcquireRefreshLock(dataDir))) {
      fs.appendFileSync(log, `enter ${me}\n`);
      try {
        fs.writeFileSync(holder, `${me}\n`, { flag: 'wx' });
      } catch {
        fs.appendFileSync(log, `overlap ${me}\n`);
      }
      await sleep(15);
      fs.appendFileSync(log, `leave ${me}\n`);
      fs.rmSync(holder, { force: true });
      process.exit(0);
    }
    await sleep(1 + Math.random() * 4);
  }
  process.exit(2);
}

process.stdin.once('data', () => void race());
process.stdout.write('ready\n');
