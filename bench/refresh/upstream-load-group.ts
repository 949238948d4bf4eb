/**
 * Group 4: upstream requests while users send 1,000 req/s (pages, API listings, searches).
 * Placar runs on a seconds-level schedule standing for the default minute, its live and today
 * pages changing before every refresh: the user traffic adds nothing upstream, so the rate at
 * the default schedule is the requests per refresh × 1 refresh a minute. The reference is a
 * naive scrape-per-request server under the same offered traffic. The yesterday listing goes on
 * its own slot (YESTERDAY_REFRESH_SECONDS: here YESTERDAY_SLOT_REFRESHES refreshes, by default an
 * hour): it is counted apart, as requests per slot, so the default load reads "3 a minute + 1 an hour".
 * Match pages (issue 26) are counted apart too, against their own budget (DETAIL_REQUESTS_PER_MINUTE, 20
 * in any 60 s by default): the most the window saw in any 60 s.
 */
import type { FakeUpstream } from '../../src/demo/upstream-server.ts';
import type { PlacarProcess } from '../../harness/placar-process.ts';
import type { BenchPlan } from '../bench-plan.ts';
import { runLoad, type LoadResult } from '../serving/load.ts';
import { spawnNaiveServer } from './naive-server.ts';
import { readRefreshLines } from '../refresh-lines.ts';
import { SEARCH_PATHS } from '../serving/serving-group.ts';
import { buildUpstreamPages } from '../upstream-pages.ts';
import { LISTING_PATHS } from '../../src/lib/model/model.ts';

/** The bench's yesterday slot, in refreshes (at the default schedule it is 60: an hour). */
export const YESTERDAY_SLOT_REFRESHES = 2;

const USER_RATE = 1_000;
const USER_CONNECTIONS = 50;
const USER_PATHS = [
  '/',
  '/api/live',
  '/hoje',
  '/api/hoje',
  '/busca',
  SEARCH_PATHS[0] ?? '/api/busca?q=flamengo',
  '/api/amanha',
  SEARCH_PATHS[4] ?? '/api/busca?q=serie%20a',
];

export interface UpstreamLoadSide {
  seconds: number;
  /** What the load generator achieved (the naive server may not keep up). */
  served: Pick<LoadResult, 'requestsPerSecond' | 'latencyMs' | 'failures'>;
  upstreamRequests: number;
  /** At the actual schedule of the run. */
  upstreamPerMinute: number;
}

export interface UpstreamLoadResult {
  placar: UpstreamLoadSide & {
    refreshes: number;
    perRefresh: number;
    /** Of those, conditional requests (answered 304 when the page had not changed). */
    conditional: number;
    /** Refreshes that ended in the window, as the server logged them. */
    refreshesLogged: number;
    /** At the default one-minute schedule: perRefresh × 1 (the minute listings; ontem apart). */
    perMinuteAtDefaultSchedule: number;
    /** Requests for the yesterday listing in the window, and its slots the window touched. */
    yesterdayRequests: number;
    yesterdaySlots: number;
    /** At most 1 per slot means at most 1 an hour at the default YESTERDAY_REFRESH_SECONDS. */
    yesterdayPerSlot: number;
    /** Match-page requests in the window (their own budget, DETAIL_REQUESTS_PER_MINUTE), and the most in any 60 s. */
    matchPageRequests?: number;
    matchPagesMostInAMinute?: number;
  };
  naive: UpstreamLoadSide;
}

function countSince(upstream: FakeUpstream, from: number, to: number): number {
  return upstream.requests.filter((request) => request.at >= from && request.at < to).length;
}

