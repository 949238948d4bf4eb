/**
 * Issue 20: the cluster primary does not re-fork a crashing worker at once, forever. Here every
 * worker is killed (SIGKILL, as the OOM killer would) as soon as it appears, including each
 * replacement at its start: the primary waits longer before each replacement (500, 1000, 2000,
 * 4000 ms), and at the 5th crash within 60 s stops and exits non-zero with a clear message.
 * A process: a cluster's primary and the workers SIGKILLed under it are processes.
 */
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { isClusterWorkerCommand, startPlacar, type PlacarProcess } from '../../../harness/placar-process.ts';
import { listChildren } from '../../../harness/process-stats.ts';

let upstream: FakeUpstream | undefined;
let placar: PlacarProcess | undefined;

afterAll(async () => {
  await placar?.stop();
  await upstream?.close();
});

/** Pids of the cluster workers of `primary`: its children running the compiled worker program. */
function workerPids(primary: number): number[] {
  return listChildren(primary).filter((pid) => {
    try {
      return isClusterWorkerCommand(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
    } catch {
      return false;
    }
  });
}

describe('a worker that keeps crashing', () => {
  it('is replaced after a growing delay, and a crash loop stops the primary with a non-zero exit', async () => {
    upstream = await startFakeUpstream({ pages: readFixturePages() });
    // No refresh and no build needed: the workers only have to start.
    placar = await startPlacar({
      upstreamUrl: upstream.url,
      env: { WORKERS: '2', REFRESH_CRON: 'off' },
      waitForFirstRefresh: false,
    });
    const primary = placar.process;
    const exited = new Promise<number | null>((resolve) => primary.once('exit', (code) => resolve(code)));
    const seen = new Set<number>();
    const killer = setInterval(() => {
      for (const pid of workerPids(primary.pid ?? -1)) {
        seen.add(pid);
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    }, 50);
    try {
      const code = await Promise.race([
        exited,
        new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 50_000)),
      ]);
      const output = placar.output();
      expect(code, output).toBe(1);
      const delays = [...output.matchAll(/saiu \(sinal SIGKILL\); iniciando outro em (\d+) ms/g)].map((match) =>
        Number(match[1]),
      );
      expect(delays).toEqual([500, 1_000, 2_000, 4_000]);
      expect(output).toMatch(
        /erro: os processos do servidor caíram 5 vezes em 60 s .*o Placar para em vez de reiniciá-los/,
      );
      // 2 at start + 4 replacements, and none after giving up.
      expect(seen.size).toBeLessThanOrEqual(6);
      expect(workerPids(primary.pid ?? -1)).toEqual([]);
    } finally {
      clearInterval(killer);
    }
  }, 90_000);
});
