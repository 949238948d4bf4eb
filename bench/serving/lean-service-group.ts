/**
 * Group 8 (issue 22): the whole service as `npm start` runs it at its default settings (only the
 * schedule is faster, and the search limit is off for the load), against generated upstream pages.
 * - Refresh: median wall time at 300 and 1,000 matches a day, CPU per refresh at 300 (every process).
 * - Memory: the RSS of each process sampled every 100 ms and summed per role; the peak of the sum of
 *   Placar's processes (npm's wrapper on its own line), and whether it stays flat over the last half.
 * - Search: steady /api/busca traffic through the 1,000-match phase; each answer is put in "the
 *   second after a swap" (a new snapshot.json or a new build, whichever the server may pick up) or
 *   "between swaps", p99 of both. Requests carry an If-None-Match of no ETag, so the server's
 *   one-second replay cache never answers them: both windows measure the search itself.
 * - Then a short run with WORKERS=2: what each extra server process holds.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { startFakeUpstream, type FakeUpstream } from '../../src/demo/upstream-server.ts';
import type { PlacarProcess } from '../../harness/placar-process.ts';
import { listServiceProcesses, startWithNpm, type ServiceRole } from '../npm-start.ts';
import { readMemoryKb, readServiceCpuSeconds, readSmapsKb } from '../../harness/process-stats.ts';
import { waitForRefresh, type RefreshLine } from '../refresh-lines.ts';
import { median, quantile } from '../stats.ts';
import { buildUpstreamPages } from '../upstream-pages.ts';

export interface LeanServicePlan {
  cyclesAt300: number;
  cyclesAt1000: number;
  extraWorkerCycles: number;
}

export interface LeanServiceResult {
  cyclesAt300: number;
  cyclesAt1000: number;
  refreshMedianMs: { at300: number; at1000: number };
  cpuPerRefreshAt300Seconds: number;
  /** Peak RSS per role (MB; summed over the role's processes), and of all Placar processes together. */
  peakByRoleMb: Partial<Record<ServiceRole, number>>;
  peakPlacarMb: number;
  /** The same sum in PSS: pages shared between Placar's processes (the Node binary) counted once. */
  peakPlacarPssMb: number;
  /** Highest Placar total in the first and the second half of the last half of the 1,000-match cycles. */
  lastHalfPeaksMb: [number, number];
  processCount: number;
  /** The server's RSS at the end of the 1,000-match phase: files (the Node binary) and anonymous memory. */
  serverAtEnd: { rssMb: number; fileMb: number; anonymousMb: number } | null;
  search: {
    afterSwapP99Ms: number;
    betweenP99Ms: number;
    /** Of the answers "between swaps", those that overlapped a refresh at work (informative). */
    duringRefreshP99Ms: number;
    afterSwapCount: number;
    betweenCount: number;
    duringRefreshCount: number;
    errors: number;
  };
  extraWorker: {
    workers: number;
    /** Peak of one cluster process: its RSS, its PSS and its private (unique) memory. */
    perWorkerPeakMb: number;
    perWorkerPeakPssMb: number;
    perWorkerPeakPrivateMb: number;
    peakPlacarMb: number;
  } | null;
}

const SAMPLE_MS = 100;
const AFTER_SWAP_MS = 1_000;
const SEARCH_WORDS = [
  'flamengo',
  'palmeiras',
  'serie a',
  'libertadores',
  'corinthians',
  'santos',
  'gremio',
  'copa',
  'sao paulo',
  'premier',
];
const mb = (kb: number): number => Math.round(kb / 102.4) / 10;

