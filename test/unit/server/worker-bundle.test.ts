/**
 * The cluster workers' program (src/server/cluster/worker-bundle.ts): one JavaScript file that
 * needs nothing beside it but Node, and a worker that loads no refresh pipeline — a value imported
 * from src/refresh/ once pulled the scrape, the render and Web Push (undici, cheerio, web-push)
 * into every worker.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import { listChildren } from '../../../harness/process-stats.ts';
import {
  escapeNonAscii,
  workerBundleOptions,
  workerBundlePath,
  writeWorkerBundle,
} from '../../../src/server/cluster/worker-bundle.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-worker-bundle-'));

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the workers’ program', () => {
  it('is one file in DATA_DIR that imports nothing but Node’s own modules', async () => {
    const file = await writeWorkerBundle(PROJECT_ROOT, dataDir);
    expect(file).toBe(workerBundlePath(dataDir));
    const code = fs.readFileSync(file, 'utf8');
    const imported = [...code.matchAll(/^import\s[^;]*?from\s*["']([^"']+)["']/gm)].map((match) => match[1]);
    expect(imported.length).toBeGreaterThan(0);
    expect(imported.filter((specifier) => !isBuiltin(specifier ?? ''))).toEqual([]);
    expect(fs.readdirSync(path.dirname(file))).toEqual([path.basename(file)]);
  });

  it('is ASCII only (V8 would hold a two-byte copy of the whole source) and leaves no esbuild process running', async () => {
    const file = await writeWorkerBundle(PROJECT_ROOT, dataDir);
    const bytes = fs.readFileSync(file);
    expect(bytes.findIndex((byte) => byte > 0x7f)).toBe(-1);
    const esbuildChildren = listChildren(process.pid).filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('esbuild');
      } catch {
        return false; // it ended meanwhile
      }
    });
    expect(esbuildChildren).toEqual([]);
  });

  it('escapes non-ASCII so that strings, templates and regular expressions mean the same', () => {
    const source =
      'const a = "São Paulo"; const b = `Grêmio`; const c = /ção/.test("ação"); return [a, b, c]; // Atlético';
    const escaped = escapeNonAscii(source);
    expect([...escaped].every((char) => char.charCodeAt(0) < 0x80)).toBe(true);
    expect(new Function(escaped)()).toEqual(new Function(source)());
  });

  it('reaches no refresh pipeline: nothing of src/refresh/ or src/upstream/, no undici, cheerio, web-push or astro', async () => {
    const result = await build({ ...workerBundleOptions(PROJECT_ROOT), metafile: true });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs).toContain('src/server/http-server.ts');
    const heavy = inputs.filter((input) =>
      /^src\/(refresh|upstream|crests)\/|node_modules\/(undici|cheerio|web-push|astro)\//.test(input),
    );
    expect(heavy).toEqual([]);
  });

  it('loads no copy of Node’s own undici: node:http is required, not imported (an import reads its lazy WebSocket)', async () => {
    const probe = async (contents: string): Promise<string> => {
      const built = await build({
        ...workerBundleOptions(PROJECT_ROOT),
        entryPoints: undefined,
        stdin: { contents, resolveDir: PROJECT_ROOT, loader: 'ts' },
      });
      const probeFile = path.join(dataDir, 'undici-probe.mjs');
      fs.writeFileSync(probeFile, built.outputFiles[0]?.text ?? '');
      return execFileSync(process.execPath, [probeFile], { encoding: 'utf8' }).trim();
    };
    const report = "console.log(process.moduleLoadList.some((name) => name.includes('internal/deps/undici')));";
    // Kept reachable: esbuild drops an import of a built-in that nothing uses.
    const server =
      "import { startHttpServer } from './src/server/http-server.ts'; globalThis.server = startHttpServer;";
    expect(await probe(`${server} ${report}`)).toBe('false');
    // The probe sees it when it is there.
    expect(await probe(`import http from 'node:http'; http.STATUS_CODES; ${report}`)).toBe('true');
  });

  it('holds no table of file types and none of zod’s translations, and zod still checks with its English messages', async () => {
    const result = await build({ ...workerBundleOptions(PROJECT_ROOT), metafile: true });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((input) => input.startsWith('node_modules/zod/'))).toBe(true);
    expect(inputs.filter((input) => /node_modules\/(mime-db|mime-types)\//.test(input))).toEqual([]);
    expect(inputs.filter((input) => /node_modules\/zod\/.*locales\/(?!en\.js$)/.test(input))).toEqual([]);
    // zod compiled the same way still says what is wrong, in its default English.
    const probe = await build({
      ...workerBundleOptions(PROJECT_ROOT),
      entryPoints: undefined,
      stdin: {
        contents: "import { z } from 'zod'; console.log(z.string().safeParse(1).error?.issues[0]?.message);",
        resolveDir: PROJECT_ROOT,
        loader: 'ts',
      },
    });
    const probeFile = path.join(dataDir, 'zod-probe.mjs');
    fs.writeFileSync(probeFile, probe.outputFiles[0]?.text ?? '');
    expect(execFileSync(process.execPath, [probeFile], { encoding: 'utf8' }).trim()).toBe(
      'Invalid input: expected string, received number',
    );
  });
});
