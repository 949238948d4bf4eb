/**
 * Removes the temp files a killed process left in DATA_DIR: writeFileAtomically and the
 * `current` swap write `.<name>.<pid>.<random>.tmp` and rename it into place, so a process
 * killed in between leaves one behind. Harmless (nothing reads them) but they would pile up;
 * only those of processes no longer alive are removed. Runs under the refresh lock.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isProcessAlive } from '../lib/store/files/process-alive.ts';

const TEMP_FILE = /^\..+\.(\d+)\.[0-9a-f]{8}\.tmp$/;

/** Removes the dead processes' temp files directly in `dataDir`; returns their names. */
export function runTempFileSweep(dataDir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dataDir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = TEMP_FILE.exec(name)?.[1];
    if (pid === undefined || isProcessAlive(Number(pid))) continue;
    try {
      fs.rmSync(path.join(dataDir, name), { force: true });
      removed.push(name);
    } catch {
      // Left for the next sweep.
    }
  }
  return removed;
}
