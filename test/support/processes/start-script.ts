/**
 * What `npm start` gives the server besides the script: environment words (`NAME=value`, the malloc
 * settings and the compile cache) and Node's memory flags — read from package.json, so the tests that
 * run the service as deployed use exactly these.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';

export interface StartSettings {
  env: Record<string, string>;
  flags: string[];
}

/** `NAME=value` words before `exec node`, and the node flags before the script. */
export function readStartScript(): StartSettings {
  const packageJson = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const startScript = packageJson.scripts.start;
  const parts = /^((?:\w+=\S+\s+)*)exec node ((?:--\S+\s+)*)scripts\/start\.ts$/.exec(startScript);
  if (!parts) throw new Error(`npm start não tem a forma esperada: ${startScript}`);
  const env = Object.fromEntries(
    (parts[1] ?? '')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => word.split('=') as [string, string]),
  );
  return { env, flags: (parts[2] ?? '').trim().split(/\s+/).filter(Boolean) };
}

/**
 * The environment for a server started as `npm start` would start it, memory-wise: its malloc
 * settings, and its V8 flags in NODE_OPTIONS after `nodeOptions` (e.g. the heap probe's --inspect).
 */
export function productionMemoryEnv(nodeOptions = ''): Record<string, string> {
  const { env, flags } = readStartScript();
  const malloc = Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith('MALLOC_')));
  return { ...malloc, NODE_OPTIONS: [nodeOptions, ...flags].filter(Boolean).join(' ') };
}
