/**
 * DATA_DIR's files name the process that made them (build markers, refresh.lock, temp files):
 * whether that process still runs decides whether the file is still someone's.
 */
import { errorCode } from '../model/caught-error.ts';

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return errorCode(error) === 'EPERM';
  }
}
