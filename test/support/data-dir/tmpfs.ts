/**
 * A tiny file system to fill up under a running Placar (`mount -t tmpfs`: the tests need root
 * with CAP_SYS_ADMIN, as in CI and this sandbox; chmod would not stop root), and the filler that
 * fills it (disk-full.test.ts, disk-full-budget.test.ts).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** A fresh folder with a tmpfs of `size` (e.g. '48m') mounted on it. */
export function mountTmpfs(size: string): string {
  const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', mountPoint], { stdio: 'pipe' });
  } catch (error) {
    fs.rmSync(mountPoint, { recursive: true, force: true });
    throw new Error(`este teste monta um tmpfs e precisa de root com CAP_SYS_ADMIN: ${(error as Error).message}`);
  }
  return mountPoint;
}

export function unmountTmpfs(mountPoint: string): void {
  try {
    execFileSync('umount', [mountPoint], { stdio: 'pipe' });
  } finally {
    fs.rmSync(mountPoint, { recursive: true, force: true });
  }
}

/** The filler file on `mountPoint` (remove it to free the space). */
export const fillerOf = (mountPoint: string): string => path.join(mountPoint, 'filler');

/** Fills the file system until only about `leaveBytes` are free (0: until ENOSPC). */
export function fillDisk(mountPoint: string, leaveBytes: number): void {
  const fd = fs.openSync(fillerOf(mountPoint), 'a');
  const free = (): number => {
    const stats = fs.statfsSync(mountPoint);
    return stats.bavail * stats.bsize;
  };
  try {
    for (const chunk of [1 << 20, 64 << 10, 4 << 10]) {
      const block = Buffer.alloc(chunk);
      for (;;) {
        if (leaveBytes > 0 && free() - chunk < leaveBytes) break;
        try {
          fs.writeSync(fd, block);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
          throw error;
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Mounts a tmpfs of `size` before the calling file's tests and unmounts it after them; register
 * it before the Placar that uses it (after-hooks run in reverse: unmounted after it stops).
 */
export function mountTmpfsForFile(size: string): () => string {
  let mountPoint: string | undefined;
  beforeAll(() => {
    mountPoint = mountTmpfs(size);
  });
  afterAll(() => {
    if (mountPoint) unmountTmpfs(mountPoint);
  });
  return () => {
    if (mountPoint === undefined) throw new Error('o tmpfs não foi montado (veja o beforeAll do arquivo)');
    return mountPoint;
  };
}
