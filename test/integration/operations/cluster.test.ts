/**
 * `npm start` with WORKERS=2: two server processes share the port (node:cluster) and both
 * serve; the refresh runs once (3 upstream requests per refresh), every worker serves each new
 * build and reports the last refresh in /healthz; searches are made in the primary (the workers hold no
 * snapshot or index); the search rate limit counts across workers
 * (leases of the primary's buckets: never over the limit);
 * a worker that dies is replaced; SIGTERM stops them all.
 */
import fs from 'node:fs';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import type { ListEnvelope } from '../../../src/lib/model/model.ts';
import { listingRequests } from '../../../harness/upstream-pages.ts';
import { isClusterWorkerCommand, RARE_REFRESH_CRON } from '../../../harness/placar-process.ts';
import { listChildren } from '../../../harness/process-stats.ts';
import { rawRequest } from '../../support/http/raw-http.ts';
import { leaseShare } from '../../../src/server/cluster/cluster-rate-limit.ts';
import { servePlacarForFile } from '../../support/processes/served-placar.ts';

const LIVE_PATH = '/jogos-em-andamento';
const SEARCH_LIMIT = 5;
const WORKERS = 2;

function socketCount(pid: number): number {
  try {
    return fs.readdirSync(`/proc/${pid}/fd`).filter((fd) => {
      try {
        return fs.readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:');
      } catch {
        return false;
      }
    }).length;
  } catch {
    return 0;
  }
}

