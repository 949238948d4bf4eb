/**
 * Making the files of a new build folder, DATA_DIR/builds/<id>/{client,server}: the site
 * bundle's files hard-linked in, then the data routes rendered into it in this process from the
 * snapshot the scrape left (render-routes.ts). The bundle is built first (an `astro build`
 * child) only when there is none for the installed version. The folder then holds the same
 * complete site a whole `astro build` of that snapshot would (test/integration/render-pipeline.test.ts).
 */
import path from 'node:path';
import { buildClientDir, buildServerEntry } from '../lib/store/build-layout.ts';
import type { Config } from '../lib/config/config.ts';
import { DATA_ROUTES } from '../lib/api/data-routes.ts';
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
  if (builtMs !== null)
    options.progress?.(
      `pacote do site ${bundle.fingerprint} construído em ${builtMs} ms (só quando a versão instalada muda)`,
    );
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
