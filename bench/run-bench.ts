/**
 * `npm run bench`: the six groups of issue 7 and the equal-workers comparison (7) in one run,
 * loopback only, bounded in time.
 * Three set-ups are started one after the other (never two at once, so they do not compete
 * for the two cores): a server refreshing back to back (groups 1, 5 and the bytes of 6), a
 * server on a seconds-level schedule (2, 4), and a server that never refreshes next to nginx
 * (3, the browser timings of 6, and the idle baseline of 1).
 */
import { startFakeUpstream } from '../src/demo/upstream-server.ts';
import { startPlacar } from '../test/support/placar-process.ts';
import { buildBenchPlan } from './bench-plan.ts';
import { runBrowserTiming, type BrowserTiming } from './browser-timing.ts';
import { runEqualWorkersGroup } from './equal-workers-group.ts';
import { FRESHNESS_MATCHES, runFreshnessGroup } from './freshness-group.ts';
import { runIdleGroup } from './idle-group.ts';
import { readCpuTimes, totalCpuSeconds } from './process-stats.ts';
import { runRefreshGroup, type RefreshGroupResult } from './refresh-group.ts';
import { buildIdleCost, readLoadAverage, readMachine, summarizeRefreshSizes, writeResults, type BenchResults } from './results.ts';
import { startServingFixture } from './serving-fixture.ts';
import { runServingGroup } from './serving-group.ts';
import { runUpstreamLoadGroup } from './upstream-load-group.ts';
import { buildUpstreamPages } from './upstream-pages.ts';

export const ALL_GROUPS = [1, 2, 3, 4, 5, 6, 7] as const;
export const SERVING_MATCHES = 1_000;

export interface BenchOptions {
  quick: boolean;
  groups: readonly number[];
  outFile: string;
  /** Also measure the idle cost on the wall clock for this many minutes (0: no). */
  idleMinutes: number;
  log: (line: string) => void;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function runScheduledGroups(results: BenchResults, options: BenchOptions): Promise<void> {
  const { plan } = results;
  const upstream = await startFakeUpstream({ pages: buildUpstreamPages({ matchesPerDay: FRESHNESS_MATCHES }).pages });
  try {
    const env = { REFRESH_CRON: `*/${plan.freshnessIntervalSeconds} * * * * *`, SEARCH_RATE_LIMIT: '0' };
    const placar = await startPlacar({ upstreamUrl: upstream.url, env, timeoutMs: 180_000 });
    try {
      if (options.groups.includes(2)) {
        results.freshness = await runFreshnessGroup(plan, { upstream, placar }, options.log);
      }
      if (options.groups.includes(4)) {
        results.upstreamLoad = await runUpstreamLoadGroup(plan, { upstream, placar, matchesPerDay: FRESHNESS_MATCHES }, options.log);
      }
    } finally {
      await placar.stop();
    }
  } finally {
    await upstream.close();
  }
}

/** The idle baseline (CPU of a server with nothing to do), the browser timings, then the load runs. */
async function runServingPhase(
  results: BenchResults,
  options: BenchOptions,
): Promise<{ baseline: { cpuSeconds: number; seconds: number }; browser: BrowserTiming[] | null }> {
  const { plan } = results;
  const fixture = await startServingFixture(SERVING_MATCHES);
  try {
    const pid = fixture.placar.process.pid ?? 0;
    await sleep(1_000);
    const before = totalCpuSeconds(readCpuTimes(pid));
    await sleep(plan.baselineSeconds * 1000);
    const baseline = { cpuSeconds: totalCpuSeconds(readCpuTimes(pid)) - before, seconds: plan.baselineSeconds };
    const browser = options.groups.includes(6) ? await runBrowserTiming(fixture.placar.url, ['/', '/hoje', '/busca?q=flamengo'], plan.browserLoads) : null;
    if (options.groups.includes(3)) results.serving = await runServingGroup(plan, fixture, options.log);
    return { baseline, browser };
  } finally {
    await fixture.close();
  }
}

export async function runBench(options: BenchOptions): Promise<BenchResults> {
  const plan = buildBenchPlan(options.quick);
  const started = performance.now();
  const wants = (...groups: number[]): boolean => groups.some((group) => options.groups.includes(group));
  const results: BenchResults = {
    mode: options.quick ? 'rápido' : 'padrão',
    groups: [...options.groups],
    startedAt: new Date().toISOString(),
    durationSeconds: 0,
    machine: readMachine(),
    plan,
    phaseSeconds: {},
  };

  const phase = async <T>(title: string, run: () => Promise<T>): Promise<T> => {
    const mark = performance.now();
    options.log(`${title}…`);
    const value = await run();
    const seconds = Math.round((performance.now() - mark) / 1000);
    results.phaseSeconds[title] = seconds;
    options.log(`  (${seconds} s)`);
    return value;
  };

  let refresh: RefreshGroupResult | null = null;
  if (wants(1, 5, 6)) refresh = await phase(`1/5/6. atualizações seguidas a ${plan.sizes.join(', ')} jogos/dia`, () => runRefreshGroup(plan, options.log));
  if (wants(2, 4)) await phase('2/4. agenda de segundos: frescor e carga na origem', () => runScheduledGroups(results, options));

  const idle = wants(1, 3, 6)
    ? await phase(`1/3/6. servidor parado com ${SERVING_MATCHES} jogos/dia e nginx`, () => runServingPhase(results, options))
    : { baseline: null, browser: null };

  if (wants(7)) {
    results.equalWorkers = await phase('7. mesmos processos: Placar (WORKERS) e nginx (worker_processes) sob wrk', () =>
      runEqualWorkersGroup(plan, SERVING_MATCHES, options.log),
    );
  }

  if (refresh) {
    const sizes = summarizeRefreshSizes(refresh.cycles, plan.sizes);
    if (wants(1)) results.refresh = { sizes, idle: buildIdleCost(sizes, idle.baseline), cycles: refresh.cycles };
    if (wants(5)) results.memory = { ...refresh.memory, buildPeakMb: Math.max(...refresh.cycles.map((cycle) => cycle.buildPeakMb)) };
    if (wants(6)) results.pageWeight = { bytes: refresh.weights, browser: idle.browser };
  }
  if (options.idleMinutes > 0) {
    results.measuredIdle = await phase(`custo ocioso no relógio, ${options.idleMinutes} min`, () => runIdleGroup(options.idleMinutes, options.log));
  }
  results.durationSeconds = Math.round((performance.now() - started) / 1000);
  results.loadAverageAfter = readLoadAverage();
  writeResults(options.outFile, results);
  return results;
}
