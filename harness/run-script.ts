/**
 * Runs one entry point (scripts/*.ts) on the project's Node as a child process; resolves on exit. An entry point the
 * run compiled (harness/compiled-scripts.ts) runs compiled, unless `source` (a test of the command itself).
 */
import { COMPILED_ENTRY_POINTS, scriptToRun, type CompiledEntryPoint } from './compiled-scripts.ts';
import { PROJECT_ROOT } from './placar-process.ts';
import { runChild } from './watched-child.ts';

export interface ScriptResult {
  code: number | null;
  /** stdout and stderr interleaved. */
  output: string;
}

const isCompiledEntryPoint = (script: string): script is CompiledEntryPoint =>
  (COMPILED_ENTRY_POINTS as readonly string[]).includes(script);

export async function runScript(
  script: string,
  env: NodeJS.ProcessEnv,
  { source = false }: { source?: boolean } = {},
): Promise<ScriptResult> {
  const program = !source && isCompiledEntryPoint(script) ? scriptToRun(script) : script;
  const { code, output } = await runChild(process.execPath, [program], { name: script, cwd: PROJECT_ROOT, env });
  return { code, output };
}
