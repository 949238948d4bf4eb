/**
 * Group 11 (issue 26): the match detail.
 * - One match page, in this process: fetch (over loopback, from the fake upstream), parse (the
 *   sample page and a finished demo page) and render (/jogo/{id} through the site bundle's handler):
 *   ms and bytes allocated per page (V8's GC profiler: what the heap grew by, collections included).
 * - The refresh at 400 matches a day with 40 live, 20 of them changing score each refresh (all 40
 *   advancing their minute), under `npm start`'s settings: without match pages
 *   (DETAIL_REQUESTS_PER_MINUTE=0) and with them, one after the other, same pages. The 40 live
 *   matches are four in each of ten competitions (matches of a round are played at once), then —
 *   a check that match files cost per match, not per competition — one in each of forty. The schedule is
 *   a refresh a second, so the budget is scaled to it (1,200 a minute: the 20 a refresh a real
 *   minute allows); the first cycles (every finished match's page read once) are not measured.
 * - The whole service under `npm start` at 1,000 matches a day with 300 details kept (DATA_DIR
 *   seeded with them before the start, the default budget): RSS of every Placar process summed,
 *   sampled after each refresh, first half against second half.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { fixtureMatchPages } from '../../src/demo/demo-match-pages.ts';
import { startFakeUpstream, type FakeUpstream } from '../../src/demo/upstream-server.ts';
import { parseConfig } from '../../src/lib/config/config.ts';
import { LISTING_PATHS } from '../../src/lib/model/model.ts';
import { freshDetailRecord, writeDetailRecordAsync } from '../../src/lib/store/scraped/detail-store.ts';
import { buildRenderLocals, openRouteRenderer } from '../../src/refresh/render/render-routes.ts';
import { ensureSiteBundle } from '../../src/refresh/render/site-bundle.ts';
import { createUpstreamAgent, fetchPage } from '../../src/upstream/fetch/fetch-page.ts';
import { readMatchPage } from '../../src/upstream/match-page/parse-match-page.ts';
import type { PlacarProcess } from '../../harness/placar-process.ts';
import { PROJECT_ROOT } from '../../harness/placar-process.ts';
import { listServiceProcesses, startWithNpm } from '../npm-start.ts';
import { readMemoryKb, readServiceCpuSeconds } from '../../harness/process-stats.ts';
import { waitForRefresh, type RefreshLine } from '../refresh-lines.ts';
import { median } from '../stats.ts';
import { buildUpstreamPages, renderPage, type UpstreamPagesOptions } from '../upstream-pages.ts';

export interface DetailPlan {
  /** Measured refresh cycles per phase (after the warm-up ones). */
  refreshCycles: number;
  /** Refreshes through which the whole service's memory is sampled. */
  memoryCycles: number;
  /** Repetitions of each per-page measurement. */
  pageRepeats: number;
}

export interface PerPage {
  ms: number;
  allocatedKb: number;
}

export interface RefreshPhase {
  cycles: number;
  medianMs: number;
  maxMs: number;
  medianScrapeMs: number;
  medianBuildMs: number;
  medianCompressMs: number;
  /** Match pages read (200 or 304) per refresh, median. */
  pagesReadPerRefresh: number;
  /** Matches whose page and JSON were rendered per refresh, median. */
  matchesRenderedPerRefresh: number;
  /** Competitions whose table page and JSON were rendered per refresh (the others carried), median. */
  tablesRenderedPerRefresh: number;
  /** CPU of every process of the service over the measured refreshes, per refresh (idle moments between included). */
  cpuMsPerRefresh: number;
}

export interface DetailGroupResult {
  page: { bytes: number; fetch: PerPage; parseSample: PerPage; parseFinished: PerPage; render: PerPage };
  refresh: {
    matchesPerDay: number;
    live: number;
    changingPerRefresh: number;
    /** The 40 live matches four to a competition: without match pages, with them. */
    without: RefreshPhase;
    with: RefreshPhase;
    /** With them, the 40 live matches one to a competition (every competition's files made again). */
    withSpread: RefreshPhase;
  };
  memory: {
    matchesPerDay: number;
    detailsKept: number;
    cycles: number;
    samplesMb: number[];
    peakMb: number;
    firstHalfMeanMb: number;
    secondHalfMeanMb: number;
  };
}

export const REFRESH_MATCHES = 400;
/**
 * Forty live matches (of 400, in competitions of ten a day): four in each of ten competitions, or one
 * in each of forty. Half of them on odd rows either way, so 20 change score at each refresh (changesIn).
 */
