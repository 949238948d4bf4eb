/**
 * One refresh, under the data folder's refresh lock, in this process (the server's, or
 * `npm run refresh`'s): scrape → make the build folder (render the data routes into the site
 * bundle's files; make-build.ts) → precompress → atomic swap → cleanup. The CPU-heavy steps run
 * in slices (run-in-slices.ts) or off the event loop (compression, writes), so a serving
 * process keeps answering requests while it refreshes. Every refresh makes a build, even when the upstream
 * failed, so generatedAt/stale and the pages' notices stay current. A failed build leaves
 * `current` (and so the served site) untouched; the next refresh simply tries again.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { buildBuildId, buildClientDir, buildDir, buildManifestPath } from '../lib/store/builds/build-layout.ts';
import type { Config } from '../lib/config/config.ts';
import { DATA_ROUTES, isStandingsFile, isTeamHomeFile } from '../lib/api/data-routes.ts';
import { readSiteManifest, type SiteManifest } from '../lib/store/builds/site-manifest.ts';
import type { BuildLoaded } from '../lib/store/builds/build-loaded.ts';
import { linkCrestsIntoBuild } from '../crests/link-crests.ts';
import { runBuildCleanup } from './publish/cleanup-builds.ts';
import { runPrecompress } from './compress/precompress.ts';
import { acquireRefreshLock, tryAcquireRefreshLock, type RefreshLock } from './refresh-lock.ts';
import { formatRefreshLine, formatScrapeWarnings, type RefreshReport, type RefreshTimings } from './refresh-log.ts';
import { makeRenderedBuild } from './render/make-build.ts';
import { formatEventsLines, recordMatchEvents } from './scrape/record-events.ts';
import { runScrape, type ScrapeSummary } from './scrape/scrape.ts';
import { buildMatchPageSightings, summarizeDetailRefresh } from './match-pages/fetch-match-pages.ts';
import { readCurrentBuildId, swapCurrentBuild } from '../lib/store/builds/current-link.ts';
import { runTempFileSweep } from './sweep-temp-files.ts';
import { errorMessage } from '../lib/model/caught-error.ts';
import type { DetailRecord } from '../lib/store/scraped/detail-store.ts';

export type { RefreshReport } from './refresh-log.ts';

/** The files every refresh renders again (compressed at the fast levels, see precompress.ts). */
const REFRESHED_FILES: ReadonlySet<string> = new Set(DATA_ROUTES.map((route) => route.file));
const isRefreshedFile = (file: string): boolean =>
  REFRESHED_FILES.has(file) || isStandingsFile(file) || isTeamHomeFile(file);

export interface RefreshOptions {
  projectRoot: string;
  log: (line: string) => void;
  /** The refresh's clock (the scrape's times, the build's id and Last-Modified). */
  now?: () => Date;
  signal?: AbortSignal;
  /** How the log line names this run; default "atualização #1". */
  label?: string;
  /** false: build from the snapshot as it is (first start). Default true. */
  scrape?: boolean;
  /** Wait for another process's refresh to finish instead of skipping. Default false. */
  waitForLock?: boolean;
  /** Environment of the `astro build` child; default process.env. */
  env?: NodeJS.ProcessEnv;
  /**
   * Called right after the swap, before cleanup, with what the server serves of the build (the value, not its files
   * read back); awaited (the server loads the build and its search index).
   */
  onPublished?: (loaded: BuildLoaded) => void | Promise<void>;
  /** Step-by-step lines (each listing, build, compression), e.g. on a first start. */
  progress?: (line: string) => void;
}

function readPreviousManifest(dataDir: string): SiteManifest | null {
  const current = readCurrentBuildId(dataDir);
  try {
    return current ? readSiteManifest(buildManifestPath(dataDir, current)) : null;
  } catch {
    return null;
  }
}

async function publish(options: RefreshOptions, loaded: BuildLoaded): Promise<void> {
  try {
    await options.onPublished?.(loaded);
  } catch (error) {
    options.log(
      `aviso: o build ${loaded.buildId} foi publicado, mas o servidor não o carregou: ${errorMessage(error)}`,
    );
  }
}

async function takeLock(config: Config, options: RefreshOptions): Promise<RefreshLock | string> {
  if (options.waitForLock)
    return (await acquireRefreshLock(config.dataDir, options.signal)) ?? 'interrompida antes de começar';
  const attempt = await tryAcquireRefreshLock(config.dataDir);
  if ('lock' in attempt) return attempt.lock;
  return `outra atualização em andamento${attempt.heldBy === null ? '' : ` (pid ${attempt.heldBy})`}`;
}

/**
 * The scrape step: fetch and parse (in slices), snapshot and scrape state, then the match events.
 * Its match records go on to the render as they are, not read back from DATA_DIR.
 */
