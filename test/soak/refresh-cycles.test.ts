/**
 * 200 refresh cycles (20 in the smoke form) on a seconds-level schedule (REFRESH_CRON every second, so they run back
 * to back) against the local upstream, whose live page changes every few cycles: the server's
 * RSS stays flat (read after a full GC), its open file descriptors do not grow, and old builds
 * are cleaned up (at most 2 kept, plus the one /api/busca's handler came from). The server runs with
 * `npm start`'s memory settings (malloc arenas, V8 flags), as deployed: without them glibc's per-thread
 * arenas fragment and RSS creeps up (~0.1 MB a cycle) although the heap stays flat.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isBuildId } from '../../src/lib/store/builds/build-layout.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../src/demo/upstream-server.ts';
import { expectConsistentDataDir } from '../support/data-dir/data-dir-checks.ts';
import { connectHeapProbe, INSPECT_OPTION, readRssMegabytes, type HeapProbe } from '../support/processes/heap-probe.ts';
import { startPlacar, type PlacarProcess } from '../../harness/placar-process.ts';
import { productionMemoryEnv } from '../support/processes/start-script.ts';
import { rawRequest } from '../support/http/raw-http.ts';
import { withScore } from '../../harness/upstream-pages.ts';
import { SOAK_LENGTH } from './soak-length.ts';

const CYCLES = SOAK_LENGTH.refreshCycles;
const WARM_UP_CYCLES = SOAK_LENGTH.warmUpCycles;
const RSS_TOLERANCE_MB = 20;
const FD_TOLERANCE = 5;
const LIVE_PATH = '/jogos-em-andamento';
const FLAMENGO = '/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html';
const pages = readFixturePages();
let upstream: FakeUpstream;
let placar: PlacarProcess;
let heap: HeapProbe;

beforeAll(async () => {
  upstream = await startFakeUpstream({ pages });
  placar = await startPlacar({
    upstreamUrl: upstream.url,
    env: { REFRESH_CRON: '* * * * * *', SEARCH_RATE_LIMIT: '0', ...productionMemoryEnv(INSPECT_OPTION) },
  });
  heap = await connectHeapProbe(placar.output());
});

afterAll(async () => {
  heap?.close();
  await placar?.stop();
  await upstream?.close();
});

const published = (): number => placar.output().match(/atualização #\d+ concluída/g)?.length ?? 0;
const openFds = (pid: number): number => fs.readdirSync(`/proc/${pid}/fd`).length;

async function sample(pid: number): Promise<{ cycle: number; rssMb: number; heapMb: number; fds: number }> {
  const heapMb = await heap.heapAfterGcMegabytes();
  return { cycle: published(), rssMb: readRssMegabytes(pid), heapMb, fds: openFds(pid) };
}

describe(`${CYCLES} refresh cycles`, () => {
  it('keep RSS flat, file descriptors constant and old builds cleaned up', async () => {
    const pid = placar.process.pid ?? 0;
    const samples: Array<Awaited<ReturnType<typeof sample>>> = [];
    let first: Awaited<ReturnType<typeof sample>> | null = null;
    let goals = 0;
    while (published() < CYCLES) {
      // Something to publish: the live score changes every few cycles, and every listing is read.
      if (published() % 5 === 0)
        upstream.setPage(LIVE_PATH, withScore(pages[LIVE_PATH] ?? '', FLAMENGO, ++goals % 10, 1));
      for (const target of ['/', '/api/live', '/api/busca?q=flamengo'])
        expect((await rawRequest(placar.url, target)).status).toBe(200);
      if (first === null && published() >= WARM_UP_CYCLES) first = await sample(pid);
      if (published() % 20 === 0 && samples.at(-1)?.cycle !== published()) samples.push(await sample(pid));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const last = await sample(pid);
    const failed = placar.output().match(/atualização #\d+ (falhou|ignorada)/g)?.length ?? 0;
    console.info(
      `${CYCLES} refresh cycles: RSS first ${first?.rssMb} MB (cycle ${first?.cycle}), last ${last.rssMb} MB; heap after GC ${first?.heapMb} → ${last.heapMb} MB; ` +
        `fds ${first?.fds} → ${last.fds}; failed refreshes ${failed}; samples ${samples.map((s) => `#${s.cycle}:${s.rssMb}MB/${s.fds}fd`).join(' ')}`,
    );
    expect(first).not.toBeNull();
    expect(last.rssMb - (first?.rssMb ?? 0)).toBeLessThanOrEqual(RSS_TOLERANCE_MB);
    expect(last.fds - (first?.fds ?? 0)).toBeLessThanOrEqual(FD_TOLERANCE);
    expect(failed).toBe(0);
    // Complete builds left: the newest 2, plus the one /api/busca's handler was imported from (the running refresh may
    // add one in progress).
    const state = expectConsistentDataDir(placar.dataDir);
    const builds = fs.readdirSync(path.join(placar.dataDir, 'builds')).filter(isBuildId);
    expect(builds.length - state.incompleteBuilds.length).toBeLessThanOrEqual(3);
    expect(state.incompleteBuilds.length).toBeLessThanOrEqual(1);
    expect(state.tempFiles).toEqual([]);
  });
});
