/**
 * Preloaded (NODE_OPTIONS=--import) into the processes of a test server: while the file named
 * by PLACAR_TEST_HANG_FLAG exists, every `astro build` child (a process with PLACAR_OUT_DIR)
 * hangs before doing anything — a build that never ends — after writing its pid next to the flag.
 */
import fs from 'node:fs';

const flag = process.env.PLACAR_TEST_HANG_FLAG;
if (process.env.PLACAR_OUT_DIR && flag && fs.existsSync(flag)) {
  fs.writeFileSync(`${flag}.${process.pid}.pid`, String(process.pid));
  setInterval(() => undefined, 60_000);
  await new Promise(() => undefined);
}
