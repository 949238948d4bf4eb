/** Runs one entry point (scripts/*.ts) on the project's Node as a child process; resolves on exit. */
import { PROJECT_ROOT } from './placar-process.ts';
import { runChild } from './watched-child.ts';

export interface ScriptResult {
  code: number | null;
  /** stdout and stderr interleaved. */
  output: string;
}

export async function runScript(script: string, env: NodeJS.ProcessEnv): Promise<ScriptResult> {
  const { code, output } = await runChild(process.execPath, [script], { name: script, cwd: PROJECT_ROOT, env });
  return { code, output };
}
