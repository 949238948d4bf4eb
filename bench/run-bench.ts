/**
 * `npm run bench`: the six groups of issue 7 and the equal-workers comparison (7) in one run,
 * loopback only, bounded in time.
 * Set-ups are started one after the other (never two at once, so they do not compete for the
 * two cores): a server refreshing back to back (groups 1, 5 and the bytes of 6), a server on a
 * seconds-level schedule (2, 4, and the latency during / between refreshes), and a server that
 * never refreshes next to nginx (3, the browser timings of 6, and the idle baseline of 1).
 * Refresh figures are read against issue 22's absolute targets; the last side-by-side run with
 * the earlier full `astro build` pipeline is bench/results/2026-11-23-render-vs-full-build.json.
 */
import fs from 'node:fs';
import { startFakeUpstream } from '../src/demo/upstream-server.ts';
import { PROJECT_ROOT, startPlacar } from '../harness/placar-process.ts';
import { buildSharedSiteBundle } from '../harness/shared-site-bundle.ts';
import { buildBenchPlan, type BenchMode } from './bench-plan.ts';
import { runBrowserTiming, type BrowserTiming } from './browser/browser-timing.ts';
import { runEqualWorkersGroup } from './serving/equal-workers-group.ts';
import { runDetailGroup } from './refresh/detail-group.ts';
import { runEventStreamGroup } from './event-stream/event-stream-group.ts';
import { FRESHNESS_MATCHES, runFreshnessGroup, type FreshnessResult } from './browser/freshness-group.ts';
import { runIdleGroup } from './refresh/idle-group.ts';
import { runLeanServiceGroup } from './serving/lean-service-group.ts';
import { runPushGroup } from './push/push-group.ts';
import { runPushpinGroup } from './event-stream/pushpin-group.ts';
import { readServiceCpuSeconds } from '../harness/process-stats.ts';
import { runRefreshGroup, type RefreshGroupResult } from './refresh/refresh-group.ts';
import { runRefreshLatencyGroup, type RefreshLatencyResult } from './refresh/refresh-latency-group.ts';
import { runStandingsGroup } from './refresh/table-group.ts';
import { runTeamHomeGroup } from './refresh/team-home-group.ts';
import { runScalingGroup } from './refresh/scaling-group.ts';
import {
  buildIdleCost,
  readLoadAverage,
  readMachine,
  summarizeMemory,
  summarizeRefreshSizes,
  writeResults,
  type BenchResults,
} from './results.ts';
import { startServingFixture } from './serving/serving-fixture.ts';
import { runServingGroup } from './serving/serving-group.ts';
import { runUpstreamLoadGroup, YESTERDAY_SLOT_REFRESHES } from './refresh/upstream-load-group.ts';
import { buildUpstreamPages } from './upstream-pages.ts';

export const ALL_GROUPS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] as const;
/**
 * `--smoke` (CI): the refresh at two sizes with its memory, and a goal's Web Push, in the quick plan's numbers.
 * Groups 14 and 15 start `npm start` on a whole day twice each: minutes, not a smoke.
 */
export const SMOKE_GROUPS = [5, 12] as const;
export const SERVING_MATCHES = 1_000;
const MODE_NAMES = { default: 'padrão', quick: 'rápido', smoke: 'fumaça' } as const satisfies Record<BenchMode, string>;

