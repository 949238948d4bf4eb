/**
 * Group 3: requests/s and p50/p99 latency at each connection count for /api/hoje and /
 * (compressed, as a browser asks) on Placar and on nginx serving the same files, alternating
 * Placar/nginx runs so drift hits both; then /api/busca on Placar with a mix of searches.
 */
import http from 'node:http';
import type { BenchPlan } from '../bench-plan.ts';
import { runLoad, type LoadResult } from './load.ts';
import { listChildren } from '../../harness/process-stats.ts';
import type { ServingFixture } from './serving-fixture.ts';
import { measureSearchIndex, type SearchIndexResult } from './search-index.ts';
import { median } from '../stats.ts';

export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';
/** Team and league names of the generated day, whole and partial, with and without accents. */
export const SEARCH_TERMS = [
  'flamengo',
  'palmeiras',
  'são paulo',
  'gremio',
  'serie a',
  'copa',
  'libertadores',
  'premier',
  'bahia',
  'santos',
  'corinthians',
  'fla',
  'atletico',
  'vasco',
  'cruzeiro',
  'liga',
  'bundesliga',
  'inter',
  'botafogo',
  'ceara',
];
export const SEARCH_PATHS = SEARCH_TERMS.map((term) => `/api/busca?q=${encodeURIComponent(term)}`);

export interface ServingCase {
  server: 'placar' | 'nginx';
  path: string;
  connections: number;
  requestsPerSecond: number;
  /** Lowest and highest per-second counts over all runs of the case. */
  perSecond: { min: number; max: number };
  latencyMs: { p50: number; p99: number };
  failures: number;
  /**
   * Server CPU per request, µs (median over runs): the comparison that still holds when the load generator is the
   * bottleneck.
   */
  cpuMicrosPerRequest: number;
  /** CPU of the load generator, % of one core; near 100 % the run measured the client, not the server. */
  clientCpuPercent: number;
  /** Content-Encoding and body bytes of one response. */
  encoding: string;
  bodyBytes: number;
}

export interface ServingResult {
  nginxSetup: string;
  cases: ServingCase[];
  /** Placar ÷ nginx, per path and connection count: req/s, and CPU per request. */
  ratios: { path: string; connections: number; ratio: number; cpuPerRequestRatio: number }[];
  /** The search index of the same snapshot: build time per refresh, heap, engine time per query. */
  searchIndex?: SearchIndexResult;
}

function probe(base: string, path: string): Promise<{ status: number; encoding: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(path, base), { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            encoding: String(response.headers['content-encoding'] ?? 'identity'),
            bytes,
          }),
        );
      })
      .on('error', reject);
  });
}

function summarizeRuns(
  server: ServingCase['server'],
  path: string,
  connections: number,
  runs: LoadResult[],
  sample: { encoding: string; bytes: number },
): ServingCase {
  return {
    server,
    path,
    connections,
    requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
    perSecond: {
      min: Math.min(...runs.map((run) => run.perSecond.min)),
      max: Math.max(...runs.map((run) => run.perSecond.max)),
    },
    latencyMs: { p50: median(runs.map((run) => run.latencyMs.p50)), p99: median(runs.map((run) => run.latencyMs.p99)) },
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
    cpuMicrosPerRequest: median(runs.map((run) => (run.serverCpuPercent / 100 / run.requestsPerSecond) * 1e6)),
    clientCpuPercent: median(runs.map((run) => run.clientCpuPercent)),
    encoding: sample.encoding,
    bodyBytes: sample.bytes,
  };
}

export async function runServingGroup(
  plan: BenchPlan,
  fixture: ServingFixture,
  log: (line: string) => void,
): Promise<ServingResult> {
  const bases = { placar: fixture.placar.url, nginx: fixture.nginx.url } as const;
  const pids = {
    placar: [fixture.placar.process.pid ?? 0],
    nginx: listChildren(fixture.nginx.process.pid ?? 0),
  } as const;
  const headers = { 'accept-encoding': BROWSER_ACCEPT_ENCODING };
  const cases: ServingCase[] = [];
  const ratios: ServingResult['ratios'] = [];
  const load = (server: 'placar' | 'nginx', connections: number, paths: readonly string[]): Promise<LoadResult> =>
    runLoad({
      url: bases[server],
      connections,
      durationSeconds: plan.servingSeconds,
      headers,
      paths,
      serverPids: pids[server],
    });

  for (const path of ['/api/hoje', '/']) {
    const samples = { placar: await probe(bases.placar, path), nginx: await probe(bases.nginx, path) };
    for (const [server, sample] of Object.entries(samples)) {
      if (sample.status !== 200) throw new Error(`${server} respondeu ${sample.status} para ${path}`);
    }
    for (const connections of plan.servingConnections) {
      const runs: Record<'placar' | 'nginx', LoadResult[]> = { placar: [], nginx: [] };
      for (let repeat = 0; repeat < plan.servingRepeats; repeat++) {
        for (const server of repeat % 2 === 0 ? (['placar', 'nginx'] as const) : (['nginx', 'placar'] as const)) {
          runs[server].push(await load(server, connections, [path]));
        }
      }
      const placar = summarizeRuns('placar', path, connections, runs.placar, samples.placar);
      const nginx = summarizeRuns('nginx', path, connections, runs.nginx, samples.nginx);
      cases.push(placar, nginx);
      ratios.push({
        path,
        connections,
        ratio: placar.requestsPerSecond / nginx.requestsPerSecond,
        cpuPerRequestRatio: placar.cpuMicrosPerRequest / nginx.cpuMicrosPerRequest,
      });
      log(
        `  ${path} c=${connections}: Placar ${Math.round(placar.requestsPerSecond)} req/s (${Math.round(placar.cpuMicrosPerRequest)} µs CPU/pedido), ` +
          `nginx ${Math.round(nginx.requestsPerSecond)} req/s (${Math.round(nginx.cpuMicrosPerRequest)} µs), gerador ${Math.round(placar.clientCpuPercent)}/${Math.round(nginx.clientCpuPercent)} % CPU`,
      );
    }
  }

  const searchSample = await probe(bases.placar, SEARCH_PATHS[0] ?? '/api/busca?q=flamengo');
  if (searchSample.status !== 200) throw new Error(`Placar respondeu ${searchSample.status} para /api/busca`);
  for (const connections of plan.servingConnections) {
    const runs: LoadResult[] = [];
    for (let repeat = 0; repeat < plan.servingRepeats; repeat++)
      runs.push(await load('placar', connections, SEARCH_PATHS));
    const search = summarizeRuns('placar', '/api/busca?q=…', connections, runs, searchSample);
    cases.push(search);
    log(`  /api/busca c=${connections}: ${Math.round(search.requestsPerSecond)} req/s, p99 ${search.latencyMs.p99} ms`);
  }
  const searchIndex = measureSearchIndex(fixture.placar.dataDir, SEARCH_TERMS);
  log(
    `  índice de busca (${searchIndex.matches} jogos): ${searchIndex.buildMs.toFixed(1)} ms por atualização, ` +
      `${(searchIndex.heapBytes / 1024 / 1024).toFixed(2)} MB de heap, ${Math.round(searchIndex.queryMicros)} µs por busca sem cache`,
  );
  return { nginxSetup: fixture.nginxSetup, cases, ratios, searchIndex };
}