const LIVE_SHAPES = {
  grouped: (index: number): boolean => index % 10 < 4 && Math.floor(index / 10) % 4 === 0,
  spread: (index: number): boolean => index % 10 === Math.floor(index / 10) % 2,
} as const;
export type LiveShape = keyof typeof LIVE_SHAPES;
export const LIVE_MATCHES = 40;
export const WARMUP_CYCLES = 3;
const MEMORY_MATCHES = 1000;
const DETAILS_KEPT = 300;
const SAMPLE = path.join(PROJECT_ROOT, 'test/fixtures/upstream/match-pages/jogo-flamengo-x-palmeiras.html');

/** What the heap grew by during `task` (allocations, collected or not), and its time, per repetition. */
export async function measure(repeats: number, task: () => unknown | Promise<unknown>): Promise<PerPage> {
  await task();
  const profiler = new v8.GCProfiler();
  const before = v8.getHeapStatistics().used_heap_size;
  profiler.start();
  const started = performance.now();
  for (let i = 0; i < repeats; i += 1) await task();
  const ms = performance.now() - started;
  const after = v8.getHeapStatistics().used_heap_size;
  const collected = (profiler.stop()?.statistics ?? []).reduce(
    (sum, gc) => sum + gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize,
    0,
  );
  return { ms: ms / repeats, allocatedKb: (after - before + collected) / 1024 / repeats };
}

/** A live match scores on every other refresh (the even rows on odd refreshes, the odd rows on even ones): half change each time. */
const liveScore = (index: number, round: number): [number, number] => [Math.floor((round + 1 + (index % 2)) / 2), 0];
const changesIn = (index: number, round: number): boolean => index % 2 !== round % 2;

/** The 400-match day at `round`, its live matches as `shape` places them (`options`: the day's other choices). */
export function upstreamDay(
  round: number,
  shape: LiveShape,
  options: Pick<UpstreamPagesOptions, 'tablelessSlugs' | 'competitionPages'> = {},
): ReturnType<typeof buildUpstreamPages> {
  return buildUpstreamPages({
    matchesPerDay: REFRESH_MATCHES,
    round,
    isLive: LIVE_SHAPES[shape],
    liveScore,
    ...options,
  });
}

/** Pages of the listings at `round`, and the match pages of the live matches whose score it changes. */
export function roundPages(
  round: number,
  shape: LiveShape,
  options: Pick<UpstreamPagesOptions, 'tablelessSlugs'> = {},
): Record<string, string> {
  const day = upstreamDay(round, shape, options);
  const changed = day.liveRows.filter((row) => changesIn(row.index, round));
  const pages = fixtureMatchPages({ [LISTING_PATHS.live]: renderPage('Jogos em andamento', changed) });
  return { ...day.pages, ...pages };
}

/** What the upstream serves in a refresh phase: every page at the start, then the changed ones of each round. */
export interface PhasePages {
  first: Record<string, string>;
  round: (round: number) => Record<string, string>;
}

const phasePages = (shape: LiveShape): PhasePages => {
  const all = upstreamDay(0, shape).pages;
  return { first: { ...all, ...fixtureMatchPages(all) }, round: (n) => roundPages(n, shape) };
};

/** What a group may do inside a refresh phase: after each refresh from #2 on, and before the service stops. */
export interface RefreshPhaseHooks {
  afterRefresh?: (placar: PlacarProcess, n: number) => void;
  atEnd?: (placar: PlacarProcess) => Promise<void>;
}

/**
 * `npm start` refreshing once a second on `pages`, timed after WARMUP_CYCLES; `atEnd` runs before it stops.
 * `start.timeoutMs`: how long its first refresh, and each one after, may take (default: the harness's).
 */