/** Samples RSS per role; `totals` holds the Placar sum (npm excluded) of each sample, `pssTotals` the same in PSS. */
function watchRoles(npmPid: number): {
  peaks: Map<ServiceRole, number>;
  totals: number[];
  pssTotals: number[];
  processes: Set<number>;
  stop(): void;
} {
  const peaks = new Map<ServiceRole, number>();
  const totals: number[] = [];
  const pssTotals: number[] = [];
  const processes = new Set<number>();
  const timer = setInterval(() => {
    const byRole = new Map<ServiceRole, number>();
    let pss = 0;
    for (const { pid, role } of listServiceProcesses(npmPid)) {
      if (role !== 'npm') {
        processes.add(pid);
        pss += readSmapsKb(pid)?.pss ?? 0;
      }
      byRole.set(role, (byRole.get(role) ?? 0) + (readMemoryKb(pid)?.rss ?? 0));
    }
    let total = 0;
    for (const [role, kb] of byRole) {
      peaks.set(role, Math.max(peaks.get(role) ?? 0, kb));
      if (role !== 'npm') total += kb;
    }
    totals.push(total);
    pssTotals.push(pss);
  }, SAMPLE_MS);
  return { peaks, totals, pssTotals, processes, stop: () => clearInterval(timer) };
}

/** Times when the server could first see new data: snapshot.json rewritten or `current` re-pointed. */
function watchSwaps(dataDir: string): { times: number[]; stop(): void } {
  const times: number[] = [];
  let last = '';
  const timer = setInterval(() => {
    let key = '';
    try {
      const stats = fs.statSync(path.join(dataDir, 'snapshot.json'));
      key = `${stats.ino}:${stats.mtimeMs}:${fs.readlinkSync(path.join(dataDir, 'current'))}`;
    } catch {
      return;
    }
    if (key !== last) times.push(Date.now());
    last = key;
  }, 10);
  return { times, stop: () => clearInterval(timer) };
}