export interface BenchOptions {
  mode: BenchMode;
  groups: readonly number[];
  outFile: string;
  /** Also measure the idle cost on the wall clock for this many minutes (0: no). */
  idleMinutes: number;
  log: (line: string) => void;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function runScheduledGroups(
  results: BenchResults,
  options: BenchOptions,
): Promise<{ freshness?: FreshnessResult; latency?: RefreshLatencyResult }> {
  const { plan } = results;
  const measured: { freshness?: FreshnessResult; latency?: RefreshLatencyResult } = {};
  const upstream = await startFakeUpstream({ pages: buildUpstreamPages({ matchesPerDay: FRESHNESS_MATCHES }).pages });
  try {
    const env = {
      REFRESH_CRON: `*/${plan.freshnessIntervalSeconds} * * * * *`,
      SEARCH_RATE_LIMIT: '0',
      // ontem's slot, short enough that group 4's window spans several (the default is an hour).
      YESTERDAY_REFRESH_SECONDS: String(plan.freshnessIntervalSeconds * YESTERDAY_SLOT_REFRESHES),
    };
    const placar = await startPlacar({ upstreamUrl: upstream.url, env, timeoutMs: 180_000 });
    try {
      if (options.groups.includes(2)) {
        measured.freshness = await runFreshnessGroup(plan, { upstream, placar }, options.log);
        measured.latency = await runRefreshLatencyGroup(
          plan.latencySeconds,
          { upstream, placar, matchesPerDay: FRESHNESS_MATCHES, intervalSeconds: plan.freshnessIntervalSeconds },
          options.log,
        );
      }
      if (options.groups.includes(4)) {
        results.upstreamLoad = await runUpstreamLoadGroup(
          plan,
          { upstream, placar, matchesPerDay: FRESHNESS_MATCHES },
          options.log,
        );
      }
      return measured;
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
    const before = readServiceCpuSeconds(pid);
    await sleep(plan.baselineSeconds * 1000);
    const baseline = { cpuSeconds: readServiceCpuSeconds(pid) - before, seconds: plan.baselineSeconds };
    const browser = options.groups.includes(6)
      ? await runBrowserTiming(fixture.placar.url, ['/', '/hoje', '/busca?q=flamengo'], plan.browserLoads)
      : null;
    if (options.groups.includes(3)) results.serving = await runServingGroup(plan, fixture, options.log);
    return { baseline, browser };
  } finally {
    await fixture.close();
  }
}

type Phase = <T>(title: string, run: () => Promise<T>) => Promise<T>;

/**
 * Groups 11, 13, 14 and 15 start `npm start` on fresh data folders, fourteen times between them: the site bundle (`astro
 * build`) is built once for all of them and linked into each (npm-start.ts), not built again by each start's first
 * refresh.
 */
async function runBundleSharingGroups(results: BenchResults, options: BenchOptions, phase: Phase): Promise<void> {
  const { plan } = results;
  if (![11, 13, 14, 15].some((group) => options.groups.includes(group))) return;
  const siteBundle = await phase('pacote do site (astro build), uma vez para os grupos 11, 13 e 14', () =>
    buildSharedSiteBundle(PROJECT_ROOT),
  );
  try {
    if (options.groups.includes(11)) {
      const title = '11. detalhe das partidas: uma página, a atualização com e sem páginas de jogo, a memória';
      results.details = await phase(title, () => runDetailGroup(plan.details, options.log, siteBundle));
    }
    if (options.groups.includes(13)) {
      const title = '13. tabelas: a atualização com e sem tabelas a 400 jogos/dia, a memória a 1.000 com 100 tabelas';
      results.standings = await phase(title, () => runStandingsGroup(plan.standings, options.log, siteBundle));
    }
    if (options.groups.includes(14)) {
      const title = '14. páginas de times: a atualização a 400 jogos/dia sem e com 600 times guardados, a memória';
      results.teamHomes = await phase(title, () => runTeamHomeGroup(plan.teamHomes, options.log, siteBundle));
    }
    if (options.groups.includes(15)) {
      const [small, large] = plan.scaling.sizes;
      const title = `15. a atualização a ${small} e a ${large} jogos/dia, lado a lado (npm start)`;
      results.scaling = await phase(title, () => runScalingGroup(plan.scaling, options.log, siteBundle));
    }
  } finally {
    fs.rmSync(siteBundle, { recursive: true, force: true });
  }
}

export async function runBench(options: BenchOptions): Promise<BenchResults> {
  const plan = buildBenchPlan(options.mode);
  const started = performance.now();
  const wants = (...groups: number[]): boolean => groups.some((group) => options.groups.includes(group));
  const results: BenchResults = {
    mode: MODE_NAMES[options.mode],
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
  if (wants(1, 5, 6)) {
    refresh = await phase(`1/5/6. atualizações seguidas a ${plan.sizes.join(', ')} jogos/dia (render)`, () =>
      runRefreshGroup(plan, options.log),
    );
  }
  if (wants(2, 4)) {
    const rendered = await phase('2/4. agenda de segundos: frescor, latência e carga na origem (render)', () =>
      runScheduledGroups(results, options),
    );
    results.freshness = rendered.freshness;
    results.latency = rendered.latency;
  }

  const idle = wants(1, 3, 6)
    ? await phase(`1/3/6. servidor parado com ${SERVING_MATCHES} jogos/dia e nginx`, () =>
        runServingPhase(results, options),
      )
    : { baseline: null, browser: null };

  if (wants(7)) {
    results.equalWorkers = await phase('7. mesmos processos: Placar (WORKERS) e nginx (worker_processes) sob wrk', () =>
      runEqualWorkersGroup(plan, SERVING_MATCHES, options.log),
    );
    results.equalWorkersOneProcess = await phase(
      '7. um processo: Placar (WORKERS=1) e um worker do nginx sob wrk',
      () => runEqualWorkersGroup(plan, SERVING_MATCHES, options.log, 1),
    );
  }

  if (wants(8)) {
    const title = '8. o serviço inteiro com npm start padrão: memória por processo, atualização e busca após a troca';
    results.leanService = await phase(title, () => runLeanServiceGroup(plan.leanService, options.log));
  }

  if (wants(9)) {
    const title =
      '9. fluxo de eventos: 1.000, 5.000 e 10.000 conexões, memória e latência (evento e aviso de build) após a troca';
    results.events = await phase(title, () => runEventStreamGroup(options.log));
  }

  if (wants(10)) {
    const title = `10. fluxos no Pushpin e no Placar, lado a lado: ${plan.pushpinStreams} conexões, memória e latência`;
    results.pushpin = await phase(title, () => runPushpinGroup(options.log, plan.pushpinStreams));
  }

  await runBundleSharingGroups(results, options, phase);

  if (wants(12)) {
    const total = plan.pushSubscriptions + plan.pushOtherSubscriptions;
    const title = `12. Web Push: ${total} inscrições, ${plan.pushSubscriptions} seguindo o time do gol`;
    results.push = await phase(title, () =>
      runPushGroup(plan.pushSubscriptions, plan.pushOtherSubscriptions, options.log),
    );
  }

  if (refresh) {
    const sizes = summarizeRefreshSizes(refresh.cycles, plan.sizes);
    if (wants(1)) results.refresh = { sizes, idle: buildIdleCost(sizes, idle.baseline), cycles: refresh.cycles };
    if (wants(5)) results.memory = summarizeMemory(refresh);
    if (wants(6)) results.pageWeight = { bytes: refresh.weights, browser: idle.browser };
  }
  if (options.idleMinutes > 0) {
    results.measuredIdle = await phase(`custo ocioso no relógio, ${options.idleMinutes} min`, () =>
      runIdleGroup(options.idleMinutes, options.log),
    );
  }
  results.durationSeconds = Math.round((performance.now() - started) / 1000);
  results.loadAverageAfter = readLoadAverage();
  writeResults(options.outFile, results);
  return results;
}
