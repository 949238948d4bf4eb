/** Runs one entry point (scripts/*.ts) on the project's Node as a child process; resolves on exit. */
import { spawn } from 'node:child_process';
import { PROJECT_ROOT } from './placar-process.ts';

export interface ScriptResult {
  code: number | null;
  /** stdout and stderr interleaved. */
  output: string;
}

export function runScript(script: string, env: NodeJS.ProcessEnv): Promise<ScriptResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script], { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('exit', (code) => resolve({ code, output }));
  });
}
