/**
 * Holds DATA_DIR's refresh lock until killed (as a refresh in another container would): takes
 * it, prints "held", and never lets go. Run under `unshare --pid` by the lock tests.
 */
import { acquireRefreshLock } from '../../../src/refresh/refresh-lock.ts';

const [dataDir = ''] = process.argv.slice(2);
const lock = await acquireRefreshLock(dataDir, undefined, 20);
if (lock) process.stdout.write('held\n');
setInterval(() => undefined, 60_000);
