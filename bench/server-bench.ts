/**
 * Server measurements (run by hand: `node bench/server-bench.ts [refreshes]`):
 *  1. static /api/hoje throughput with autocannon (identity and br), no refreshes running;
 *  2. server RSS after 5 and after N (default 50) back-to-back refreshes, and the mean
 *     refresh step timings from the refresh log lines.
 * Loopback only: the fake upstream and Placar run on 127.0.0.1.
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import { readFixturePages, startFakeUpstream } from '../src/demo/upstream-server.ts';
import { startPlacar, type PlacarProcess } from '../test/support/placar-process.ts';

const refreshes = Number(process.argv[2] ?? 50);

function rssMb(pid: number | undefined): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function waitForRefresh(placar: PlacarProcess, n: number): Promise<void> {
  await placar.waitForOutput(new RegExp(`atualização #${n} (concluída|falhou)`), 600_000);
}

async function throughput(url: string, headers: Record<string, string>): Promise<string> {
  const result = await autocannon({ url, connections: 20, duration: 8, headers });
  return `${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, erros ${result.errors + result.non2xx}`;
}

const upstream = await startFakeUpstream({ pages: readFixturePages() });
try {
  const quiet = await startPlacar({ upstreamUrl: upstream.url, env: { REFRESH_CRON: '0 0 * * *', SEARCH_RATE_LIMIT: '0' } });
  try {
    console.log(`/api/hoje identity: ${await throughput(`${quiet.url}/api/hoje`, {})}`);
    console.log(`/api/hoje br:       ${await throughput(`${quiet.url}/api/hoje`, { 'accept-encoding': 'br' })}`);
    console.log(`/api/busca?q=serie a: ${await throughput(`${quiet.url}/api/busca?q=serie%20a`, { 'accept-encoding': 'br' })}`);
  } finally {
    await quiet.stop();
  }

  const busy = await startPlacar({ upstreamUrl: upstream.url, env: { REFRESH_CRON: '* * * * * *', SEARCH_RATE_LIMIT: '0' } });
  try {
    const pid = busy.process.pid;
    await fetch(`${busy.url}/api/busca?q=flamengo`);
    console.log(`RSS após a 1ª atualização: ${rssMb(pid)} MB`);
    await waitForRefresh(busy, 5);
    const rss5 = rssMb(pid);
    console.log(`RSS após 5 atualizações: ${rss5} MB`);
    for (let n = 10; n <= refreshes; n += 5) {
      await waitForRefresh(busy, n);
      await fetch(`${busy.url}/api/busca?q=flamengo`);
    }
    const rssN = rssMb(pid);
    console.log(`RSS após ${refreshes} atualizações: ${rssN} MB (${rssN - rss5 >= 0 ? '+' : ''}${rssN - rss5} MB)`);
    const lines = busy
      .output()
      .split('\n')
      .filter((line) => /atualização #\d+ concluída/.test(line));
    const mean = (key: string): number => {
      const values = lines.map((line) => Number(new RegExp(`${key}=(\\d+)`).exec(line)?.[1] ?? NaN)).filter((v) => !Number.isNaN(v));
      return Math.round(values.reduce((a, b) => a + b, 0) / Math.max(1, values.length));
    };
    console.log(
      `médias de ${lines.length} atualizações: coleta ${mean('coleta_ms')} ms, build ${mean('build_ms')} ms, compressão ${mean('compressao_ms')} ms, troca ${mean('troca_ms')} ms, limpeza ${mean('limpeza_ms')} ms, total ${mean('total_ms')} ms`,
    );
  } finally {
    await busy.stop();
  }
} finally {
  await upstream.close();
}
