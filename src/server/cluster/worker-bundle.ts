/**
 * The workers' program: scripts/cluster-worker.ts and everything it imports (packages too) compiled
 * by esbuild into one JavaScript file, DATA_DIR/server/cluster-worker.mjs, once per start of the
 * primary. A worker then loads no TypeScript: Node's type stripping (its compiler, held for the
 * process's life) and one module record per file would be most of a worker's memory.
 * Packages are bundled in so the file needs no node_modules beside it (DATA_DIR is anywhere); their
 * CommonJS `require` of Node's modules gets a real `require`. No source map: it would cost memory in
 * every worker; the file is not minified, so a stack trace still reads.
 */
import path from 'node:path';
import { build, stop, type BuildOptions, type Plugin } from 'esbuild';
import { writeFileAtomically } from '../../lib/store/files/atomic-file.ts';

export const WORKER_BUNDLE_FILE = 'cluster-worker.mjs';

/** Where the workers' program is written in `dataDir`. */
export function workerBundlePath(dataDir: string): string {
  return path.join(dataDir, 'server', WORKER_BUNDLE_FILE);
}

/**
 * zod's translations of its error messages: source that a worker would hold for its life. Placar never
 * picks another language (its messages are its own, in Portuguese; zod's English default is imported by zod
 * itself), so the workers' program gets an empty `locales` namespace instead.
 */
const withoutZodLocales: Plugin = {
  name: 'placar-without-zod-locales',
  setup(bundle) {
    bundle.onResolve({ filter: /\/locales\/index\.js$/ }, ({ importer, path: specifier }) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(importer)
        ? { path: specifier, namespace: 'zod-without-locales' }
        : undefined,
    );
    bundle.onLoad({ filter: /.*/, namespace: 'zod-without-locales' }, () => ({ contents: 'export {};', loader: 'js' }));
  },
};

/** How esbuild compiles the workers' program (a test reads what goes into it with the same options). */
export function workerBundleOptions(projectRoot: string): BuildOptions & { write: false } {
  return {
    entryPoints: [path.join(projectRoot, 'scripts', 'cluster-worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    write: false,
    logLevel: 'silent',
    plugins: [withoutZodLocales],
    banner: {
      js: "import { createRequire as createPlacarRequire } from 'node:module'; const require = createPlacarRequire(import.meta.url);",
    },
  };
}

/** Compiles the workers' program into `dataDir` (atomically: a worker forked meanwhile reads a whole file); its path. */
export async function writeWorkerBundle(projectRoot: string, dataDir: string): Promise<string> {
  // esbuild keeps its Go process for a next call; the primary makes none until it restarts, so the
  // process is ended once the file is compiled.
  const result = await build(workerBundleOptions(projectRoot)).finally(() => stop());
  const code = result.outputFiles[0]?.text;
  if (code === undefined) throw new Error(`esbuild não produziu ${WORKER_BUNDLE_FILE}`);
  const target = workerBundlePath(dataDir);
  writeFileAtomically(target, escapeNonAscii(code));
  return target;
}

/**
 * The program with every non-ASCII code unit written as \uXXXX. esbuild escapes them in strings
 * (charset ascii) but keeps comments as written, and one "ã" in a comment makes V8 hold the whole
 * source, kept for the process's life, as a two-byte string: twice its size in each worker.
 * The escape means the same in a string, template, regular expression or identifier, and nothing
 * in a comment.
 */
export function escapeNonAscii(code: string): string {
  return code.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
