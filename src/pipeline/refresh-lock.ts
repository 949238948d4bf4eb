/**
 * DATA_DIR/refresh.lock: one refresh at a time per data folder, across processes (`npm start`
 * and a manual `npm run refresh`). The file holds the owner's pid; a lock whose owner died
 * is taken over.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isProcessAlive } from './build-in-use.ts';

/** The lock file could not be written (a full or read-only disk, DATA_DIR not a folder). */
export class RefreshLockError extends Error {
  override name = 'RefreshLockError' as const;
}

export interface RefreshLock {
  release(): void;
}

export function refreshLockPath(dataDir: string): string {
  return path.join(dataDir, 'refresh.lock');
}

function readOwner(file: string): number | null {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** The lock, or the pid holding it. */
export function tryAcquireRefreshLock(dataDir: string): { lock: RefreshLock } | { heldBy: number } {
  const file = refreshLockPath(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return {
        lock: {
          release: () => {
            if (readOwner(file) === process.pid) fs.rmSync(file, { force: true });
          },
        },
      };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') {
        // Created but not written (a full disk): leave no empty lock behind.
        if (code === 'ENOSPC' || code === 'EDQUOT') fs.rmSync(file, { force: true });
        throw new RefreshLockError(`não foi possível criar ${file}: ${(error as Error).message}`, { cause: error });
      }
    }
    const owner = readOwner(file);
    if (owner !== null && owner !== process.pid && isProcessAlive(owner)) return { heldBy: owner };
    // Dead (or unreadable, or our own leftover) owner: take it over.
    fs.rmSync(file, { force: true });
  }
  return { heldBy: readOwner(file) ?? 0 };
}

/** Waits (polling) until the lock is free or `signal` aborts; null when aborted. */
export async function acquireRefreshLock(dataDir: string, signal?: AbortSignal, pollMs = 250): Promise<RefreshLock | null> {
  for (;;) {
    if (signal?.aborted) return null;
    const attempt = tryAcquireRefreshLock(dataDir);
    if ('lock' in attempt) return attempt.lock;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
