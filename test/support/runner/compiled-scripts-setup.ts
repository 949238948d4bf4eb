/** Vitest global setup: Placar's entry points compiled once for the run (harness/compiled-scripts.ts), removed at the end. */
import fs from 'node:fs';
import path from 'node:path';
import { COMPILED_SCRIPTS_VARIABLE, compileScripts } from '../../../harness/compiled-scripts.ts';

export async function setup(): Promise<() => void> {
  const dir = await compileScripts(path.resolve(import.meta.dirname, '../../..'));
  process.env[COMPILED_SCRIPTS_VARIABLE] = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
