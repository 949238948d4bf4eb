/**
 * DATA_DIR/refresh.lock: one refresh at a time per data folder, across processes (`npm start`
 * and a manual `npm run refresh` or `npm run build`), whatever PID namespace each runs in.
 *
 * The lock is the kernel's: flock(2) on the file, exclusive. The kernel releases it when the
 * holder closes the file or ends, however it ends (kill -9 too), and it never looks at pids, so
 * a refresher in another container or under `unshare --pid` (where the holder's pid means
 * nothing, or is its own pid 1) can neither mistake a live holder for a dead one nor be
 * blocked by a dead one. The file itself is never removed (removing a locked file would let a
 * newcomer lock a fresh file while a waiter locks the old one); its text, the holder's pid and
 * host, is only for the "held by" message.
 *
 * Node has no flock: util-linux's flock(1) takes it on a descriptor this process opened and
 * hands over (fd 3). A flock lock belongs to the open file description, which that descriptor
 * shares with ours, so it stays ours after flock(1) exits, until we close it. Node opens files
 * close-on-exec, so children (astro build, PUBLISH_COMMAND) never inherit it.
 * proper-lockfile was not used (a stale-by-time takeover, not a kernel lock), nor fs-ext or
 * fs-native-extensions (native add-ons with an install step, for one system call).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { errorMessage } from '../lib/model/caught-error.ts';

/** The lock file could not be opened or locked (a full or read-only disk, DATA_DIR not a folder, no flock(1)). */
export class RefreshLockError extends Error {
  override name = 'RefreshLockError' as const;
}

export interface RefreshLock {
  release(): void;
}

export function refreshLockPath(dataDir: string): string {
  return path.join(dataDir, 'refresh.lock');
}

const FLOCK_COMMAND = 'flock';
/** flock(1)'s exit status when the lock is held elsewhere (EX_TEMPFAIL). */
const HELD_EXIT_CODE = 75;
/** Where the descriptor sits in flock(1): after stdin, stdout and stderr. */
const CHILD_FD = 3;

/** The pid the holder wrote, or null (none yet, unreadable, or a file of an older version). */
function readHolderPid(file: string): number | null {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim().split(/\s+/)[0]);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes the kernel lock on `fd` without waiting: true when it is ours now. flock(1) runs as a
 * child waited for asynchronously: a serving process keeps answering meanwhile.
 */
function lockDescriptor(fd: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      FLOCK_COMMAND,
      ['--exclusive', '--nonblock', '--conflict-exit-code', String(HELD_EXIT_CODE), String(CHILD_FD)],
      { stdio: ['ignore', 'ignore', 'pipe', fd] },
    );
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.once('error', (error) => {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      reject(
        new Error(
          missing ? 'flock(1) não encontrado: instale util-linux (apt-get install util-linux)' : errorMessage(error),
        ),
      );
    });
    child.once('close', (status, signal) => {
      if (status === 0) resolve(true);
      else if (status === HELD_EXIT_CODE) resolve(false);
      else reject(new Error(`flock saiu com ${status ?? signal}: ${stderr.trim()}`));
    });
  });
}

/** Says who holds it now, for people reading the file or a "held by" message; best effort (a full disk). */
function writeHolder(fd: number): void {
  try {
    fs.ftruncateSync(fd, 0);
    fs.writeSync(fd, `${process.pid} ${os.hostname()}\n`, 0);
  } catch {
    // The lock is held all the same; only the message loses its pid.
  }
}

/** The lock, or the pid holding it (null when the holder's pid cannot be read). */
export async function tryAcquireRefreshLock(
  dataDir: string,
): Promise<{ lock: RefreshLock } | { heldBy: number | null }> {
  const file = refreshLockPath(dataDir);
  let fd: number | null = null;
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o644);
    if (!(await lockDescriptor(fd))) {
      fs.closeSync(fd);
      return { heldBy: readHolderPid(file) };
    }
    writeHolder(fd);
  } catch (error) {
    if (fd !== null) fs.closeSync(fd);
    throw new RefreshLockError(`não foi possível travar ${file}: ${errorMessage(error)}`, { cause: error });
  }
  const held = fd;
  let released = false;
  return {
    lock: {
      release() {
        if (released) return;
        released = true;
        // Closing the last descriptor of the open file description is what releases the lock.
        fs.closeSync(held);
      },
    },
  };
}

/** Waits (polling) until the lock is free or `signal` aborts; null when aborted. */
export async function acquireRefreshLock(
  dataDir: string,
  signal?: AbortSignal,
  pollMs = 250,
): Promise<RefreshLock | null> {
  for (;;) {
    if (signal?.aborted) return null;
    const attempt = await tryAcquireRefreshLock(dataDir);
    if ('lock' in attempt) return attempt.lock;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