/** Two sequential clients searching, ~100 requests a second in all, until stopped. */
function loadSearch(url: string): {
  samples: Array<{ at: number; ms: number }>;
  errors: () => number;
  stop(): Promise<void>;
} {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const samples: Array<{ at: number; ms: number }> = [];
  let errors = 0;
  let running = true;
  const one = (q: string): Promise<void> =>
    new Promise((resolve) => {
      const at = Date.now();
      const started = performance.now();
      const target = new URL(`/api/busca?q=${encodeURIComponent(q)}`, url);
      const req = http.get(
        target,
        { agent, headers: { 'accept-encoding': 'br, gzip', 'if-none-match': '"bench-no-such-etag"' } },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) samples.push({ at, ms: performance.now() - started });
            else errors += 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  const client = async (offset: number): Promise<void> => {
    for (let i = offset; running; i += 1) {
      await one(SEARCH_WORDS[i % SEARCH_WORDS.length] ?? 'flamengo');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const clients = [client(0), client(5)];
  return {
    samples,
    errors: () => errors,
    async stop() {
      running = false;
      await Promise.all(clients);
      agent.destroy();
    },
  };
}

function p99(values: number[]): number {
  return quantile(values, 0.99);
}

async function runCycles(
  placar: PlacarProcess,
  upstream: FakeUpstream,
  from: number,
  count: number,
  size: number,
  round: { n: number },
): Promise<RefreshLine[]> {
  const lines: RefreshLine[] = [];
  for (let n = from; n < from + count; n++) {
    const line = await waitForRefresh(placar, n);
    // At once, before the next tick: every refresh has changed live and today pages to render.
    for (const [page, html] of Object.entries(buildUpstreamPages({ matchesPerDay: size, round: round.n++ }).pages))
      upstream.setPage(page, html);
    lines.push(line);
  }
  return lines;
}

/** When each refresh was at work: from its scrape's start to the end of its cleanup (its log line). */
function refreshWindows(lines: RefreshLine[]): Array<readonly [number, number]> {
  return lines
    .filter((line) => line.buildStartedAt !== null)
    .map((line) => {
      const buildStart = line.buildStartedAt ?? 0;
      const after = line.buildMs + line.compressMs + line.swapMs + line.cleanupMs;
      return [buildStart - line.scrapeMs, buildStart + after] as const;
    });
}

/** Medians over refreshes that built something (a 304 on every page builds nothing). */
const builtMedian = (lines: RefreshLine[]): number =>
  median(lines.filter((line) => line.outcome === 'concluída').map((line) => line.totalMs));

export async function runLeanServiceGroup(
  plan: LeanServicePlan,
  log: (line: string) => void,
): Promise<LeanServiceResult> {
  const round = { n: 1 };
  const upstream = await startFakeUpstream({ pages: buildUpstreamPages({ matchesPerDay: 300, round: 0 }).pages });
  try {
    const schedule = { UPSTREAM_URL: upstream.url, REFRESH_CRON: '*/2 * * * * *', SEARCH_RATE_LIMIT: '0' };
    const placar = await startWithNpm(schedule);
    const npmPid = placar.process.pid ?? 0;
    const roles = watchRoles(npmPid);
    const swaps = watchSwaps(placar.dataDir);
    let search: ReturnType<typeof loadSearch> | null = null;
    try {
      // 300 matches: one warm-up refresh, then the measured ones (CPU of every process but npm's).
      await runCycles(placar, upstream, 2, 1, 300, round);
      // The server (or cluster primary) and every process under it: all of Placar but npm's wrapper.
      const serverPid = listServiceProcesses(npmPid).find((p) => p.role === 'servidor')?.pid ?? npmPid;
      const cpuBefore = readServiceCpuSeconds(serverPid);
      const at300 = await runCycles(placar, upstream, 3, plan.cyclesAt300, 300, round);
      const cpuAt300 = readServiceCpuSeconds(serverPid) - cpuBefore;
      log(
        `  300 jogos: ${at300.length} atualizações, mediana ${builtMedian(at300)} ms, CPU ${(cpuAt300 / at300.length).toFixed(2)} s cada`,
      );
      // 1,000 matches, with search traffic: a warm-up refresh, then the memory and search sample.
      const first1000 = 3 + plan.cyclesAt300;
      await runCycles(placar, upstream, first1000, 1, 1000, round);
      const totalsFrom = roles.totals.length;
      search = loadSearch(placar.url);
      const cycleEnds: number[] = [];
      const at1000: RefreshLine[] = [];
      for (let n = first1000 + 1; n <= first1000 + plan.cyclesAt1000; n++) {
        at1000.push(...(await runCycles(placar, upstream, n, 1, 1000, round)));
        cycleEnds.push(roles.totals.length);
        if ((n - first1000) % 10 === 0) log(`  1.000 jogos: ${n - first1000}/${plan.cyclesAt1000} atualizações`);
      }
      await search.stop();
      const swapTimes = swaps.times;
      const afterSwap = (at: number): boolean => swapTimes.some((swap) => at >= swap && at - swap < AFTER_SWAP_MS);
      const after = search.samples.filter((s) => afterSwap(s.at)).map((s) => s.ms);
      const between = search.samples.filter((s) => !afterSwap(s.at)).map((s) => s.ms);
      const windows = refreshWindows(at1000);
      const duringRefresh = search.samples
        .filter((s) => !afterSwap(s.at) && windows.some(([from, to]) => s.at <= to && s.at + s.ms >= from))
        .map((s) => s.ms);
      const serverSmaps = readSmapsKb(serverPid);
      const lastHalf = roles.totals.slice(totalsFrom).slice(Math.floor((roles.totals.length - totalsFrom) / 2));
      const quarter = Math.floor(lastHalf.length / 2);
      const maxOf = (values: number[]): number => mb(values.reduce((a, b) => Math.max(a, b), 0));
      const peakByRoleMb = Object.fromEntries([...roles.peaks].map(([role, kb]) => [role, mb(kb)]));
      const result: LeanServiceResult = {
        cyclesAt300: at300.length,
        cyclesAt1000: at1000.length,
        refreshMedianMs: { at300: builtMedian(at300), at1000: builtMedian(at1000) },
        cpuPerRefreshAt300Seconds: cpuAt300 / Math.max(1, at300.length),
        peakByRoleMb,
        peakPlacarMb: maxOf(roles.totals),
        peakPlacarPssMb: maxOf(roles.pssTotals),
        lastHalfPeaksMb: [maxOf(lastHalf.slice(0, quarter)), maxOf(lastHalf.slice(quarter))],
        processCount: roles.processes.size,
        serverAtEnd: serverSmaps
          ? {
              rssMb: mb(serverSmaps.rss),
              fileMb: mb(serverSmaps.rss - serverSmaps.anonymous),
              anonymousMb: mb(serverSmaps.anonymous),
            }
          : null,
        search: {
          afterSwapP99Ms: p99(after),
          betweenP99Ms: p99(between),
          duringRefreshP99Ms: p99(duringRefresh),
          afterSwapCount: after.length,
          betweenCount: between.length,
          duringRefreshCount: duringRefresh.length,
          errors: search.errors(),
        },
        extraWorker: null,
      };
      log(
        `  memória: ${JSON.stringify(peakByRoleMb)}; Placar ${result.peakPlacarMb} MB; busca p99 ${result.search.afterSwapP99Ms.toFixed(1)} / ${result.search.betweenP99Ms.toFixed(1)} ms`,
      );
      search = null;
      roles.stop();
      swaps.stop();
      await placar.stop();
      if (plan.extraWorkerCycles > 0)
        result.extraWorker = await measureExtraWorker(upstream, plan.extraWorkerCycles, round, log);
      return result;
    } finally {
      roles.stop();
      swaps.stop();
      await search?.stop();
      await placar.stop();
    }
  } finally {
    await upstream.close();
  }
}

/** WORKERS=2 at 1,000 matches with search traffic: the peak RSS of one cluster process. */
async function measureExtraWorker(
  upstream: FakeUpstream,
  cycles: number,
  round: { n: number },
  log: (line: string) => void,
): Promise<LeanServiceResult['extraWorker']> {
  const placar = await startWithNpm({
    UPSTREAM_URL: upstream.url,
    REFRESH_CRON: '*/2 * * * * *',
    SEARCH_RATE_LIMIT: '0',
    WORKERS: '2',
  });
  const npmPid = placar.process.pid ?? 0;
  const peaks = { rss: 0, pss: 0, private: 0 };
  const roles = watchRoles(npmPid);
  const timer = setInterval(() => {
    for (const { pid, role } of listServiceProcesses(npmPid)) {
      const smaps = role === 'processo do cluster' ? readSmapsKb(pid) : null;
      if (!smaps) continue;
      peaks.rss = Math.max(peaks.rss, smaps.rss);
      peaks.pss = Math.max(peaks.pss, smaps.pss);
      peaks.private = Math.max(peaks.private, smaps.private);
    }
  }, SAMPLE_MS);
  const search = loadSearch(placar.url);
  try {
    await runCycles(placar, upstream, 2, cycles, 1000, round);
  } finally {
    clearInterval(timer);
    roles.stop();
    await search.stop();
    await placar.stop();
  }
  const peakPlacarMb = mb(roles.totals.reduce((a, b) => Math.max(a, b), 0));
  const result = {
    workers: 2,
    perWorkerPeakMb: mb(peaks.rss),
    perWorkerPeakPssMb: mb(peaks.pss),
    perWorkerPeakPrivateMb: mb(peaks.private),
    peakPlacarMb,
  };
  log(
    `  WORKERS=2: cada processo do cluster até ${result.perWorkerPeakMb} MB de RSS, ` +
      `${result.perWorkerPeakPrivateMb} MB só dele; Placar ${peakPlacarMb} MB`,
  );
  return result;
}
