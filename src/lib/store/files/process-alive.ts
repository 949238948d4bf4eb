/**
 * DATA_DIR's files name the process that made them (build markers, temp files): whether that
 * process still runs decides whether the file is still someone's. (refresh.lock does not: it is a
 * kernel lock, see src/refresh/refresh-lock.ts.)
 */
import { errorCode } from '../../model/caught-error.ts';

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return errorCode(error) === 'EPERM';
  }
}
