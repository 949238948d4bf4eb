/**
 * Groups 1 and 5 (and the byte counts of group 6): one real Placar server refreshing back to
 * back (REFRESH_CRON every second, no overlap) against generated upstream pages of 30, 300
 * then 1,000 matches a day, each cycle's live and today pages changed (tomorrow's stays, 304).
 * Per cycle: the step timings from its log line, CPU seconds of the whole service (the server,
 * which refreshes, + build children, /proc), the build children's peak RSS and the whole
 * service's peak RSS (every process summed, sampled every 50 ms).
 * Memory: server RSS after warm-up, after each size, and after the plan's `memoryCycles`
 * refreshes (the last, 1,000-match phase runs until then).
 */
import { startFakeUpstream } from '../../src/demo/upstream-server.ts';
import { startPlacar } from '../../harness/placar-process.ts';
import type { BenchPlan } from '../bench-plan.ts';
import { measurePageWeights, WEIGHED_PAGES, type WeightRow } from '../browser/page-weight.ts';
import {
  readCpuTimes,
  readMemoryKb,
  readServiceCpuSeconds,
  watchChildren,
  watchServiceMemory,
} from '../../harness/process-stats.ts';
import { waitForRefresh, type RefreshLine } from '../refresh-lines.ts';
import { buildUpstreamPages } from '../upstream-pages.ts';

export interface CycleSample extends RefreshLine {
  size: number;
  serverCpuSeconds: number;
  buildCpuSeconds: number;
  buildPeakMb: number;
  /** Largest sum of RSS over the server and all its child processes during the cycle. */
  servicePeakMb: number;
  /** The server's RSS right after the cycle. */
  serverRssMb: number;
  /** false when the live listing came back 304 (the page change raced the cron tick). */
  changed: boolean;
}

export interface RefreshGroupResult {
  /** Measured cycles (warm-up cycles of each size excluded). */
  cycles: CycleSample[];
  memory: {
    warmupRssMb: number;
    rssAfterSizeMb: Record<number, number>;
    /**
     * RSS after the first measured cycle of the last size, and after the last cycle: same data size, so growth is a
     * leak.
     */
    lastSizeFirstRssMb: number;
    lastSizeFirstCycle: number;
    finalRssMb: number;
    finalAfterCycles: number;
    serverPeakMb: number;
  };
  weights: Record<number, WeightRow[]>;
}

const mb = (kb: number): number => Math.round(kb / 102.4) / 10;

/** Every route once, and a few searches, so the server has loaded all it will hold. */
async function warmUp(base: string): Promise<void> {
  for (const path of [...WEIGHED_PAGES, '/api/live', '/api/hoje', '/api/amanha', '/api/routes', '/healthz'])
    await (await fetch(new URL(path, base))).arrayBuffer();
  for (const q of ['flamengo', 'serie a', 'libertadores'])
    await (await fetch(new URL(`/api/busca?q=${encodeURIComponent(q)}`, base))).arrayBuffer();
}

export async function runRefreshGroup(plan: BenchPlan, log: (line: string) => void): Promise<RefreshGroupResult> {
  let round = 0;
  let size = plan.sizes[0] ?? 30;
  const pagesNow = (): Record<string, string> => buildUpstreamPages({ matchesPerDay: size, round: round++ }).pages;
  const upstream = await startFakeUpstream({ pages: pagesNow() });
  const placar = await startPlacar({
    upstreamUrl: upstream.url,
    env: { REFRESH_CRON: '* * * * * *', SEARCH_RATE_LIMIT: '0' },
    timeoutMs: 180_000,
  });
  const pid = placar.process.pid ?? 0;
  const children = watchChildren(pid);
  const service = watchServiceMemory(pid);
  try {
    await warmUp(placar.url);
    const memory: RefreshGroupResult['memory'] = {
      warmupRssMb: mb(readMemoryKb(pid)?.rss ?? 0),
      rssAfterSizeMb: {},
      lastSizeFirstRssMb: 0,
      lastSizeFirstCycle: 0,
      finalRssMb: 0,
      finalAfterCycles: 0,
      serverPeakMb: 0,
    };
    const cycles: CycleSample[] = [];
    const weights: Record<number, WeightRow[]> = {};
    let number = 1;
    let cpu = readCpuTimes(pid);
    let serviceCpu = readServiceCpuSeconds(pid);
    children.take();
    service.take();
    const nextCycle = async (): Promise<CycleSample> => {
      const line = await waitForRefresh(placar, ++number);
      // At once, before the next tick (≤ 1 s away): the next cycle scrapes changed pages.
      for (const [path, html] of Object.entries(pagesNow())) upstream.setPage(path, html);
      const now = readCpuTimes(pid);
      const serviceNow = readServiceCpuSeconds(pid);
      const build = children.take();
      const serverCpuSeconds = (now?.self ?? 0) - (cpu?.self ?? 0);
      const sample: CycleSample = {
        ...line,
        size,
        serverCpuSeconds,
        // Everything else the service spent: build children (waited for or not).
        buildCpuSeconds: serviceNow - serviceCpu - serverCpuSeconds,
        buildPeakMb: mb(build.peakKb),
        servicePeakMb: mb(service.take().peakKb),
        serverRssMb: mb(readMemoryKb(pid)?.rss ?? 0),
        changed: line.listings.live?.note === '',
      };
      cpu = now;
      serviceCpu = serviceNow;
      return sample;
    };

    for (const [index, phaseSize] of plan.sizes.entries()) {
      size = phaseSize;
      round += 1;
      for (const [path, html] of Object.entries(pagesNow())) upstream.setPage(path, html);
      // The first cycle at a new size fetches all three pages anew: a warm-up, not a sample.
      await nextCycle();
      const last = index === plan.sizes.length - 1;
      // The last size (1,000 matches) goes on for `memoryCycles` refreshes: the memory sample.
      const cyclesHere = last ? Math.max(plan.cyclesPerSize, plan.memoryCycles) : plan.cyclesPerSize;
      for (let measured = 0; measured < cyclesHere; measured++) {
        const sample = await nextCycle();
        cycles.push(sample);
        if (last && measured === 0) {
          memory.lastSizeFirstRssMb = sample.serverRssMb;
          memory.lastSizeFirstCycle = sample.number;
        }
        log(
          `  ${size} jogos, atualização #${sample.number}: total ${sample.totalMs} ms (coleta ${sample.scrapeMs}, build ${sample.buildMs}, ` +
            `compressão ${sample.compressMs}), CPU ${(sample.serverCpuSeconds + sample.buildCpuSeconds).toFixed(2)} s, serviço ${sample.servicePeakMb} MB`,
        );
      }
      weights[size] = await measurePageWeights(placar.url);
      memory.rssAfterSizeMb[size] = mb(readMemoryKb(pid)?.rss ?? 0);
    }
    const final = readMemoryKb(pid);
    memory.finalRssMb = mb(final?.rss ?? 0);
    memory.serverPeakMb = mb(final?.peak ?? 0);
    memory.finalAfterCycles = number;
    return { cycles, memory, weights };
  } finally {
    children.stop();
    service.stop();
    await placar.stop();
    await upstream.close();
  }
}
