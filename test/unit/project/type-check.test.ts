/**
 * `npm run check` (`astro check`: TypeScript over every file tsconfig.json includes, the .astro files too) as one test
 * of `npm test`: it runs beside the other unit files instead of before every test. It writes only Astro's generated
 * types, outside what the site bundle's fingerprint covers.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runChild } from '../../../harness/watched-child.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('type checks', () => {
  it('astro check finds no error in the sources, scripts, benchmarks, harness or tests', async () => {
    const run = await runChild(
      process.execPath,
      [path.join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'check'],
      {
        name: 'astro check',
        cwd: ROOT,
        env: process.env,
        timeoutMs: 300_000,
      },
    );
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/- 0 errors/);
  }, 300_000);
});
