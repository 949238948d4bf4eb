/**
 * One contender of test/integration/refresh-lock-race.test.ts: waits for "go", then tries the
 * refresh lock until it holds it once. While holding it, it marks `holder` with O_EXCL (an
 * EEXIST there means two holders at once) and appends enter/leave to the round's log; then it
 * exits WITHOUT releasing, so the next contender must take the lock over from a dead owner.
 */
import fs from 'node:fs';
import path from 'node:path';
import { tryAcquireRefreshLock } from '../../src/pipeline/refresh-lock.ts';

const [dataDir, roundDir, deadlineMs] = process.argv.slice(2) as [string, string, string];
const log = path.join(roundDir, 'holds.log');
const holder = path.join(roundDir, 'holder');

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function race(): Promise<void> {
  const deadline = Date.now() + Number(deadlineMs);
  while (Date.now() < deadline) {
    if ('lock' in tryAcquireRefreshLock(dataDir)) {
      fs.appendFileSync(log, `enter ${process.pid}\n`);
      try {
        fs.writeFileSync(holder, `${process.pid}\n`, { flag: 'wx' });
      } catch {
        fs.appendFileSync(log, `overlap ${process.pid}\n`);
      }
      await sleep(15);
      fs.appendFileSync(log, `leave ${process.pid}\n`);
      fs.rmSync(holder, { force: true });
      process.exit(0);
    }
    await sleep(1 + Math.random() * 4);
  }
  process.exit(2);
}

process.once('message', () => void race());
process.send?.('ready');
