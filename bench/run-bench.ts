/**
 * `npm run bench`: the six groups of issue 7 in one run, loopback only, bounded in time.
 * Three set-ups are started one after the other (never two at once, so they do not compete
 * for the two cores): a server refreshing back to back (groups 1, 5 and the bytes of 6), a
 * server on a seconds-level schedule (2, 4), and a server that never refreshes next to nginx
 * (3, the browser timings of 6, and the idle baseline of 1).
 */
import { startFakeUpstream } from '../src/demo/upstream-server.ts';
import { startPlacar } from '../test/support/placar-process.ts';
import { buildBenchPlan } from './bench-plan.ts';
import { runBrowserTiming } from './browser-timing.ts';
import { FRESHNESS_MATCHES, runFreshnessGroup } from './freshness-group.ts';
import { readCpuTimes, totalCpuSeconds } from './process-stats.ts';
import { runRefreshGroup, type RefreshGroupResult } from './refresh-group.ts';
import { buildIdleCost, readMachine, summarizeRefreshSizes, writeResults, type BenchResults } from './results.ts';
import { startServingFixture } from './serving-fixture.ts';
import { runServingGroup } from './serving-group.ts';
import { runUpstreamLoadGroup } from './upstream-load-group.ts';
import { buildUpstreamPages } from './upstream-pages.ts';

export const ALL_GROUPS = [1, 2, 3, 4, 5, 6] as const;
export const SERVING_MATCHES = 1_000;

export interface BenchOptions {
  quick: boolean;
  groups: readonly number[];
  outFile: string;
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
        options.log('2. frescor…');
        results.freshness = await runFreshnessGroup(plan, { upstream, placar }, options.log);
      }
      if (options.groups.includes(4)) {
        options.log('4. carga na origem…');
        results.upstreamLoad = await runUpstreamLoadGroup(plan, { upstream, placar, matchesPerDay: FRESHNESS_MATCHES }, options.log);
      }
    } finally {
      await placar.stop();
    }
  } finally {
    await upstream.close();
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
  };

  let refresh: RefreshGroupResult | null = null;
  if (wants(1, 5, 6)) {
    options.log(`1/5/6. atualizações seguidas a ${plan.sizes.join(', ')} jogos/dia…`);
    refresh = await runRefreshGroup(plan, options.log);
  }
  if (wants(2, 4)) await runScheduledGroups(results, options);

  let baseline: { cpuSeconds: number; seconds: number } | null = null;
  let browser = null;
  if (wants(1, 3, 6)) {
    options.log(`3/6. servidor parado com ${SERVING_MATCHES} jogos/dia e nginx…`);
    const fixture = await startServingFixture(SERVING_MATCHES);
    try {
      const pid = fixture.placar.process.pid ?? 0;
      await sleep(1_000);
      const before = totalCpuSeconds(readCpuTimes(pid));
      await sleep(plan.baselineSeconds * 1000);
      baseline = { cpuSeconds: totalCpuSeconds(readCpuTimes(pid)) - before, seconds: plan.baselineSeconds };
      if (wants(6)) browser = await runBrowserTiming(fixture.placar.url, ['/', '/hoje', '/busca?q=flamengo'], plan.browserLoads);
      if (wants(3)) results.serving = await runServingGroup(plan, fixture, options.log);
    } finally {
      await fixture.close();
    }
  }

  if (refresh) {
    const sizes = summarizeRefreshSizes(refresh.cycles, plan.sizes);
    if (wants(1)) results.refresh = { sizes, idle: buildIdleCost(sizes, baseline), cycles: refresh.cycles };
    if (wants(5)) results.memory = { ...refresh.memory, buildPeakMb: Math.max(...refresh.cycles.map((cycle) => cycle.buildPeakMb)) };
    if (wants(6)) results.pageWeight = { bytes: refresh.weights, browser };
  }
  results.durationSeconds = Math.round((performance.now() - started) / 1000);
  writeResults(options.outFile, results);
  return results;
}
