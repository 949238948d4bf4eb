/**
 * Writes sw.js into a built client folder: src/client/offline/service-worker.ts compiled, with the
 * shell it precaches (the build's pages and its other files, relative to the site root) and a
 * version made of that shell's names and bytes. Pages' HTML and api/ hold data and change every
 * refresh, so they stay out of the version: a new version (hence a new worker and new caches)
 * comes with new code only, never once a minute.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { DataRoute } from '../../lib/api/data-routes.ts';

export const SERVICE_WORKER_FILE = 'sw.js';

export interface ServiceWorkerShell {
  version: string;
  /** Relative to the site root: '' is the start page, 'hoje' another page. */
  pages: string[];
  /** Relative to the site root: '_astro/x.js', 'favicon.svg'… */
  files: string[];
  /** The pre-built API listings ('api/live'…): fetched on install, so offline search has all of them. */
  listings: string[];
}

/** The route fields Astro's `astro:routes:resolved` hook gives that decide a shell page. */
export interface ResolvedRouteFields {
  type: string;
  origin: string;
  params: readonly string[];
  pattern: string;
}

const ERROR_PAGES = new Set(['/404', '/500']);

/** The site's own static pages ('' for /, 'hoje' for /hoje): every page route without parameters. */
export function shellPagesOf(routes: readonly ResolvedRouteFields[]): string[] {
  return routes
    .filter(
      (route) =>
        route.type === 'page' &&
        route.origin === 'project' &&
        route.params.length === 0 &&
        !ERROR_PAGES.has(route.pattern),
    )
    .map((route) => route.pattern.replace(/^\//, ''))
    .sort();
}

/** Whether a file of the client folder is data or a copy rather than part of the shell. */
function isOutsideShell(relativePath: string): boolean {
  return (
    relativePath === SERVICE_WORKER_FILE ||
    relativePath.startsWith('api/') ||
    relativePath.startsWith('escudos/') ||
    /\.(html|br|gz)$/.test(relativePath)
  );
}

/** The shell files under `clientDir` with the hash of each one's bytes, sorted by path. */
function hashShellFiles(clientDir: string): Array<{ file: string; hash: string }> {
  return fs
    .readdirSync(clientDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !isOutsideShell(file))
    .sort()
    .map((file) => ({
      file,
      hash: crypto
        .createHash('sha256')
        .update(fs.readFileSync(path.join(clientDir, file)))
        .digest('hex'),
    }));
}

/** The pre-built API listings among the data routes (src/lib/api/data-routes.ts), relative to the site root. */
export function shellListingsOf(routes: readonly DataRoute[]): string[] {
  return routes
    .filter((route) => route.path.startsWith('/api/'))
    .map((route) => route.path.slice(1))
    .sort();
}

export function describeShell(
  clientDir: string,
  pages: readonly string[],
  listings: readonly string[] = [],
): ServiceWorkerShell {
  const files = hashShellFiles(clientDir);
  const version = crypto
    .createHash('sha256')
    .update(JSON.stringify({ pages, listings, files }))
    .digest('hex')
    .slice(0, 16);
  return { version, pages: [...pages], files: files.map(({ file }) => file), listings: [...listings] };
}

/** Compiles the worker with its shell into `clientDir`/sw.js; returns the shell and the file's size. */
export async function writeServiceWorker(
  clientDir: string,
  pages: readonly string[],
  listings: readonly string[],
  sourceFile: string,
): Promise<ServiceWorkerShell & { bytes: number }> {
  const shell = describeShell(clientDir, pages, listings);
  const result = await build({
    entryPoints: [sourceFile],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    define: { PLACAR_SHELL: JSON.stringify(shell) },
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.contents;
  if (code === undefined) throw new Error(`esbuild não produziu ${SERVICE_WORKER_FILE}`);
  fs.writeFileSync(path.join(clientDir, SERVICE_WORKER_FILE), code);
  return { ...shell, bytes: code.length };
}
