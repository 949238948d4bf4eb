/**
 * One `astro build` in a child process (in-process builds leak memory), into a fresh folder:
 * the site bundle (site-bundle.ts, once per installed version). The child gets its own cache
 * folder so concurrent builds from the same project (a refresh while tests build) never share
 * vite/astro caches.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildsDir } from '../../lib/store/builds/build-layout.ts';

export class SiteBuildError extends Error {
  override name = 'SiteBuildError' as const;
}

export interface SiteBuildOptions {
  projectRoot: string;
  dataDir: string;
  upstreamUrl: string;
  /** Where the build goes (PLACAR_OUT_DIR), inside DATA_DIR/builds. */
  outDir: string;
  /** Files (relative to outDir) a complete build has. */
  requiredFiles: readonly string[];
  /** Variables the build gets on top of `env` (PLACAR_SITE_BUNDLE for the bundle). */
  extraEnv?: Readonly<Record<string, string>>;
  timeoutMs: number;
  /** The environment the build inherits (the server's). */
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
}

/** Keeps the last `limit` characters of the child's output. */
const OUTPUT_LIMIT = 64 * 1024;

/**
 * The server chunks import packages by bare name; a build outside the project (DATA_DIR in
 * /tmp) finds them through builds/node_modules → <project>/node_modules. Created only when
 * absent: a link someone replaced on purpose is left alone.
 */
export function ensureBuildModulesLink(dataDir: string, projectRoot: string): void {
  const link = path.join(buildsDir(dataDir), 'node_modules');
  fs.mkdirSync(buildsDir(dataDir), { recursive: true });
  try {
    fs.lstatSync(link);
  } catch {
    fs.symlinkSync(path.join(projectRoot, 'node_modules'), link, 'dir');
  }
}

/** The line that best says why the build failed (last error-looking line, colours stripped). */
export function summarizeBuildOutput(output: string): string {
  const lines = output
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ESC starts the colour codes removed here.
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('at ') && !/^(Stack trace|Location):$/.test(line));
  const errorLine = lines.findLast((line) =>
    /error|cannot|failed|not found|ENOENT|EACCES|ENOSPC|EROFS|EDQUOT/i.test(line),
  );
  return (errorLine ?? lines.at(-1) ?? 'sem saída').slice(0, 300);
}

export async function runSiteBuild(options: SiteBuildOptions): Promise<{ durationMs: number }> {
  const started = performance.now();
  const outDir = options.outDir;
  const cacheDir = path.join(outDir, 'cache');
  ensureBuildModulesLink(options.dataDir, options.projectRoot);
  const child = spawn(
    process.execPath,
    [path.join(options.projectRoot, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'],
    {
      cwd: options.projectRoot,
      // Own process group, so a timeout or shutdown kills the build and whatever it started.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...options.env,
        DATA_DIR: options.dataDir,
        UPSTREAM_URL: options.upstreamUrl,
        PLACAR_OUT_DIR: outDir,
        PLACAR_CACHE_DIR: cacheDir,
        ASTRO_TELEMETRY_DISABLED: '1',
        NODE_ENV: 'production',
        ...options.extraEnv,
      },
    },
  );
  let output = '';
  const collect = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let stopReason: string | null = null;
  const kill = (reason: string): void => {
    stopReason ??= reason;
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  const timer = setTimeout(() => kill(`excedeu BUILD_TIMEOUT_MS (${options.timeoutMs} ms)`), options.timeoutMs);
  const onAbort = (): void => kill('interrompido');
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) onAbort();
  const exit = await new Promise<{ code: number | null; error?: Error }>((resolve) => {
    child.once('error', (error) => resolve({ code: null, error }));
    child.once('close', (code) => resolve({ code }));
  });
  clearTimeout(timer);
  options.signal?.removeEventListener('abort', onAbort);
  fs.rmSync(cacheDir, { recursive: true, force: true });
  if (stopReason !== null) throw new SiteBuildError(`build ${stopReason}`);
  if (exit.error) throw new SiteBuildError(`build não iniciou: ${exit.error.message}`, { cause: exit.error });
  if (exit.code !== 0) throw new SiteBuildError(`build falhou (código ${exit.code}): ${summarizeBuildOutput(output)}`);
  for (const required of options.requiredFiles) {
    if (!fs.existsSync(path.join(outDir, required))) throw new SiteBuildError(`build incompleto: falta ${required}`);
  }
  return { durationMs: Math.round(performance.now() - started) };
}
