/**
 * Making the files of a new build folder, DATA_DIR/builds/<id>/{client,server}: the site
 * bundle's files hard-linked in, then the data routes rendered into it in this process from the
 * snapshot the scrape left (render-routes.ts), and the shared folders of the match files linked
 * in, a match's files made anew only when its data changed (match-files.ts), each table's and each team's home's
 * likewise, else linked from the build before (table-files.ts, team-home-files.ts). The bundle is built first (an
 * `astro build` child) only when there is none for the installed version. The folder then holds
 * the same complete site a whole `astro build` of that snapshot would
 * (test/integration/refresh/render-pipeline.test.ts).
 */
import path from 'node:path';
import { buildClientDir, buildServerEntry } from '../../lib/store/builds/build-layout.ts';
import type { Config } from '../../lib/config/config.ts';
import { DATA_ROUTES } from '../../lib/api/data-routes.ts';
import type { SiteFile } from '../../lib/store/builds/site-manifest.ts';
import type { BuildLoaded } from '../../lib/store/builds/build-loaded.ts';
import type { DetailRecord } from '../../lib/store/scraped/detail-store.ts';
import { dayPagePath } from '../../lib/model/archive-days.ts';
import { saoPauloDate } from '../../lib/model/time.ts';
import { makeArchiveFiles, type ArchiveFiles } from './archive-files.ts';
import { isCompressedVariant, type CompressedFiles } from '../compress/precompress.ts';
import { linkTree } from './link-tree.ts';
import { makeMatchFiles, unlistedMatchFiles } from './match-files.ts';
import { pagelessMatchNotices } from './pageless-matches.ts';
import { buildRenderLocals, openRouteRenderer, writeRenderedRoutes, type RouteRenderer } from './render-routes.ts';
import { ensureSiteBundle, readBundleClientFiles } from './site-bundle.ts';
import { makeTableFiles } from './table-files.ts';
import { makeTeamHomeFiles } from './team-home-files.ts';

export interface MakeBuildOptions {
  projectRoot: string;
  buildId: string;
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  progress?: (line: string) => void;
  /** The match records the scrape just left, by match id; absent (no scrape, or it failed): read from DATA_DIR. */
  detailRecords?: ReadonlyMap<string, DetailRecord>;
}

export interface MadeBuild {
  /** Milliseconds spent building the site bundle (0 when it existed). */
  bundleMs: number;
  /** The bundle's client files, compressed when it was built: their variants serve the build's copies. */
  bundleFiles: CompressedFiles | null;
  /** The match files and the archive's (past days, archived matches), made and compressed here, with their manifest lines (precompress keeps them as they are). */
  matchFiles: ReadonlyMap<string, SiteFile>;
  /** Matches whose page and JSON were rendered this time. */
  matchesRendered: number;
  /** Competitions whose table page and JSON were rendered this time (the others carried from the build before). */
  tablesRendered: number;
  /** Teams whose home (page, JSON, calendar) was rendered this time (the others carried from the build before). */
  teamHomesRendered: number;
  /** Log lines: matches newly seen that get no page of their own (pageless-matches.ts). */
  notices: string[];
  /** What the listings and /api/eventos were rendered from: their files are these values' JSON. */
  served: Pick<BuildLoaded, 'snapshot' | 'feed'>;
}

/** The archive's part of the build (archive-files.ts): before the data routes, which link to its days. */
function makeArchive(
  config: Config,
  buildId: string,
  made: { locals: App.Locals; renderer: RouteRenderer; salt: string; builtAt: Date },
): Promise<ArchiveFiles> {
  const { locals, renderer, builtAt } = made;
  const listed = new Set(locals.matchPages?.keys());
  return makeArchiveFiles({
    dataDir: config.dataDir,
    buildId,
    yesterday: locals.placar?.snapshot.ontem ?? null,
    today: saoPauloDate(builtAt),
    archiveDays: config.archiveDays,
    salt: made.salt,
    renderDay: async (day, listing) => {
      locals.archivedDay = { day, listing, upstreamUrl: config.upstreamUrl };
      try {
        return await renderer.render(dayPagePath(day));
      } finally {
        delete locals.archivedDay;
      }
    },
    builtAt,
    listed,
    // Read before makeMatchFiles: a new site bundle starts its index afresh.
    unlisted: unlistedMatchFiles(config.dataDir, listed),
  });
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
  // The bundle's compressed variants come with each file the build keeps as it is (precompress.ts).
  linkTree(bundle.clientDir, clientDir, isCompressedVariant);
  linkTree(bundle.serverDir, path.dirname(buildServerEntry(config.dataDir, options.buildId)));
  const intervals = {
    refreshIntervalSeconds: config.refreshIntervalSeconds,
    yesterdayRefreshSeconds: config.yesterdayRefreshSeconds,
  };
  const builtAt = new Date();
  const locals = buildRenderLocals(config.dataDir, config.upstreamUrl, intervals, builtAt, options.detailRecords);
  const renderer = await openRouteRenderer({
    serverEntry: bundle.serverEntry,
    clientDir,
    dataDir: config.dataDir,
    upstreamUrl: config.upstreamUrl,
    refreshIntervalSeconds: config.refreshIntervalSeconds,
    routes: DATA_ROUTES,
    intervals,
    locals,
    timeoutMs: config.buildTimeoutMs,
    signal: options.signal,
  });
  const archive = await makeArchive(config, options.buildId, { locals, renderer, salt: bundle.fingerprint, builtAt });
  // /ontem and the 404 page link to the days kept.
  locals.archive = { days: archive.days, archiveDays: config.archiveDays };
  await writeRenderedRoutes(renderer, DATA_ROUTES, clientDir);
  const carried = { dataDir: config.dataDir, buildId: options.buildId, salt: bundle.fingerprint, renderer };
  const teamHomePages = locals.teamHomePages ?? new Map();
  const hasTeamHome = (slug: string): boolean => teamHomePages.has(slug);
  const tables = await makeTableFiles({ ...carried, pages: locals.standingsPages ?? new Map(), hasTeamHome });
  const teamHomes = await makeTeamHomeFiles({ ...carried, pages: teamHomePages });
  const made = await makeMatchFiles({
    dataDir: config.dataDir,
    buildId: options.buildId,
    pages: locals.matchPages ?? new Map(),
    salt: bundle.fingerprint,
    renderPage: (routePath) => renderer.render(routePath),
    builtAt,
  });
  const notices = pagelessMatchNotices(locals.placar.snapshot);
  // The archive's lines first: a match listed again is the listings' (archive-files.ts drops it anyway).
  const matchFiles = new Map([...archive.files, ...made.files]);
  return {
    bundleMs: builtMs ?? 0,
    bundleFiles: readBundleClientFiles(bundle),
    matchFiles,
    matchesRendered: made.rendered,
    tablesRendered: tables.rendered,
    teamHomesRendered: teamHomes.rendered,
    notices,
    served: { snapshot: locals.placar.snapshot, feed: locals.eventFeed },
  };
}
