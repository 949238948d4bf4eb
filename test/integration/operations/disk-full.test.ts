/**
 * The disk fills up under a running server. DATA_DIR is a tiny tmpfs (`mount -t tmpfs`, so the
 * tests need root with CAP_SYS_ADMIN, as in CI and this sandbox; chmod would not stop root)
 * that a filler file then fills: first nearly (the lock file fits, the snapshot does not),
 * then completely. Serving continues from the last good build, every refresh says why it
 * failed in the log and in /healthz, the listings turn stale on time, no partial temp file is
 * left, and freeing the space is enough to recover.
 * A process: a full disk (a tmpfs mount) under a server that keeps refreshing on its schedule.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { expectConsistentDataDir } from '../../support/data-dir/data-dir-checks.ts';
import { rawRequest } from '../../support/http/raw-http.ts';
import { expectNoStackTraces, readHealth, readListing, waitForHealthy } from '../../support/processes/service-probe.ts';
import { fillDisk, fillerOf, mountTmpfs, unmountTmpfs } from '../../support/data-dir/tmpfs.ts';
import { servePlacarForFile } from '../../support/processes/served-placar.ts';

let mountPoint: string;
let filler: string;

// Hooks run in order, after-hooks in reverse: the tmpfs is mounted before the Placar starts, unmounted after it stops.
beforeAll(() => {
  mountPoint = mountTmpfs('48m');
  filler = fillerOf(mountPoint);
});
afterAll(() => {
  if (mountPoint) unmountTmpfs(mountPoint);
});
const served = servePlacarForFile({
  pages: readFixturePages,
  dataDir: () => mountPoint,
  env: {
    REFRESH_CRON: '*/2 * * * * *',
    SEARCH_RATE_LIMIT: '0',
    // Yesterday's listing on the same rhythm as the others: its error (the disk's, not the upstream's)
    // then clears at the next refresh, as theirs does, instead of at its next hourly slot.
    YESTERDAY_REFRESH_SECONDS: '2',
  },
});

describe('a full disk', () => {
  it('keeps serving the last good state, reports the error, turns stale on time, and recovers once freed', async () => {
    const { placar } = served;
    await waitForHealthy(placar.url);
    const logFrom = placar.output().length;

    // Each publish removes older builds, giving room back: fill again until a refresh fails.
    await expect
      .poll(
        () => {
          fillDisk(mountPoint, 16 * 1024);
          return /aviso: coleta falhou: .*ENOSPC/.test(placar.output().slice(logFrom));
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(true);
    await expect
      .poll(
        async () => {
          fillDisk(mountPoint, 0);
          return (await readHealth(placar.url)).lastRefresh?.error ?? '';
        },
        { timeout: 30_000, interval: 250 },
      )
      .toMatch(/ENOSPC/);
    // A refresh failed on the full disk: nothing is published from now on.
    const lastBuildAt = (await readHealth(placar.url)).lastBuildAt;
    const live = await readListing(placar.url, 'live');

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
    // A search answer is kept up to a second (search-response-cache.ts): its stale flag follows within that.
    await expect
      .poll(async () => ((await rawRequest(placar.url, '/api/busca?q=flamengo')).json() as { stale: boolean }).stale)
      .toBe(true);
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
