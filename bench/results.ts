/**
 * The shape of a run's JSON (bench/results/<date>.json), and the summaries built from the groups' raw samples:
 * per-size medians and maxima of each refresh step, and the idle cost per minute.
 */
import type { LeanServiceResult } from './serving/lean-service-group.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchPlan } from './bench-plan.ts';
import type { BrowserTiming } from './browser/browser-timing.ts';
import type { FreshnessResult } from './browser/freshness-group.ts';
import type { MeasuredIdle } from './refresh/idle-group.ts';
import type { WeightRow } from './browser/page-weight.ts';
import type { CycleSample, RefreshGroupResult } from './refresh/refresh-group.ts';
import type { EqualWorkersResult } from './serving/equal-workers-group.ts';
import type { DetailGroupResult } from './refresh/detail-group.ts';
import type { EventStreamResult } from './event-stream/event-stream-group.ts';
import type { PushGroupResult } from './push/push-group.ts';
import type { PushpinGroupResult } from './event-stream/pushpin-group.ts';
import type { RefreshLatencyResult } from './refresh/refresh-latency-group.ts';
import type { ServingResult } from './serving/serving-group.ts';
import type { StandingsGroupResult } from './refresh/table-group.ts';
import type { TeamHomeGroupResult } from './refresh/team-home-group.ts';
import type { ScalingResult } from './refresh/scaling-group.ts';
import { summarize, type Summary } from './stats.ts';
import type { UpstreamLoadResult } from './refresh/upstream-load-group.ts';

export interface Machine {
  cpuModel: string;
  cores: number;
  memoryGb: number;
  node: string;
  os: string;
  /** 1-minute load average when the run started: other work on the machine skews every number. */
  loadAverageBefore: number;
}

export interface RefreshSizeSummary {
  matchesPerDay: number;
  cycles: number;
  /** Cycles whose live page came back 304 (the change raced the tick): still counted. */
  unchangedCycles: number;
  stepsMs: Record<'scrape' | 'build' | 'compress' | 'swap' | 'cleanup' | 'total', Summary>;
  cpuSeconds: { server: Summary; build: Summary; total: Summary };
  buildPeakMb: Summary;
}

export interface IdleCost {
  /** Median CPU seconds of one refresh at IDLE_SIZE matches. */
  cpuPerRefreshSeconds: number;
  /** CPU seconds per second of a server with nothing to do (no refresh, no traffic). */
  baselineCpuPerSecond: number;
  baselineSeconds: number;
  /** (one refresh + 60 s of baseline) / 60 s, as % of one core. */
  percentOfOneCore: number;
  matchesPerDay: number;
}

export interface BenchResults {
  mode: 'padrão' | 'rápido' | 'fumaça';
  groups: number[];
  startedAt: string;
  durationSeconds: number;
  machine: Machine;
  loadAverageAfter?: number;
  plan: BenchPlan;
  /** Wall-clock seconds of each set-up. */
  phaseSeconds: Record<string, number>;
  refresh?: { sizes: RefreshSizeSummary[]; idle: IdleCost | null; cycles: CycleSample[] };
  freshness?: FreshnessResult;
  serving?: ServingResult;
  /** Group 7: Placar and nginx with equal worker counts under wrk. */
  equalWorkers?: EqualWorkersResult;
  /** Group 7 again with one Placar process and one nginx worker (issue 49). */
  equalWorkersOneProcess?: EqualWorkersResult;
  events?: EventStreamResult;
  pushpin?: PushpinGroupResult;
  details?: DetailGroupResult;
  /** Group 12: one goal pushed to every subscription following the team. */
  push?: PushGroupResult;
  upstreamLoad?: UpstreamLoadResult;
  /** Group 13: the refresh and the whole service with and without tables. */
  standings?: StandingsGroupResult;
  /** Group 14: the refresh and the service with and without 600 teams' pages held. */
  teamHomes?: TeamHomeGroupResult;
  /** Group 15: the refresh at 1,000 and 5,000 matches a day, side by side. */
  scaling?: ScalingResult;
  memory?: MemorySummary;
  /** Light traffic's latency during refreshes and between them (render pipeline). */
  latency?: RefreshLatencyResult;
  /** Group 8: the whole service as `npm start` runs it at default settings. */
  leanService?: LeanServiceResult;
  /** --idle-minutes: the idle cost measured on the wall clock at the default schedule. */
  measuredIdle?: MeasuredIdle;
  pageWeight?: { bytes: Record<number, WeightRow[]>; browser: BrowserTiming[] | null };
}

