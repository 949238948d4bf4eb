/**
 * DATA_DIR/refresh.lock: one refresh at a time per data folder, across processes (`npm start`
 * and a manual `npm run refresh`). The file holds the owner's pid; a lock whose owner died
 * is taken over.
 *
 * Every step is atomic, so two processes never hold it at once:
 * - the lock is created with its pid already inside (a written temp file `link`ed to the name,
 *   which fails if the name exists), so nobody ever reads a half-written lock as "dead";
 * - taking over from dead owner X first needs the exclusive marker `refresh.lock.takeover-X`
 *   (created the same way). Under it the taker checks the lock still names X, then renames its
 *   own file over it. A late contender that also saw X dead gets the marker only after that,
 *   reads the new owner and backs off. A marker whose taker died is itself taken over the same
 *   way (one level deeper), so a crash at any point never blocks the lock for good.
 * proper-lockfile was not used: its stale takeover is remove-then-mkdir, the very race found.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isProcessAlive } from '../lib/store/process-alive.ts';
import { errorCode, errorMessage } from '../lib/model/caught-error.ts';

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

/** Markers within markers only appear after crashes inside a takeover; a few levels is plenty. */
const MAX_TAKEOVER_DEPTH = 4;
/** Stands for "an owner we cannot read" (a hand-edited or damaged lock) in marker names. */
const UNREADABLE_OWNER = 0;

type Owner = { pid: number } | 'missing' | 'unreadable';

function readOwner(file: string): Owner {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    return errorCode(error) === 'ENOENT' ? 'missing' : 'unreadable';
  }
  const pid = Number(text.trim());
  return Number.isSafeInteger(pid) && pid > 0 ? { pid } : 'unreadable';
}

function ownerPid(owner: Owner): number | null {
  return typeof owner === 'object' ? owner.pid : owner === 'unreadable' ? UNREADABLE_OWNER : null;
}

/** Named like the other temp files of DATA_DIR, so sweep-temp-files.ts removes a killed process's leftover. */
function writeOwnTempFile(file: string): string {
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`,
  );
  try {
    fs.writeFileSync(temp, `${process.pid}\n`, { flag: 'wx' });
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
  return temp;
}

/** Creates `file` holding our pid, atomically; false when it exists. */
function createExclusive(file: string): boolean {
  const temp = writeOwnTempFile(file);
  try {
    fs.linkSync(temp, file);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** Replaces `file` with one holding our pid, atomically. */
function replaceWithOwn(file: string): void {
  const temp = writeOwnTempFile(file);
  try {
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
}

function removeIfOwn(file: string): void {
  const owner = readOwner(file);
  if (typeof owner === 'object' && owner.pid === process.pid) fs.rmSync(file, { force: true });
}

function isDead(pid: number): boolean {
  return pid === UNREADABLE_OWNER || pid === process.pid || !isProcessAlive(pid);
}

/**
 * Makes `file`, found owned by the dead `deadPid`, ours; false when somebody else got there first
 * (or changed it). Only the holder of `<file>.takeover-<deadPid>` may replace it.
 */
function takeOver(file: string, deadPid: number, depth: number): boolean {
  if (depth > MAX_TAKEOVER_DEPTH) return false;
  const marker = `${file}.takeover-${deadPid}`;
  if (!createExclusive(marker)) {
    const markerPid = ownerPid(readOwner(marker));
    // Another live taker is at work, or the marker just went away: let the caller look again.
    if (markerPid === null || !isDead(markerPid) || !takeOver(marker, markerPid, depth + 1)) return false;
  }
  try {
    if (ownerPid(readOwner(file)) !== deadPid) return false;
    replaceWithOwn(file);
    return true;
  } finally {
    removeIfOwn(marker);
  }
}

function heldLock(file: string): { lock: RefreshLock } {
  return { lock: { release: () => removeIfOwn(file) } };
}

/** The lock, or the pid holding it. */
export function tryAcquireRefreshLock(dataDir: string): { lock: RefreshLock } | { heldBy: number } {
  const file = refreshLockPath(dataDir);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    for (let attempt = 0; attempt < 3; attempt++) {
      if (createExclusive(file)) return heldLock(file);
      const pid = ownerPid(readOwner(file));
      if (pid === null) continue; // released meanwhile: try again
      if (!isDead(pid)) return { heldBy: pid };
      if (takeOver(file, pid, 0)) return heldLock(file);
    }
  } catch (error) {
    throw new RefreshLockError(`não foi possível criar ${file}: ${errorMessage(error)}`, { cause: error });
  }
  return { heldBy: ownerPid(readOwner(file)) ?? 0 };
}

/** Waits (polling) until the lock is free or `signal` aborts; null when aborted. */
export async function acquireRefreshLock(
  dataDir: string,
  signal?: AbortSignal,
  pollMs = 250,
): Promise<RefreshLock | null> {
  for (;;) {
    if (signal?.aborted) return null;
    const attempt = tryAcquireRefreshLock(dataDir);
    if ('lock' in attempt) return attempt.lock;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