/** The cluster's workers: children running the compiled worker program (not a refresh's build child). */
function workers(): number[] {
  return listChildren(served.placar.process.pid ?? -1).filter((pid) => {
    try {
      return isClusterWorkerCommand(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
    } catch {
      return false;
    }
  });
}

async function refreshCount(): Promise<number> {
  return [...served.placar.output().matchAll(/atualização #\d+ concluída/g)].length;
}

const served = servePlacarForFile({
  pages: () => readFixturePages(),
  env: { WORKERS: String(WORKERS), REFRESH_CRON: RARE_REFRESH_CRON, SEARCH_RATE_LIMIT: String(SEARCH_LIMIT) },
});

describe('npm start with WORKERS=2', () => {
  it('runs two server processes that share the port and both take connections', async () => {
    expect(served.placar.output()).toMatch(/Placar ouvindo em http:\/\/127\.0\.0\.1:\d+ \(em \d+ ms; 2 processos\)/);
    const pids = workers();
    expect(pids).toHaveLength(2);
    const before = pids.map(socketCount);
    // Connections held open: node:cluster deals them out round-robin.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
    try {
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => rawRequest(served.placar.url, '/api/hoje', { agent })),
      );
      for (const response of responses) expect(response.status).toBe(200);
      const after = pids.map(socketCount);
      for (const [i, count] of after.entries()) expect(count, `worker ${pids[i]}`).toBeGreaterThan(before[i] ?? 0);
    } finally {
      agent.destroy();
    }
  });

  it('refreshes once for all workers (3 upstream requests per refresh), and every worker serves the new build', async () => {
    served.upstream.setPage(LIVE_PATH, (readFixturePages()[LIVE_PATH] ?? '').replaceAll('Flamengo', 'Sampaio Corrêa'));
    const startCount = await refreshCount();
    // Two refreshes asked of the primary (kill -USR2), one after the other.
    for (let more = 0; more < 2; more += 1)
      expect(await served.placar.refreshNow()).toMatch(/^atualização #\d+ concluída/);
    expect(await refreshCount()).toBeGreaterThanOrEqual(startCount + 2);
    // At most one refresh is running at any moment, and each asks for the 3 listings once:
    // 3 × finished ≤ requests ≤ 3 × (finished + 1). One refresh per worker would double it.
    const finishedBefore = await refreshCount();
    // The yesterday listing goes at most once an hour, apart from the 3 minute listings.
    // The minute's listings (match pages and yesterday's listing have their own rhythm).
    const requests = listingRequests(served.upstream.requests).filter(
      (request) => request.path !== '/jogos-de-ontem',
    ).length;
    const finishedAfter = await refreshCount();
    expect(finishedBefore).toBeGreaterThanOrEqual(3);
    expect(requests).toBeGreaterThanOrEqual(3 * finishedBefore);
    expect(requests).toBeLessThanOrEqual(3 * (finishedAfter + 1));
    // Fresh connections land on both workers: each answers with the new data and the last refresh.
    for (let i = 0; i < 6; i += 1) {
      const live = await rawRequest(served.placar.url, '/api/live');
      expect((live.json() as ListEnvelope).matches.flatMap((m) => [m.homeTeam.name, m.awayTeam.name])).toContain(
        'Sampaio Corrêa',
      );
      const health = (await rawRequest(served.placar.url, '/healthz')).json() as {
        lastRefresh: { outcome: string } | null;
      };
      expect(health.lastRefresh?.outcome).toBe('published');
    }
  });

  it('makes every search in the primary: one index per snapshot for the cluster, the new data found through each worker', async () => {
    // The previous test put "Sampaio Corrêa" in the live listing; each search on a new connection (both workers).
    // One client address each: the rate limit's leases may refuse a client early (see the test below).
    const searches = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        rawRequest(served.placar.url, '/api/busca?q=sampaio', { localAddress: `127.0.0.${21 + i}` }),
      ),
    );
    for (const search of searches) {
      expect(search.status).toBe(200);
      const found = search.json() as { matches: { homeTeam: { name: string }; awayTeam: { name: string } }[] };
      expect(found.matches.flatMap((m) => [m.homeTeam.name, m.awayTeam.name])).toContain('Sampaio Corrêa');
    }
    // Checked in the worker, before anything is asked of the primary.
    const bad = await rawRequest(served.placar.url, '/api/busca?q=', { localAddress: '127.0.0.12' });
    expect(bad.status).toBe(400);
    // Filters read the served file in the worker (it holds no snapshot).
    const filtered = await rawRequest(served.placar.url, '/api/live?time=sampaio', { localAddress: '127.0.0.13' });
    expect(filtered.status).toBe(200);
    const kept = (filtered.json() as ListEnvelope).matches;
    expect(kept.length).toBeGreaterThan(0);
    for (const match of kept) expect([match.homeTeam.name, match.awayTeam.name]).toContain('Sampaio Corrêa');
    // Only the primary prepares a snapshot's index: at most one line per build published, not one per worker.
    const indexLines = [...served.placar.output().matchAll(/busca: índice pronto/g)].length;
    expect(indexLines).toBeGreaterThanOrEqual(1);
    expect(indexLines).toBeLessThanOrEqual((await refreshCount()) + 1);
  });

  it('counts the search rate limit across workers: never over it, at most the lease tolerance under', async () => {
    const statuses: number[] = [];
    const remaining: number[] = [];
    // Each search on a new connection, so they are dealt to both workers.
    for (let i = 0; i < SEARCH_LIMIT + 3; i += 1) {
      const response = await rawRequest(served.placar.url, '/api/busca?q=flamengo', { localAddress: '127.0.0.9' });
      statuses.push(response.status);
      if (response.status === 200) remaining.push(Number(response.headers['ratelimit-remaining']));
    }
    const allowed = statuses.filter((status) => status === 200).length;
    // Tokens left unused in the other worker's lease (cluster-rate-limit.ts): (WORKERS − 1) × (share − 1).
    const tolerance = (WORKERS - 1) * (leaseShare(SEARCH_LIMIT, WORKERS) - 1);
    expect(allowed).toBeLessThanOrEqual(SEARCH_LIMIT);
    expect(allowed).toBeGreaterThanOrEqual(SEARCH_LIMIT - tolerance);
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
    expect(statuses.slice(-2)).toEqual([429, 429]);
    for (const value of remaining) expect(value).toBeGreaterThanOrEqual(0);
    expect(remaining[0]).toBe(SEARCH_LIMIT - 1);
  });

  it('gives a client on one kept-alive connection (one worker) its whole limit, a lease at a time', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: '127.0.0.10' });
    const statuses: number[] = [];
    try {
      for (let i = 0; i < SEARCH_LIMIT + 2; i += 1) {
        statuses.push(
          await new Promise<number>((resolve, reject) => {
            http
              .get(new URL('/api/busca?q=flamengo', served.placar.url), { agent }, (res) => {
                res.resume();
                res.on('end', () => resolve(res.statusCode ?? 0));
              })
              .on('error', reject);
          }),
        );
      }
    } finally {
      agent.destroy();
    }
    expect(statuses).toEqual([...Array<number>(SEARCH_LIMIT).fill(200), 429, 429]);
  });

  it('replaces a worker that dies, and keeps answering meanwhile', async () => {
    const [victim] = workers();
    process.kill(victim ?? -1, 'SIGKILL');
    await served.placar.waitForOutput(
      new RegExp(`processo do servidor ${victim} saiu \\(sinal SIGKILL\\); iniciando outro`),
      10_000,
    );
    for (let i = 0; i < 6; i += 1) expect((await rawRequest(served.placar.url, '/api/hoje')).status).toBe(200);
    await expect.poll(() => workers().length, { timeout: 10_000 }).toBe(2);
    expect(workers()).not.toContain(victim);
  });

  it('stops every worker on SIGTERM', async () => {
    const pids = workers();
    await served.placar.stop();
    expect(
      served.placar.process.exitCode,
      `${served.placar.process.signalCode ?? ''}\n${served.placar.output().slice(-2000)}`,
    ).toBe(0);
    for (const pid of pids) expect(fs.existsSync(`/proc/${pid}`), `worker ${pid}`).toBe(false);
  });
});
