/**
 * Runs one entry point (scripts/*.ts) on the project's Node as a child process; resolves on exit. An entry point the
 * run compiled (harness/compiled-scripts.ts) runs compiled, unless `source` (a test of the command itself).
 */
import { COMPILED_ENTRY_POINTS, scriptToRun, type CompiledEntryPoint } from './compiled-scripts.ts';
import { PROJECT_ROOT } from './placar-process.ts';
import { provideSharedSiteBundle } from './shared-site-bundle.ts';
import { runChild } from './watched-child.ts';

export interface ScriptResult {
  code: number | null;
  /** stdout and stderr interleaved. */
  output: string;
}

export interface RunScriptOptions {
  /** The TypeScript entry point as written, not the run's compiled one. Default false. */
  source?: boolean;
  /**
   * 'shared' (default): a DATA_DIR without builds gets the run's site bundle before a script that builds runs, as
   * startPlacar does; 'own': the script builds its own.
   */
  siteBundle?: 'shared' | 'own';
}

/** The entry points that build the site into DATA_DIR (and so need its bundle). */
const BUILDING_SCRIPTS: readonly string[] = ['scripts/refresh.ts', 'scripts/start.ts'];

const isCompiledEntryPoint = (script: string): script is CompiledEntryPoint =>
  (COMPILED_ENTRY_POINTS as readonly string[]).includes(script);

export async function runScript(
  script: string,
  env: NodeJS.ProcessEnv,
  { source = false, siteBundle = 'shared' }: RunScriptOptions = {},
): Promise<ScriptResult> {
  if (siteBundle === 'shared' && BUILDING_SCRIPTS.includes(script) && env.DATA_DIR) {
    provideSharedSiteBundle(env.DATA_DIR, PROJECT_ROOT);
  }
  const program = !source && isCompiledEntryPoint(script) ? scriptToRun(script) : script;
  const { code, output } = await runChild(process.execPath, [program], { name: script, cwd: PROJECT_ROOT, env });
  return { code, output };
}
