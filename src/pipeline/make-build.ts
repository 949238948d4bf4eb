/**
 * Making the files of a new build folder, DATA_DIR/builds/<id>/{client,server}: the site
 * bundle's files hard-linked in, then the data routes rendered into it in this process from the
 * snapshot the scrape left (render-routes.ts), with the match pages whose data changed; the other
 * match pages are carried over from the build this one replaces (match-routes.ts). The bundle is
 * built first (an `astro build` child) only when there is none for the installed version. The
 * folder then holds the same complete site a whole `astro build` of that snapshot would
 * (test/integration/render-pipeline.test.ts).
 */
import path from 'node:path';
import { buildClientDir, buildServerEntry } from '../lib/store/build-layout.ts';
import type { Config } from '../lib/config/config.ts';
import { DATA_ROUTES } from '../lib/api/data-routes.ts';
import type { SiteFile, SiteManifest } from '../lib/store/site-manifest.ts';
import { linkTree } from './link-tree.ts';
import { carryMatchFiles, planMatchRoutes, readMatchPageKeys, writeMatchPageKeysAsync } from './match-routes.ts';
import { buildRenderLocals, renderDataRoutes } from './render-routes.ts';
import { ensureSiteBundle } from './site-bundle.ts';

export interface MakeBuildOptions {
  projectRoot: string;
  buildId: string;
  env: NodeJS.ProcessEnv;
  /** The build this one replaces (its match pages are carried over when unchanged); null: none. */
  previous?: SiteManifest | null;
  signal?: AbortSignal;
  progress?: (line: string) => void;
}

export interface MadeBuild {
  /** Milliseconds spent building the site bundle (0 when it existed). */
  bundleMs: number;
  /** Files taken from the previous build as they were, with their manifest lines (precompress reuses them). */
  carried: ReadonlyMap<string, SiteFile>;
  /** Match routes rendered this time (page and JSON count one each). */
  matchRoutesRendered: number;
}

export async function makeRenderedBuild(config: Config, options: MakeBuildOptions): Promise<MadeBuild> {
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
  const intervals = {
    refreshIntervalSeconds: config.refreshIntervalSeconds,
    yesterdayRefreshSeconds: config.yesterdayRefreshSeconds,
  };
  const locals = buildRenderLocals(config.dataDir, config.upstreamUrl, intervals, new Date());
  const previous = options.previous ?? null;
  const previousKeys = previous ? readMatchPageKeys(config.dataDir, previous.buildId) : null;
  const plan = planMatchRoutes(
    locals.matchPages ?? new Map(),
    bundle.fingerprint,
    previous && previousKeys ? { keys: previousKeys, manifest: previous } : null,
  );
  if (previous) await carryMatchFiles(plan.carried, buildClientDir(config.dataDir, previous.buildId), clientDir);
  await renderDataRoutes({
    serverEntry: bundle.serverEntry,
    clientDir,
    dataDir: config.dataDir,
    upstreamUrl: config.upstreamUrl,
    refreshIntervalSeconds: config.refreshIntervalSeconds,
    routes: [...DATA_ROUTES, ...plan.render],
    intervals,
    locals,
    timeoutMs: config.buildTimeoutMs,
    signal: options.signal,
  });
  await writeMatchPageKeysAsync(config.dataDir, options.buildId, plan.keys);
  return { bundleMs: builtMs ?? 0, carried: plan.carried, matchRoutesRendered: plan.render.length };
}