export async function runUpstreamLoadGroup(
  plan: BenchPlan,
  env: { upstream: FakeUpstream; placar: PlacarProcess; matchesPerDay: number },
  log: (line: string) => void,
): Promise<UpstreamLoadResult> {
  const { upstream, placar } = env;
  let round = 100;
  const change = (): void => {
    const { pages } = buildUpstreamPages({ matchesPerDay: env.matchesPerDay, round: round++ });
    for (const [path, html] of Object.entries(pages)) upstream.setPage(path, html);
  };
  const interval = plan.freshnessIntervalSeconds * 1000;
  // Half an interval off the ticks: every refresh finds changed live and today pages.
  let changer: NodeJS.Timeout | undefined;
  const offset = setTimeout(
    () => {
      change();
      changer = setInterval(change, interval);
    },
    interval - ((Date.now() + interval / 2) % interval),
  );
  const linesBefore = readRefreshLines(placar).length;
  const from = Date.now();
  let placarLoad: LoadResult;
  try {
    placarLoad = await runLoad({
      url: placar.url,
      connections: USER_CONNECTIONS,
      durationSeconds: plan.upstreamLoadSeconds,
      paths: USER_PATHS,
      overallRate: USER_RATE,
    });
  } finally {
    clearTimeout(offset);
    clearInterval(changer);
  }
  const to = Date.now();
  const all = upstream.requests.filter((request) => request.at >= from && request.at < to);
  const isYesterday = (request: { path: string }): boolean => request.path === LISTING_PATHS.ontem;
  const isListing = (request: { path: string }): boolean =>
    (Object.values(LISTING_PATHS) as string[]).includes(request.path.split('?')[0] ?? '');
  // Match pages (issue 26) have their own budget: counted apart from the minute's listings.
  const matchPages = all.filter((request) => !isListing(request) && request.path.endsWith('.html'));
  const matchPagesMostInAMinute = Math.max(
    0,
    ...matchPages.map(
      (request) => matchPages.filter((other) => other.at >= request.at && other.at < request.at + 60_000).length,
    ),
  );
  const inWindow = all.filter((request) => isListing(request) && !isYesterday(request));
  const yesterdayRequests = all.filter(isYesterday).length;
  const slotMs = interval * YESTERDAY_SLOT_REFRESHES;
  const yesterdaySlots = Math.floor((to - 1) / slotMs) - Math.floor(from / slotMs) + 1;
  // A refresh's requests all fall just after its tick: one tick, one refresh.
  const refreshes = new Set(inWindow.map((request) => Math.floor(request.at / interval))).size;
  const notModified = inWindow.filter((request) => request.headers['if-none-match'] !== undefined).length;
  const refreshed = readRefreshLines(placar).slice(linesBefore);
  const perRefresh = refreshes > 0 ? inWindow.length / refreshes : Number.NaN;
  const seconds = (to - from) / 1000;
  log(
    `  Placar: ${Math.round(placarLoad.requestsPerSecond)} req/s servidas, ${inWindow.length} pedidos à origem em ${refreshes} atualizações`,
  );
  log(`  ontem: ${yesterdayRequests} pedidos em ${yesterdaySlots} intervalos dela`);
  log(`  páginas de jogo: ${matchPages.length} pedidos, no máximo ${matchPagesMostInAMinute} em 60 s`);

  const naive = await spawnNaiveServer(upstream.url);
  let naiveLoad: LoadResult;
  const naiveFrom = Date.now();
  try {
    naiveLoad = await runLoad({
      url: naive.url,
      connections: USER_CONNECTIONS,
      durationSeconds: plan.naiveLoadSeconds,
      paths: USER_PATHS,
      overallRate: USER_RATE,
    });
  } finally {
    await naive.close();
  }
  const naiveTo = Date.now();
  const naiveRequests = countSince(upstream, naiveFrom, naiveTo);
  const naiveSeconds = (naiveTo - naiveFrom) / 1000;
  log(`  ingênuo: ${Math.round(naiveLoad.requestsPerSecond)} req/s servidas, ${naiveRequests} pedidos à origem`);
  const served = (load: LoadResult): UpstreamLoadSide['served'] => ({
    requestsPerSecond: load.requestsPerSecond,
    latencyMs: load.latencyMs,
    failures: load.failures,
  });
  return {
    placar: {
      seconds,
      served: served(placarLoad),
      upstreamRequests: inWindow.length,
      upstreamPerMinute: (inWindow.length / seconds) * 60,
      refreshes,
      refreshesLogged: refreshed.length,
      perRefresh,
      conditional: notModified,
      perMinuteAtDefaultSchedule: perRefresh,
      yesterdayRequests,
      yesterdaySlots,
      yesterdayPerSlot: yesterdayRequests / yesterdaySlots,
      matchPageRequests: matchPages.length,
      matchPagesMostInAMinute,
    },
    naive: {
      seconds: naiveSeconds,
      served: served(naiveLoad),
      upstreamRequests: naiveRequests,
      upstreamPerMinute: (naiveRequests / naiveSeconds) * 60,
    },
  };
}