export async function runRefreshPhase(
  upstream: FakeUpstream,
  pages: PhasePages,
  start: { env: Record<string, string>; siteBundle?: string; timeoutMs?: number },
  cycles: number,
  hooks: RefreshPhaseHooks = {},
): Promise<RefreshPhase> {
  for (const [page, html] of Object.entries(pages.first)) upstream.setPage(page, html);
  const placar = await startWithNpm(
    { UPSTREAM_URL: upstream.url, REFRESH_CRON: '* * * * * *', SEARCH_RATE_LIMIT: '0', ...start.env },
    { siteBundle: start.siteBundle, timeoutMs: start.timeoutMs },
  );
  const lines: RefreshLine[] = [];
  const texts: string[] = [];
  // The whole service's CPU over the measured refreshes: less swayed by other work on the machine than their time.
  const cpu = { start: 0, end: 0 };
  try {
    for (let n = 2; n <= 1 + WARMUP_CYCLES + cycles; n += 1) {
      for (const [page, html] of Object.entries(pages.round(n))) upstream.setPage(page, html);
      const line = await waitForRefresh(placar, n, start.timeoutMs);
      hooks.afterRefresh?.(placar, n);
      if (n === 1 + WARMUP_CYCLES) cpu.start = readServiceCpuSeconds(placar.process.pid ?? 0);
      if (n > 1 + WARMUP_CYCLES) {
        lines.push(line);
        texts.push(
          placar
            .output()
            .split('\n')
            .find((text) => text.startsWith(`atualização #${n} `)) ?? '',
        );
      }
    }
    cpu.end = readServiceCpuSeconds(placar.process.pid ?? 0);
    await hooks.atEnd?.(placar);
  } finally {
    await placar.stop();
  }
  const field = (re: RegExp): number[] => texts.map((text) => Number(re.exec(text)?.[1] ?? 0));
  return {
    cycles: lines.length,
    medianMs: median(lines.map((line) => line.totalMs)),
    maxMs: Math.max(...lines.map((line) => line.totalMs)),
    medianScrapeMs: median(lines.map((line) => line.scrapeMs)),
    medianBuildMs: median(lines.map((line) => line.buildMs)),
    medianCompressMs: median(lines.map((line) => line.compressMs)),
    pagesReadPerRefresh: median(field(/ jogos=(\d+)\//)),
    matchesRenderedPerRefresh: median(field(/ paginas_de_jogo=(\d+)/)),
    tablesRenderedPerRefresh: median(field(/ paginas_de_tabela=(\d+)/)),
    cpuMsPerRefresh: Math.round(((cpu.end - cpu.start) * 1000) / Math.max(1, lines.length)),
  };
}

async function measureRender(dataDir: string, upstreamUrl: string, repeats: number): Promise<PerPage> {
  const config = parseConfig({ DATA_DIR: dataDir, UPSTREAM_URL: upstreamUrl });
  const { bundle } = await ensureSiteBundle({
    projectRoot: PROJECT_ROOT,
    dataDir,
    upstreamUrl,
    timeoutMs: config.buildTimeoutMs,
    env: process.env,
  });
  const locals = buildRenderLocals(dataDir, upstreamUrl, undefined, new Date());
  const id = [...(locals.matchPages?.entries() ?? [])].find(([, data]) => data.envelope.detail !== null)?.[0] ?? '';
  const renderer = await openRouteRenderer({
    serverEntry: bundle.serverEntry,
    clientDir: fs.mkdtempSync(path.join(os.tmpdir(), 'placar-bench-render-')),
    dataDir,
    upstreamUrl,
    refreshIntervalSeconds: 60,
    routes: [],
    locals,
    timeoutMs: 600_000,
  });
  return await measure(repeats, () => renderer.render(`/jogo/${id}`));
}

async function runMemoryPhase(
  upstream: FakeUpstream,
  cycles: number,
  log: (line: string) => void,
  siteBundle: string | undefined,
) {
  const day = buildUpstreamPages({ matchesPerDay: MEMORY_MATCHES });
  const pages = { ...day.pages, ...fixtureMatchPages(day.pages) };
  for (const [page, html] of Object.entries(pages)) upstream.setPage(page, html);
  // 300 details kept from earlier refreshes: read from finished matches' pages, as a refresh would have.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-bench-details-'));
  const finished = Object.entries(pages).filter(([page, html]) => page.endsWith('.html') && html.includes('ENCERRADO'));
  for (const [page, html] of finished.slice(0, DETAILS_KEPT)) {
    const id = page.slice(1, -'.html'.length);
    const { detail } = readMatchPage(html, `${upstream.url}${page}`);
    const record = freshDetailRecord(id);
    const at = '2026-11-26T12:00:00-03:00';
    await writeDetailRecordAsync(dataDir, {
      ...record,
      generatedAt: at,
      detail,
      fetch: { ...record.fetch, lastAttemptAt: at, final: true },
    });
  }
  try {
    const env = { UPSTREAM_URL: upstream.url, DATA_DIR: dataDir };
    const memory = await sampleServiceMemory({ env, siteBundle }, cycles, log);
    return { matchesPerDay: MEMORY_MATCHES, detailsKept: Math.min(DETAILS_KEPT, finished.length), ...memory };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface ServiceMemory {
  cycles: number;
  samplesMb: number[];
  peakMb: number;
  firstHalfMeanMb: number;
  secondHalfMeanMb: number;
}

/** Every Placar process's RSS summed (npm's wrapper left out), in MB to one decimal. */
export function readServiceRssMb(placar: PlacarProcess): number {
  const processes = listServiceProcesses(placar.process.pid ?? 0).filter(({ role }) => role !== 'npm');
  const kb = processes.reduce((sum, { pid }) => sum + (readMemoryKb(pid)?.rss ?? 0), 0);
  return Math.round(kb / 102.4) / 10;
}

/** `npm start` refreshing once a second with `env`: every Placar process's RSS summed after each of `cycles` refreshes. */
export async function sampleServiceMemory(
  start: { env: Record<string, string>; siteBundle?: string },
  cycles: number,
  log: (line: string) => void,
): Promise<ServiceMemory> {
  const placar = await startWithNpm(
    { REFRESH_CRON: '* * * * * *', SEARCH_RATE_LIMIT: '0', ...start.env },
    { siteBundle: start.siteBundle },
  );
  const samplesMb: number[] = [];
  try {
    for (let n = 2; n <= cycles + 1; n += 1) {
      await waitForRefresh(placar, n);
      samplesMb.push(readServiceRssMb(placar));
    }
  } finally {
    await placar.stop();
  }
  const half = Math.floor(samplesMb.length / 2);
  const mean = (values: number[]): number =>
    Math.round((values.reduce((a, b) => a + b, 0) / Math.max(1, values.length)) * 10) / 10;
  log(`  memória: ${samplesMb.length} atualizações, ${samplesMb[0]} → ${samplesMb.at(-1)} MB`);
  return {
    cycles: samplesMb.length,
    samplesMb,
    peakMb: Math.max(...samplesMb),
    firstHalfMeanMb: mean(samplesMb.slice(0, half)),
    secondHalfMeanMb: mean(samplesMb.slice(half)),
  };
}

/** `siteBundle`: the run's site bundle, linked into each phase's DATA_DIR (npm-start.ts); without it each builds its own. */
export async function runDetailGroup(
  plan: DetailPlan,
  log: (line: string) => void,
  siteBundle?: string,
): Promise<DetailGroupResult> {
  const sample = fs.readFileSync(SAMPLE, 'utf8');
  const upstream = await startFakeUpstream({ pages: { '/pagina.html': sample } });
  try {
    const dispatcher = createUpstreamAgent(5000);
    const fetchOne = () =>
      fetchPage(`${upstream.url}/pagina.html`, { dispatcher, timeoutMs: 5000, maxBytes: 5_000_000 });
    const fetch = await measure(plan.pageRepeats, fetchOne);
    await dispatcher.close();
    const finishedPage =
      Object.values(fixtureMatchPages(upstreamDay(0, 'grouped').pages)).find((html) => html.includes('ENCERRADO')) ??
      sample;
    const parseSample = await measure(plan.pageRepeats, () => readMatchPage(sample, `${upstream.url}/pagina.html`));
    const parseFinished = await measure(plan.pageRepeats, () =>
      readMatchPage(finishedPage, `${upstream.url}/pagina.html`),
    );
    log(`  uma página: busca ${fetch.ms.toFixed(2)} ms, leitura ${parseSample.ms.toFixed(2)} ms`);

    const grouped = phasePages('grouped');
    const withoutEnv = { DETAIL_REQUESTS_PER_MINUTE: '0' };
    const without = await runRefreshPhase(upstream, grouped, { env: withoutEnv, siteBundle }, plan.refreshCycles);
    log(`  sem páginas de jogo: mediana ${without.medianMs} ms`);
    let render: PerPage = { ms: 0, allocatedKb: 0 };
    const withDetails = await runRefreshPhase(
      upstream,
      grouped,
      { env: { DETAIL_REQUESTS_PER_MINUTE: '1200' }, siteBundle },
      plan.refreshCycles,
      {
        atEnd: async (placar) => {
          render = await measureRender(placar.dataDir, upstream.url, plan.pageRepeats);
        },
      },
    );
    log(`  com páginas de jogo: mediana ${withDetails.medianMs} ms`);
    const env = { DETAIL_REQUESTS_PER_MINUTE: '1200' };
    const withSpread = await runRefreshPhase(upstream, phasePages('spread'), { env, siteBundle }, plan.refreshCycles);
    log(`  com páginas de jogo, ao vivo espalhados: mediana ${withSpread.medianMs} ms`);
    const memory = await runMemoryPhase(upstream, plan.memoryCycles, log, siteBundle);
    return {
      page: { bytes: Buffer.byteLength(sample), fetch, parseSample, parseFinished, render },
      refresh: {
        matchesPerDay: REFRESH_MATCHES,
        live: LIVE_MATCHES,
        changingPerRefresh: LIVE_MATCHES / 2,
        without,
        with: withDetails,
        withSpread,
      },
      memory,
    };
  } finally {
    await upstream.close();
  }
}
