/** A hard link of `from` at `to`, or a copy where the file system refuses links (EXDEV, EPERM). */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { errorCode } from '../lib/model/caught-error.ts';

export async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await fsp.link(from, to);
  } catch (error) {
    const code = errorCode(error);
    if (code !== 'EXDEV' && code !== 'EPERM') throw error;
    await fsp.copyFile(from, to);
  }
}

/** linkOrCopy, synchronously (for steps run in slices: thousands of calls of tens of microseconds). */
export function linkOrCopySync(from: string, to: string): void {
  try {
    fs.linkSync(from, to);
  } catch (error) {
    const code = errorCode(error);
    if (code !== 'EXDEV' && code !== 'EPERM') throw error;
    fs.copyFileSync(from, to);
  }
}
