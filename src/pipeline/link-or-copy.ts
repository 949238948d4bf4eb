/** A hard link of `from` at `to`, or a copy where the file system refuses links (EXDEV, EPERM). */
import fs from 'node:fs/promises';
import { errorCode } from '../lib/model/caught-error.ts';

export async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await fs.link(from, to);
  } catch (error) {
    const code = errorCode(error);
    if (code !== 'EXDEV' && code !== 'EPERM') throw error;
    await fs.copyFile(from, to);
  }
}
