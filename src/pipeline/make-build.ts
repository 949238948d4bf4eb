/**
 * Making the files of a new build folder, DATA_DIR/builds/<id>/{client,server}, in one of two
 * ways (REFRESH_MODE):
 * - render (default): the site bundle's files hard-linked in, then the data routes rendered
 *   into it in this process from the snapshot the scrape left (render-routes.ts). The bundle is
 *   built first (an `astro build` child) only when there is none for the installed version.
 * - full-build: a whole `astro build` every time — the earlier pipeline, kept as the
 *   benchmark's reference and as a fallback.
 * Either way the folder then holds the same complete site.
 */
import path from 'node:path';
import { buildClientDir, buildDir, buildServerEntry } from '../lib/store/build-layout.ts';
import type { Config } from '../lib/config/config.ts';
import { DATA_ROUTES } from '../lib/api/data-routes.ts';
import { runSiteBuild } from './build-site.ts';
import { linkTree } from './link-tree.ts';
import { renderDataRoutes } from './render-routes.ts';
import { ensureSiteBundle } from './site-bundle.ts';

export interface MakeBuildOptions {
  projectRoot: string;
  buildId: string;
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  progress?: (line: string) => void;
}

/** Milliseconds spent building the site bundle (0 when it existed). */
export async function makeRenderedBuild(config: Config, options: MakeBuildOptions): Promise<{ bundleMs: number }> {
  const { bundle, builtMs } = await ensureSiteBundle({
    projectRoot: options.projectRoot,
    dataDir: config.dataDir,
    upstreamUrl: config.upstreamUrl,
    timeoutMs: config.buildTimeoutMs,
    env: options.env,
    signal: options.signal,
  });
  if (builtMs !== null) options.progress?.(`pacote do site ${bundle.fingerprint} construído em ${builtMs} ms (só quando a versão instalada muda)`);
  const clientDir = buildClientDir(config.dataDir, options.buildId);
  linkTree(bundle.clientDir, clientDir);
  linkTree(bundle.serverDir, path.dirname(buildServerEntry(config.dataDir, options.buildId)));
  await renderDataRoutes({
    serverEntry: bundle.serverEntry,
    clientDir,
    dataDir: config.dataDir,
    upstreamUrl: config.upstreamUrl,
    refreshIntervalSeconds: config.refreshIntervalSeconds,
    routes: DATA_ROUTES,
    intervals: {
      refreshIntervalSeconds: config.refreshIntervalSeconds,
      yesterdayRefreshSeconds: config.yesterdayRefreshSeconds,
    },
    timeoutMs: config.buildTimeoutMs,
    signal: options.signal,
  });
  return { bundleMs: builtMs ?? 0 };
}

export async function makeFullBuild(config: Config, options: MakeBuildOptions): Promise<void> {
  await runSiteBuild({
    projectRoot: options.projectRoot,
    dataDir: config.dataDir,
    upstreamUrl: config.upstreamUrl,
    outDir: buildDir(config.dataDir, options.buildId),
    requiredFiles: ['client/index.html', 'server/entry.mjs'],
    timeoutMs: config.buildTimeoutMs,
    env: options.env,
    signal: options.signal,
  });
}