export const IDLE_SIZE = 300;

export type MemorySummary = RefreshGroupResult['memory'] & {
  buildPeakMb: number;
  /** The whole service (server + every child, summed) over the cycles at the last size (1,000 matches). */
  service: {
    matchesPerDay: number;
    cycles: number;
    peakMb: number;
    /** Highest per-cycle peak in the first and the second half of the last 50 cycles: equal-ish means flat. */
    last50FirstHalfPeakMb: number;
    last50SecondHalfPeakMb: number;
  };
};

export function summarizeMemory(group: RefreshGroupResult): MemorySummary {
  const lastSize = group.cycles.at(-1)?.size ?? 0;
  const atLast = group.cycles.filter((cycle) => cycle.size === lastSize).map((cycle) => cycle.servicePeakMb);
  const last50 = atLast.slice(-50);
  const half = Math.floor(last50.length / 2);
  const peak = (values: number[]): number => (values.length > 0 ? Math.max(...values) : Number.NaN);
  return {
    ...group.memory,
    buildPeakMb: peak(group.cycles.map((cycle) => cycle.buildPeakMb)),
    service: {
      matchesPerDay: lastSize,
      cycles: atLast.length,
      peakMb: peak(atLast),
      last50FirstHalfPeakMb: peak(last50.slice(0, half)),
      last50SecondHalfPeakMb: peak(last50.slice(half)),
    },
  };
}

export function readMachine(): Machine {
  return {
    cpuModel: os.cpus()[0]?.model.trim() ?? 'desconhecido',
    cores: os.availableParallelism(),
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    loadAverageBefore: readLoadAverage(),
  };
}

export function readLoadAverage(): number {
  return Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
}

export function summarizeRefreshSizes(cycles: readonly CycleSample[], sizes: readonly number[]): RefreshSizeSummary[] {
  return sizes.map((size) => {
    const of = cycles.filter((cycle) => cycle.size === size);
    const pick = (read: (cycle: CycleSample) => number): Summary => summarize(of.map(read));
    return {
      matchesPerDay: size,
      cycles: of.length,
      unchangedCycles: of.filter((cycle) => !cycle.changed).length,
      stepsMs: {
        scrape: pick((c) => c.scrapeMs),
        build: pick((c) => c.buildMs),
        compress: pick((c) => c.compressMs),
        swap: pick((c) => c.swapMs),
        cleanup: pick((c) => c.cleanupMs),
        total: pick((c) => c.totalMs),
      },
      cpuSeconds: {
        server: pick((c) => c.serverCpuSeconds),
        build: pick((c) => c.buildCpuSeconds),
        total: pick((c) => c.serverCpuSeconds + c.buildCpuSeconds),
      },
      buildPeakMb: pick((c) => c.buildPeakMb),
    };
  });
}

export function buildIdleCost(
  sizes: readonly RefreshSizeSummary[],
  baseline: { cpuSeconds: number; seconds: number } | null,
): IdleCost | null {
  const typical = sizes.find((size) => size.matchesPerDay === IDLE_SIZE);
  if (!typical || !baseline) return null;
  const cpuPerRefreshSeconds = typical.cpuSeconds.total.median;
  const baselineCpuPerSecond = baseline.cpuSeconds / baseline.seconds;
  return {
    cpuPerRefreshSeconds,
    baselineCpuPerSecond,
    baselineSeconds: baseline.seconds,
    percentOfOneCore: ((cpuPerRefreshSeconds + 60 * baselineCpuPerSecond) / 60) * 100,
    matchesPerDay: IDLE_SIZE,
  };
}

export function writeResults(file: string, results: BenchResults): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}
