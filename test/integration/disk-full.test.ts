/**
 * The disk fills up under a running server. DATA_DIR is a tiny tmpfs (`mount -t tmpfs`, so the
 * tests need root with CAP_SYS_ADMIN, as in CI and this sandbox; chmod would not stop root)
 * that a filler file then fills: first nearly (the lock file fits, the snapshot does not),
 * then completely. Serving continues from the last good build, every refresh says why it
 * failed in the log and in /healthz, the listings turn stale on time, no partial temp file is
 * left, and freeing the space is enough to recover.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../src/demo/upstream-server.ts';
import { expectConsistentDataDir } from '../support/data-dir-checks.ts';
import { startPlacar, type PlacarProcess } from '../support/placar-process.ts';
import { rawRequest } from '../support/raw-http.ts';
import { expectNoStackTraces, readHealth, readListing, waitForHealthy } from '../support/service-probe.ts';

const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-tmpfs-'));
const filler = path.join(mountPoint, 'filler');
let upstream: FakeUpstream;
let placar: PlacarProcess;

/** Fills the file system until only about `leaveBytes` are free (0: until ENOSPC). */
function fillDisk(leaveBytes: number): void {
  const fd = fs.openSync(filler, 'a');
  try {
    for (const chunk of [1 << 20, 64 << 10, 4 << 10]) {
      const block = Buffer.alloc(chunk);
      for (;;) {
        if (leaveBytes > 0 && fs.statfsSync(mountPoint).bavail * fs.statfsSync(mountPoint).bsize - chunk < leaveBytes)
          break;
        try {
          fs.writeSync(fd, block);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
          throw error;
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

beforeAll(async () => {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', mountPoint], { stdio: 'pipe' });
  } catch (error) {
    throw new Error(`este teste monta um tmpfs e precisa de root com CAP_SYS_ADMIN: ${(error as Error).message}`);
  }
  upstream = await startFakeUpstream({ pages: readFixturePages() });
  placar = await startPlacar({
    upstreamUrl: upstream.url,
    dataDir: mountPoint,
    env: {
      REFRESH_CRON: '*/2 * * * * *',
      SEARCH_RATE_LIMIT: '0',
      // Yesterday's listing on the same rhythm as the others: its error (the disk's, not the upstream's)
      // then clears at the next refresh, as theirs does, instead of at its next hourly slot.
      YESTERDAY_REFRESH_SECONDS: '2',
    },
  });
});

afterAll(async () => {
  await placar?.stop();
  await upstream?.close();
  try {
    execFileSync('umount', [mountPoint], { stdio: 'pipe' });
  } finally {
    fs.rmSync(mountPoint, { recursive: true, force: true });
  }
});

describe('a full disk', () => {
  it('keeps serving the last good state, reports the error, turns stale on time, and recovers once freed', async () => {
    await waitForHealthy(placar.url);
    const lastBuildAt = (await readHealth(placar.url)).lastBuildAt;
    const live = await readListing(placar.url, 'live');
    const logFrom = placar.output().length;

    fillDisk(16 * 1024);
    await placar.waitForOutput(/aviso: coleta falhou: .*ENOSPC/, 30_000);
    fillDisk(0);
    await expect
      .poll(async () => (await readHealth(placar.url)).lastRefresh?.error ?? '', { timeout: 30_000, interval: 250 })
      .toMatch(/ENOSPC/);

    // Still serving the last good build; the search handler is loaded now, on the full disk.
    for (const target of ['/', '/hoje', '/api/hoje', '/api/busca?q=flamengo'])
      expect((await rawRequest(placar.url, target)).status, target).toBe(200);
    // No build for 3 refresh intervals: the same data, now said to be stale.
    await expect
      .poll(async () => (await readListing(placar.url, 'live')).stale, { timeout: 30_000, interval: 250 })
      .toBe(true);
    expect(await readListing(placar.url, 'live')).toEqual({ ...live, stale: true });
    const health = await readHealth(placar.url);
    expect(health).toMatchObject({
      status: 'degraded',
      lastBuildAt,
      lastRefresh: { error: expect.stringMatching(/ENOSPC/) },
    });
    expect(((await rawRequest(placar.url, '/api/busca?q=flamengo')).json() as { stale: boolean }).stale).toBe(true);
    expect(expectConsistentDataDir(mountPoint).tempFiles).toEqual([]);

    fs.rmSync(filler);
    await waitForHealthy(placar.url, { live: live.generatedAt });
    const recovered = await readHealth(placar.url);
    expect(recovered.lastBuildAt).not.toBe(lastBuildAt);
    expect(recovered.lastRefresh).toMatchObject({ outcome: 'published', error: null });
    const log = placar.output().slice(logFrom);
    expectNoStackTraces(log);
    console.info(
      `disk full, log lines:\n${[
        ...new Set(
          log
            .split('\n')
            .filter((line) => line.includes('ENOSPC'))
            .map((line) => line.replace(/#\d+|build=\S+|\w+_ms=\d+ ?/g, '')),
        ),
      ].join('\n')}`,
    );
    expect(log).toMatch(/atualização #\d+ falhou .*erro=".*ENOSPC/);
    expect(expectConsistentDataDir(mountPoint)).toMatchObject({ tempFiles: [], incompleteBuilds: [] });
  }, 120_000);
});
