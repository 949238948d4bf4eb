/**
 * Does a refresh stall serving? Light, steady traffic (10 connections: far from saturating the
 * server) on the pages, the listings and searches, while the server refreshes on a seconds-level
 * schedule with the upstream pages changing at every tick. Each response is stamped with the
 * time it arrived and put in "during a refresh" (from the refresh's start to its end, from its
 * log line) or "between refreshes"; the p99 of both, side by side.
 */
import autocannon from 'autocannon';
import type { FakeUpstream } from '../../src/demo/upstream-server.ts';
import type { PlacarProcess } from '../../harness/placar-process.ts';
import { readRefreshLines } from '../refresh-lines.ts';
import type { Summary } from '../stats.ts';
import { buildUpstreamPages } from '../upstream-pages.ts';

export interface RefreshLatencyResult {
  seconds: number;
  matchesPerDay: number;
  refreshes: number;
  during: Summary & { p99: number; count: number };
  between: Summary & { p99: number; count: number };
  errors: number;
}

const CONNECTIONS = 10;
const PATHS = ['/', '/api/live', '/api/hoje', '/api/busca?q=flamengo', '/hoje', '/api/live'];

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Summary of many samples (tens of thousands: no spreading them into Math.min). */
function describe(latencies: number[]): Summary & { p99: number; count: number } {
  const sorted = Float64Array.from(latencies).sort();
  const at = (index: number): number => sorted[index] ?? Number.NaN;
  return {
    n: sorted.length,
    median: percentile(sorted, 50),
    min: at(0),
    max: at(sorted.length - 1),
    p99: percentile(sorted, 99),
    count: sorted.length,
  };
}

export async function runRefreshLatencyGroup(
  seconds: number,
  env: { upstream: FakeUpstream; placar: PlacarProcess; matchesPerDay: number; intervalSeconds: number },
  log: (line: string) => void,
): Promise<RefreshLatencyResult> {
  const { upstream, placar, matchesPerDay } = env;
  let round = 1_000;
  // New pages just after every tick, so every refresh has changed data to render.
  const changer = setInterval(() => {
    for (const [path, html] of Object.entries(buildUpstreamPages({ matchesPerDay, round: round++ }).pages))
      upstream.setPage(path, html);
  }, env.intervalSeconds * 1000);
  const responses: Array<{ at: number; ms: number }> = [];
  const linesBefore = readRefreshLines(placar).length;
  const started = Date.now();
  let errors = 0;
  try {
    const result = await autocannon({
      url: placar.url,
      connections: CONNECTIONS,
      duration: seconds,
      headers: { 'accept-encoding': 'br, gzip' },
      requests: PATHS.map((path) => ({ method: 'GET' as const, path })),
      setupClient: (client) => {
        client.on('response', (_status: number, _bytes: number, responseTime: number) =>
          responses.push({ at: Date.now(), ms: responseTime }),
        );
      },
    });
    errors = result.errors + result.timeouts + result.non2xx;
  } finally {
    clearInterval(changer);
  }
  // A refresh runs from (build start − scrape) to (build start + the steps after it).
  const windows = readRefreshLines(placar)
    .slice(linesBefore)
    .filter((line) => line.buildStartedAt !== null && line.buildStartedAt >= started)
    .map((line) => {
      const buildStart = line.buildStartedAt ?? 0;
      return [
        buildStart - line.scrapeMs,
        buildStart + line.buildMs + line.compressMs + line.swapMs + line.cleanupMs,
      ] as const;
    });
  const during: number[] = [];
  const between: number[] = [];
  for (const { at, ms } of responses) {
    // The request was in flight from at − ms to at: any overlap with a refresh counts as during.
    (windows.some(([from, to]) => at >= from && at - ms <= to) ? during : between).push(ms);
  }
  const result = {
    seconds,
    matchesPerDay,
    refreshes: windows.length,
    during: describe(during),
    between: describe(between),
    errors,
  };
  log(
    `  latência: ${result.refreshes} atualizações; durante: p99 ${result.during.p99} ms (${result.during.count} pedidos), ` +
      `entre: p99 ${result.between.p99} ms (${result.between.count} pedidos), ${errors} erros`,
  );
  return result;
}
