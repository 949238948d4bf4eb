/**
 * Placar's entry points (scripts/start.ts, scripts/refresh.ts) compiled once for a test run, as the cluster's workers
 * are once per start (src/server/cluster/worker-bundle.ts): one JavaScript file each, its packages imported from
 * node_modules as the sources import them: Node would strip the types of every module a start loads, at every start,
 * and a test run starts Placar a few hundred times. The run's global setup compiles them and names them in
 * COMPILED_SCRIPTS_VARIABLE; startPlacar and runScript run them in place of the sources. Runs without it (the
 * benchmark, a single file run outside the processes project) start the sources. The tests of the commands themselves
 * (`npm start`, `npm run refresh`, the CLI's flags) start the sources always.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

export const COMPILED_SCRIPTS_VARIABLE = 'PLACAR_TEST_COMPILED_SCRIPTS';

/** The entry points compiled, relative to the project. */
export const COMPILED_ENTRY_POINTS = ['scripts/start.ts', 'scripts/refresh.ts'] as const;
export type CompiledEntryPoint = (typeof COMPILED_ENTRY_POINTS)[number];

/**
 * Compiles each entry point into a new folder under the project's node_modules/.cache (so that the packages they
 * import resolve as from the sources); returns the folder.
 */
export async function compileScripts(projectRoot: string): Promise<string> {
  const cache = path.join(projectRoot, 'node_modules', '.cache');
  fs.mkdirSync(cache, { recursive: true });
  const outDir = fs.mkdtempSync(path.join(cache, 'placar-test-scripts-'));
  await Promise.all(
    COMPILED_ENTRY_POINTS.map((entry) =>
      build({
        entryPoints: [path.join(projectRoot, entry)],
        outfile: path.join(outDir, `${path.basename(entry, '.ts')}.mjs`),
        bundle: true,
        packages: 'external',
        platform: 'node',
        format: 'esm',
        target: 'node24',
        logLevel: 'warning',
        // The entry points find the project from their own folder.
        define: { 'import.meta.dirname': JSON.stringify(path.join(projectRoot, path.dirname(entry))) },
      }),
    ),
  );
  return outDir;
}

/** What to run for `entry`: this run's compiled file, or the source when the run compiled none. */
export function scriptToRun(entry: CompiledEntryPoint): string {
  const dir = process.env[COMPILED_SCRIPTS_VARIABLE];
  return dir ? path.join(dir, `${path.basename(entry, '.ts')}.mjs`) : entry;
}
