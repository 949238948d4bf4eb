/**
 * Atomic file writes for DATA_DIR: a temp file `.<name>.<pid>.<random>.tmp` in the same folder,
 * fsync, rename — a reader, or a process killed mid-write, never sees half a file. The async
 * form is the one a serving process uses: the write and the fsync wait on the thread pool, not
 * on the thread that answers requests.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

function tempPathFor(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

/** Writes `contents` to `file` atomically: temp file in the same folder, fsync, rename. */
export function writeFileAtomically(file: string, contents: string | Uint8Array): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = tempPathFor(file);
  const fd = fs.openSync(temp, 'w');
  try {
    try {
      fs.writeFileSync(fd, contents);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, file);
  } catch (error) {
    // A full disk fails the write: leave no partial temp file behind.
    fs.rmSync(temp, { force: true });
    throw error;
  }
}

export interface AtomicWriteOptions {
  /**
   * false: no fsync. The file is still whole or absent after a killed process (the rename), but a
   * power cut may lose it: for a file that matters only for a minute and is written many times a
   * refresh (the match pages' request window), where each fsync would wait on a busy disk.
   */
  durable?: boolean;
}

/** writeFileAtomically without blocking the event loop. */
export async function writeFileAtomicallyAsync(
  file: string,
  contents: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<void> {
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const temp = tempPathFor(file);
  try {
    const handle = await fsp.open(temp, 'w');
    try {
      await handle.writeFile(contents);
      if (options.durable !== false) await handle.sync();
    } finally {
      await handle.close();
    }
    await fsp.rename(temp, file);
  } catch (error) {
    await fsp.rm(temp, { force: true });
    throw error;
  }
}
