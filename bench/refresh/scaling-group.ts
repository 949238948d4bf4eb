/**
 * Group 15 (issue 49): how the refresh grows with the day. The same generated day at two sizes in one run
 * (1,000 then 5,000 matches a day; --quick: 200 then 1,000): today's, tomorrow's and yesterday's listings of that
 * many matches each, one in five of today's in play and changing score at every refresh, so each size makes a
 * fifth of its day's match files again each time. `npm start` at its defaults, a refresh every `intervalSeconds`,
 * no page read beyond the listings (DETAIL_REQUESTS_PER_MINUTE=0: the match pages' budget does not grow with the
 * day). The interval is long enough for the larger day's refresh: a listing read more than three intervals before
 * the render is stale, and a listing turning stale or fresh makes all its matches' files again. Each
 * size starts on a fresh DATA_DIR, the run's one site bundle linked in; the first refreshes (every match's files
 * made once) are not measured. Target: the refresh at the larger size ≤ 6× the one at the smaller (5× the matches).
 */
import { startFakeUpstream } from '../../src/demo/upstream-server.ts';
import { buildUpstreamPages } from '../upstream-pages.ts';
import { runRefreshPhase, type RefreshPhase } from './detail-group.ts';

export interface ScalingPlan {
  /** Matches a day: the smaller size, then the larger. */
  sizes: readonly [number, number];
  /** Measured refresh cycles per size (after the warm-up ones). */
  refreshCycles: number;
  /** Seconds between two refreshes (REFRESH_CRON). */
  intervalSeconds: number;
}

export interface ScalingSize {
  matchesPerDay: number;
  phase: RefreshPhase;
}

export interface ScalingResult {
  sizes: [ScalingSize, ScalingSize];
  /** The larger size's median refresh over the smaller's. */
  ratio: number;
  /** The same for the whole service's CPU per refresh. */
  cpuRatio: number;
}

/** The larger size's refresh may take this many times the smaller's (it has 5× the matches). */
export const SCALING_TARGET_RATIO = 6;
/** A 5,000-match day's first refresh makes some 15,000 matches' files: far past the harness's default wait. */
const REFRESH_TIMEOUT_MS = 900_000;

async function measureSize(matchesPerDay: number, plan: ScalingPlan, siteBundle: string): Promise<ScalingSize> {
  const day = (round: number): Record<string, string> => buildUpstreamPages({ matchesPerDay, round }).pages;
  const upstream = await startFakeUpstream({ pages: {} });
  try {
    const phase = await runRefreshPhase(
      upstream,
      { first: day(0), round: day },
      {
        env: { DETAIL_REQUESTS_PER_MINUTE: '0', REFRESH_CRON: `*/${plan.intervalSeconds} * * * * *` },
        siteBundle,
        timeoutMs: REFRESH_TIMEOUT_MS,
      },
      plan.refreshCycles,
    );
    return { matchesPerDay, phase };
  } finally {
    await upstream.close();
  }
}

/** `siteBundle`: the run's site bundle (run-bench.ts builds it once for the groups that start `npm start`). */
export async function runScalingGroup(
  plan: ScalingPlan,
  log: (line: string) => void,
  siteBundle: string,
): Promise<ScalingResult> {
  const sizes: ScalingSize[] = [];
  for (const matchesPerDay of plan.sizes) {
    const size = await measureSize(matchesPerDay, plan, siteBundle);
    const { phase } = size;
    log(
      `  ${matchesPerDay} jogos/dia: mediana ${phase.medianMs} ms (máx. ${phase.maxMs}), coleta ${phase.medianScrapeMs}, ` +
        `build ${phase.medianBuildMs}, compressão ${phase.medianCompressMs}, ${phase.matchesRenderedPerRefresh} jogos renderizados, CPU ${phase.cpuMsPerRefresh} ms`,
    );
    sizes.push(size);
  }
  const [small, large] = sizes as [ScalingSize, ScalingSize];
  const ratioOf = (read: (phase: RefreshPhase) => number): number =>
    Math.round((read(large.phase) / Math.max(1, read(small.phase))) * 100) / 100;
  return {
    sizes: [small, large],
    ratio: ratioOf((phase) => phase.medianMs),
    cpuRatio: ratioOf((phase) => phase.cpuMsPerRefresh),
  };
}
