/**
 * One load run with autocannon's programmatic API (loopback only): throughput per second
 * (median and spread of the per-second counts) and latency percentiles.
 */
import autocannon from 'autocannon';
import { readCpuTimes, totalCpuSeconds } from '../../harness/process-stats.ts';

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  headers?: Record<string, string>;
  /** Paths cycled through by every connection (default: the url's own path). */
  paths?: readonly string[];
  /** Requests per second over all connections (default: as fast as possible). */
  overallRate?: number;
  /** Processes serving the load, whose CPU is measured over the run. */
  serverPids?: readonly number[];
}

export interface LoadResult {
  /** Mean requests/s over the run. */
  requestsPerSecond: number;
  /** Median, lowest and highest per-second request counts. */
  perSecond: { median: number; min: number; max: number };
  latencyMs: { p50: number; p99: number; max: number };
  total: number;
  /** Connection errors, timeouts and non-2xx/3xx answers. */
  failures: number;
  bytesPerSecond: number;
  /** CPU of the serving processes and of this process (the load generator), % of one core. */
  serverCpuPercent: number;
  clientCpuPercent: number;
}

function cpuOf(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => sum + totalCpuSeconds(readCpuTimes(pid)), 0);
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const pids = options.serverPids ?? [];
  const serverBefore = cpuOf(pids);
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: options.headers,
    ...(options.overallRate !== undefined && { overallRate: options.overallRate }),
    ...(options.paths && { requests: options.paths.map((path) => ({ method: 'GET' as const, path })) }),
  });
  const seconds = (performance.now() - started) / 1000;
  const client = process.cpuUsage(clientBefore);
  return {
    serverCpuPercent: ((cpuOf(pids) - serverBefore) / seconds) * 100,
    clientCpuPercent: ((client.user + client.system) / 1e6 / seconds) * 100,
    requestsPerSecond: result.requests.average,
    perSecond: { median: result.requests.p50, min: result.requests.min, max: result.requests.max },
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    total: result.requests.total,
    failures: result.errors + result['4xx'] + result['5xx'],
    bytesPerSecond: result.throughput.average,
  };
}
