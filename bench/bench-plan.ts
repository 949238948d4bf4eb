/**
 * How much the benchmark measures in each mode. On a quiet 2-core machine the default takes about
 * 30 minutes and --quick about 4 (10 with two busy loops beside it, as in a loaded `.ci/run`);
 * every group says in its output which numbers it used.
 */
import type { DetailPlan } from './refresh/detail-group.ts';
import type { LeanServicePlan } from './serving/lean-service-group.ts';
import type { StandingsPlan } from './refresh/table-group.ts';
import type { TeamHomePlan } from './refresh/team-home-group.ts';
import type { ScalingPlan } from './refresh/scaling-group.ts';

export interface BenchPlan {
  quick: boolean;
  /**
   * Match counts per day, in the order the refresh group runs them (300 last: memory cycles continue at the typical
   * size).
   */
  sizes: readonly number[];
  /** Measured refresh cycles per size (after one warm-up cycle). */
  cyclesPerSize: number;
  /** Refresh cycles at the last size (1,000 matches) through which the whole service's memory is sampled. */
  memoryCycles: number;
  /** Seconds of light traffic whose latency is split into during / between refreshes, per mode. */
  latencySeconds: number;
  /** Seconds the server is watched doing nothing, for the baseline of the idle cost. */
  baselineSeconds: number;
  freshnessChanges: number;
  /** Seconds between scheduled refreshes while measuring freshness (stands for the default minute). */
  freshnessIntervalSeconds: number;
  /** Seconds per load run, and how many alternating Placar/nginx runs per case. */
  servingSeconds: number;
  servingRepeats: number;
  servingConnections: readonly number[];
  /** Group 7 (wrk, equal worker counts): seconds per run and alternating Placar/nginx pairs per connection count. */
  equalWorkersSeconds: number;
  equalWorkersRepeats: number;
  /** Seconds of 1,000 req/s user traffic while counting upstream requests (Placar, then the naive server). */
  upstreamLoadSeconds: number;
  naiveLoadSeconds: number;
  /** Page loads per browser timing. */
  browserLoads: number;
  /** Group 8: refreshes at 300 and 1,000 matches with `npm start`'s defaults, then with WORKERS=2. */
  leanService: LeanServicePlan;
  /** Group 10: open streams held by Placar, then by Pushpin. */
  pushpinStreams: number;
  /** Group 11: the match detail. */
  details: DetailPlan;
  /** Group 12: Web Push subscriptions following the team that scores… */
  pushSubscriptions: number;
  /** …and following other teams (kept, indexed, never pushed). */
  pushOtherSubscriptions: number;
  /** Group 13: the tables. */
  standings: StandingsPlan;
  /** Group 14: the team pages. */
  teamHomes: TeamHomePlan;
  /** Group 15: the refresh at two sizes of day. */
  scaling: ScalingPlan;
}

/** `default` (~30 min), `quick` (~4), `smoke` (CI: quick's numbers, the refresh at two sizes only). */
export type BenchMode = 'default' | 'quick' | 'smoke';

export function buildBenchPlan(mode: BenchMode): BenchPlan {
  const quick = mode !== 'default';
  return quick
    ? {
        quick,
        // A smoke proves the refresh runs at more than one size; the first builds of a 1,000-match day are most of a quick run.
        sizes: mode === 'smoke' ? [30, 300] : [30, 300, 1000],
        cyclesPerSize: 2,
        memoryCycles: 0,
        latencySeconds: 8,
        baselineSeconds: 2,
        freshnessChanges: 3,
        freshnessIntervalSeconds: 4,
        servingSeconds: 1.5,
        servingRepeats: 1,
        servingConnections: [50, 200],
        equalWorkersSeconds: 2,
        equalWorkersRepeats: 1,
        upstreamLoadSeconds: 6,
        naiveLoadSeconds: 3,
        browserLoads: 2,
        leanService: { cyclesAt300: 5, cyclesAt1000: 20, extraWorkerCycles: 4 },
        pushpinStreams: 1_000,
        details: { refreshCycles: 8, memoryCycles: 20, pageRepeats: 50 },
        pushSubscriptions: 1_000,
        pushOtherSubscriptions: 9_000,
        standings: { refreshCycles: 4, memoryCycles: 0, pageRepeats: 50 },
        teamHomes: { refreshCycles: 2 },
        scaling: { sizes: [200, 1000], refreshCycles: 2, intervalSeconds: 10 },
      }
    : {
        quick,
        sizes: [30, 300, 1000],
        cyclesPerSize: 10,
        memoryCycles: 100,
        latencySeconds: 30,
        baselineSeconds: 10,
        freshnessChanges: 20,
        freshnessIntervalSeconds: 4,
        servingSeconds: 3,
        servingRepeats: 2,
        servingConnections: [50, 200],
        equalWorkersSeconds: 5,
        equalWorkersRepeats: 3,
        upstreamLoadSeconds: 20,
        naiveLoadSeconds: 8,
        browserLoads: 5,
        leanService: { cyclesAt300: 10, cyclesAt1000: 100, extraWorkerCycles: 10 },
        pushpinStreams: 10_000,
        details: { refreshCycles: 30, memoryCycles: 100, pageRepeats: 200 },
        pushSubscriptions: 10_000,
        pushOtherSubscriptions: 90_000,
        standings: { refreshCycles: 30, memoryCycles: 100, pageRepeats: 200 },
        teamHomes: { refreshCycles: 40 },
        scaling: { sizes: [1000, 5000], refreshCycles: 6, intervalSeconds: 30 },
      };
}
