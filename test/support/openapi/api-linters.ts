/**
 * Runs the OpenAPI linters integrators use, from node_modules/.bin on the project's Node, with
 * telemetry and update checks off and a guard that reports any network use (no-network.mjs).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import { runChild } from '../../../harness/watched-child.ts';

const BIN = path.join(PROJECT_ROOT, 'node_modules', '.bin');
export const NETWORK_MARKER = 'NETWORK-ATTEMPT';
export const SPECTRAL_OAS_RULESET = path.join(PROJECT_ROOT, 'test', 'lint', 'spectral-oas.yaml');
export const OWASP_RULESET = path.join(
  PROJECT_ROOT,
  'node_modules',
  '@stoplight',
  'spectral-owasp-ruleset',
  'dist',
  'ruleset.mjs',
);

export interface LinterRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runLinter(bin: 'redocly' | 'spectral', args: string[], cwd: string): Promise<LinterRun> {
  const guard = pathToFileURL(path.join(PROJECT_ROOT, 'test', 'support', 'openapi', 'no-network.mjs')).href;
  return runChild(process.execPath, [path.join(BIN, bin), ...args], {
    name: bin,
    cwd,
    env: {
      ...process.env,
      NODE_OPTIONS: `--import=${guard}`,
      REDOCLY_TELEMETRY: 'off',
      REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
      NO_UPDATE_NOTIFIER: '1',
      NO_COLOR: '1',
      FORCE_COLOR: '0',
    },
  });
}

export interface SpectralFinding {
  code: string;
  path: string[];
  message: string;
  severity: number;
}