async function scrape(
  config: Config,
  options: RefreshOptions,
  now: () => Date,
): Promise<{ summary: ScrapeSummary; detailRecords: ReadonlyMap<string, DetailRecord> }> {
  const progress = (line: string): void => options.progress?.(`coleta ${line}`);
  const report = await runScrape(config, { now, log: progress });
  const sightings = buildMatchPageSightings(report.details);
  formatEventsLines(await recordMatchEvents(config.dataDir, report, now(), sightings)).forEach(progress);
  const { snapshot: _written, details, ...summary } = report;
  return { summary: { ...summary, details: summarizeDetailRefresh(details) }, detailRecords: details.records };
}

export async function runRefresh(config: Config, options: RefreshOptions): Promise<RefreshReport> {
  const now = options.now ?? (() => new Date());
  const started = performance.now();
  const since = (mark: number): number => Math.round(performance.now() - mark);
  const timings: RefreshTimings = {
    scrapeMs: 0,
    bundleMs: 0,
    buildMs: 0,
    compressMs: 0,
    swapMs: 0,
    cleanupMs: 0,
    totalMs: 0,
  };
  const report: RefreshReport = {
    outcome: 'skipped',
    buildId: null,
    scrape: null,
    timings,
    error: null,
    removedBuilds: [],
    matchesRendered: 0,
    tablesRendered: 0,
    teamHomesRendered: 0,
  };
  const finish = (): RefreshReport => {
    timings.totalMs = since(started);
    options.log(formatRefreshLine(options.label ?? 'atualização #1', report));
    return report;
  };
  const lock = await takeLock(config, options);
  if (typeof lock === 'string') {
    report.error = lock;
    return finish();
  }
  try {
    runTempFileSweep(config.dataDir);
    let detailRecords: ReadonlyMap<string, DetailRecord> | undefined;
    if (options.scrape !== false) {
      const mark = performance.now();
      try {
        ({ summary: report.scrape, detailRecords } = await scrape(config, options, now));
        for (const warning of formatScrapeWarnings(report.scrape)) options.log(warning);
      } catch (error) {
        report.error = `coleta falhou: ${errorMessage(error)}`;
        options.log(`aviso: ${report.error}; o site é reconstruído com o último snapshot`);
      }
      timings.scrapeMs = since(mark);
    }
    if (options.signal?.aborted) {
      report.outcome = 'aborted';
      return finish();
    }
    const buildId = buildBuildId(now(), randomBytes(2).toString('hex'));
    report.buildId = buildId;
    let mark = performance.now();
    let step = 'build';
    try {
      const previous = readPreviousManifest(config.dataDir);
      const buildOptions = {
        projectRoot: options.projectRoot,
        buildId,
        env: options.env ?? process.env,
        signal: options.signal,
        progress: options.progress,
        detailRecords,
      };
      const made = await makeRenderedBuild(config, buildOptions);
      timings.bundleMs = made.bundleMs;
      report.matchesRendered = made.matchesRendered;
      report.tablesRendered = made.tablesRendered;
      report.teamHomesRendered = made.teamHomesRendered;
      for (const notice of made.notices) options.log(notice);
      timings.buildMs = since(mark) - timings.bundleMs;
      linkCrestsIntoBuild(config.dataDir, buildClientDir(config.dataDir, buildId));
      options.progress?.(`build ${buildId} em ${timings.buildMs} ms`);
      mark = performance.now();
      step = 'compressão';
      const manifest = await runPrecompress({
        clientDir: buildClientDir(config.dataDir, buildId),
        buildId,
        builtAt: now(),
        previous,
        previousClientDir: previous ? buildClientDir(config.dataDir, previous.buildId) : null,
        manifestFile: buildManifestPath(config.dataDir, buildId),
        isRefreshed: isRefreshedFile,
        carried: made.matchFiles,
        bundle: made.bundleFiles,
      });
      timings.compressMs = since(mark);
      options.progress?.(`compressão de ${manifest.files.length} arquivos em ${timings.compressMs} ms`);
      mark = performance.now();
      step = 'troca';
      swapCurrentBuild(config.dataDir, buildId);
      timings.swapMs = since(mark);
      report.outcome = 'published';
      await publish(options, { buildId, manifest, ...made.served });
    } catch (error) {
      timings.buildMs ||= since(mark);
      report.outcome = options.signal?.aborted ? 'aborted' : 'build-failed';
      report.error = step === 'build' ? errorMessage(error) : `${step}: ${errorMessage(error)}`;
      fs.rmSync(buildDir(config.dataDir, buildId), { recursive: true, force: true });
    }
    mark = performance.now();
    report.removedBuilds = await runBuildCleanup(config.dataDir);
    timings.cleanupMs = since(mark);
    return finish();
  } finally {
    lock.release();
  }
}

export type { ScrapeSummary };
