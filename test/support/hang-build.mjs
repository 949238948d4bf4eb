/**
 * Preloaded (NODE_OPTIONS=--import) into the processes of a test server: while the file named
 * by PLACAR_TEST_HANG_FLAG exists, every build hangs — a build that never ends — after writing
 * its process's pid next to the flag. Build processes are those with PLACAR_OUT_DIR: an
 * `astro build` child hangs before doing anything; the refresh worker (it has an IPC channel
 * and stays up between refreshes) blocks on each render job it receives.
 */
import fs from 'node:fs';

const flag = process.env.PLACAR_TEST_HANG_FLAG;
const hang = () => {
  fs.writeFileSync(`${flag}.${process.pid}.pid`, String(process.pid));
  // Blocks the whole process, as a stuck render would, until it is killed.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
};
if (process.env.PLACAR_OUT_DIR && flag) {
  if (process.send) {
    process.prependListener('message', (message) => {
      if (message?.request?.kind === 'render' && fs.existsSync(flag)) hang();
    });
  } else if (fs.existsSync(flag)) {
    fs.writeFileSync(`${flag}.${process.pid}.pid`, String(process.pid));
    setInterval(() => undefined, 60_000);
    await new Promise(() => undefined);
  }
}
