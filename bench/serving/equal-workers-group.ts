/**
 * Group 7: Placar and nginx with the same number of worker processes (Placar's WORKERS, nginx's worker_processes in
 * the bench's own copy of deploy/nginx.conf): one per core, then one each (issue 49). Both serve /api/hoje
 * brotli-compressed from the same build, loaded by wrk — multi-threaded (one thread per core), so the load generator
 * is not the single-core bottleneck autocannon is in group 3. After a warm-up run of each, runs alternate
 * Placar/nginx and repeat; reported: requests/s, p50/p99, and server CPU per request (CPU seconds of all the
 * server's processes over the run ÷ requests answered).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startFakeUpstream } from '../../src/demo/upstream-server.ts';
import { hasBrotliStaticModule, startNginx } from '../../harness/nginx.ts';
import { startPlacar } from '../../harness/placar-process.ts';
import type { BenchPlan } from '../bench-plan.ts';
import { listChildren, readCpuTimes, totalCpuSeconds } from '../../harness/process-stats.ts';
import { BROWSER_ACCEPT_ENCODING } from './serving-group.ts';
import { median } from '../stats.ts';
import { buildUpstreamPages } from '../upstream-pages.ts';
import { parseWrkOutput, type WrkReport } from '../../harness/wrk-output.ts';

export const WRK_PATH = '/usr/bin/wrk';
const PATH = '/api/hoje';

export interface WrkRun extends WrkReport {
  cpuMicrosPerRequest: number;
}

export interface EqualWorkersCase {
  connections: number;
  placar: WrkRun[];
  nginx: WrkRun[];
  /** Median req/s Placar ÷ median req/s nginx. */
  ratio: number;
  /** Per repeat (each pair of runs side by side): Placar ÷ nginx. */
  pairRatios: number[];
  /** Median CPU per request, Placar ÷ nginx. */
  cpuPerRequestRatio: number;
}

export interface EqualWorkersResult {
  workers: number;
  wrkThreads: number;
  nginxSetup: string;
  path: string;
  encoding: string;
  cases: EqualWorkersCase[];
}

function cpuSeconds(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => sum + totalCpuSeconds(readCpuTimes(pid)), 0);
}

async function runWrk(
  url: string,
  threads: number,
  connections: number,
  seconds: number,
  pids: () => number[],
): Promise<WrkRun> {
  const serverPids = pids();
  const before = cpuSeconds(serverPids);
  const { stdout } = await promisify(execFile)(WRK_PATH, [
    `-t${threads}`,
    `-c${connections}`,
    `-d${seconds}s`,
    '--latency',
    '-H',
    `Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}`,
    url,
  ]);
  const cpu = cpuSeconds(serverPids) - before;
  const run = parseWrkOutput(stdout);
  if (run.requests === 0) throw new Error(`wrk não completou nenhum pedido em ${url}:\n${stdout}`);
  return { ...run, cpuMicrosPerRequest: (cpu / run.requests) * 1e6 };
}

export async function runEqualWorkersGroup(
  plan: BenchPlan,
  matchesPerDay: number,
  log: (line: string) => void,
  workers = os.availableParallelism(),
): Promise<EqualWorkersResult> {
  if (!fs.existsSync(WRK_PATH))
    throw new Error(`wrk não encontrado em ${WRK_PATH}: instale com \`apt-get install wrk\` (o .ci/run faz isso).`);
  // One wrk thread per core whatever the servers' process count.
  const threads = os.availableParallelism();
  const upstream = await startFakeUpstream({ pages: buildUpstreamPages({ matchesPerDay }).pages });
  try {
    const placar = await startPlacar({
      upstreamUrl: upstream.url,
      env: { WORKERS: String(workers), REFRESH_CRON: '0 0 1 1 *', SEARCH_RATE_LIMIT: '0' },
      timeoutMs: 180_000,
    });
    try {
      const nginx = await startNginx({
        clientDir: path.join(placar.dataDir, 'current'),
        placarUrl: placar.url,
        upstreamUrl: upstream.url,
        workerProcesses: workers,
        plainHttp: true,
      });
      try {
        // The primary and its workers; nginx's master and its workers.
        const pids = {
          placar: () => [placar.process.pid ?? 0, ...listChildren(placar.process.pid ?? 0)],
          nginx: () => [nginx.process.pid ?? 0, ...listChildren(nginx.process.pid ?? 0)],
        };
        // Both answer the same bytes' encoding, as wrk will ask.
        const encodings = await Promise.all(
          [placar.url, nginx.url].map(async (base) => {
            const probe = await fetch(`${base}${PATH}`, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } });
            await probe.arrayBuffer();
            if (probe.status !== 200) throw new Error(`${base}${PATH} respondeu ${probe.status}`);
            return probe.headers.get('content-encoding') ?? 'identity';
          }),
        );
        const encoding = encodings.join(' / ');
        // Warm-up (not measured), one run's length each: V8's optimised code, lazy paths, nginx's first opens.
        for (const base of [placar.url, nginx.url])
          await runWrk(`${base}${PATH}`, threads, 50, plan.equalWorkersSeconds, () => []);
        const cases: EqualWorkersCase[] = [];
        for (const connections of plan.servingConnections) {
          const runs = { placar: [] as WrkRun[], nginx: [] as WrkRun[] };
          const pairRatios: number[] = [];
          for (let repeat = 0; repeat < plan.equalWorkersRepeats; repeat += 1) {
            for (const server of repeat % 2 === 0 ? (['placar', 'nginx'] as const) : (['nginx', 'placar'] as const)) {
              const base = server === 'placar' ? placar.url : nginx.url;
              runs[server].push(
                await runWrk(`${base}${PATH}`, threads, connections, plan.equalWorkersSeconds, pids[server]),
              );
            }
            const last = (server: 'placar' | 'nginx'): number => runs[server].at(-1)?.requestsPerSecond ?? 0;
            pairRatios.push(last('placar') / last('nginx'));
          }
          const rps = (list: WrkRun[]): number => median(list.map((run) => run.requestsPerSecond));
          const cpu = (list: WrkRun[]): number => median(list.map((run) => run.cpuMicrosPerRequest));
          const result: EqualWorkersCase = {
            connections,
            placar: runs.placar,
            nginx: runs.nginx,
            ratio: rps(runs.placar) / rps(runs.nginx),
            pairRatios,
            cpuPerRequestRatio: cpu(runs.placar) / cpu(runs.nginx),
          };
          cases.push(result);
          log(
            `  ${PATH} c=${connections}, ${workers}+${workers} processos, wrk -t${threads}: Placar ${Math.round(rps(runs.placar))} req/s ` +
              `(${Math.round(cpu(runs.placar))} µs CPU/pedido), nginx ${Math.round(rps(runs.nginx))} req/s (${Math.round(cpu(runs.nginx))} µs); ` +
              `Placar/nginx ${(result.ratio * 100).toFixed(0)} % (por par: ${pairRatios.map((r) => `${(r * 100).toFixed(0)} %`).join(', ')})`,
          );
        }
        return {
          workers,
          wrkThreads: threads,
          nginxSetup: `deploy/nginx.conf, worker_processes ${workers}, ${hasBrotliStaticModule() ? 'brotli_static + gzip_static' : 'gzip_static (sem módulo brotli)'}`,
          path: PATH,
          encoding,
          cases,
        };
      } finally {
        await nginx.stop();
      }
    } finally {
      await placar.stop();
    }
  } finally {
    await upstream.close();
  }
}
