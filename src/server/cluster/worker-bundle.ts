/**
 * The workers' program: scripts/cluster-worker.ts and everything it imports (packages too) compiled
 * by esbuild into one JavaScript file, DATA_DIR/server/cluster-worker.mjs, once per start of the
 * primary. A worker then loads no TypeScript: Node's type stripping (its compiler, held for the
 * process's life) and ~90 module records cost a worker ~40 MB of its memory (docs/performance.md §8).
 * Packages are bundled in so the file needs no node_modules beside it (DATA_DIR is anywhere); their
 * CommonJS `require` of Node's modules gets a real `require`. No source map: it would cost memory in
 * every worker; the file is not minified, so a stack trace still reads.
 */
import path from 'node:path';
import { build } from 'esbuild';
import { writeFileAtomically } from '../../lib/store/files/atomic-file.ts';

export const WORKER_BUNDLE_FILE = 'cluster-worker.mjs';

/** Where the workers' program is written in `dataDir`. */
export function workerBundlePath(dataDir: string): string {
  return path.join(dataDir, 'server', WORKER_BUNDLE_FILE);
}

/** Compiles the workers' program into `dataDir` (atomically: a worker forked meanwhile reads a whole file); its path. */
export async function writeWorkerBundle(projectRoot: string, dataDir: string): Promise<string> {
  const result = await build({
    entryPoints: [path.join(projectRoot, 'scripts', 'cluster-worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    write: false,
    logLevel: 'silent',
    banner: {
      js: "import { createRequire as createPlacarRequire } from 'node:module'; const require = createPlacarRequire(import.meta.url);",
    },
  });
  const code = result.outputFiles[0]?.contents;
  if (code === undefined) throw new Error(`esbuild não produziu ${WORKER_BUNDLE_FILE}`);
  const target = workerBundlePath(dataDir);
  writeFileAtomically(target, code);
  return target;
}
