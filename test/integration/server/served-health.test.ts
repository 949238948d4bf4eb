/**
 * /healthz judges what this process serves, not what was scraped (issue 35, M3), and a first
 * start whose build cannot be made stays up instead of exiting with the configuration code (H1).
 * DATA_DIR/builds is made read-only by a read-only bind mount (the tests run as root, whom chmod
 * would not stop; as in disk-full.test.ts they need CAP_SYS_ADMIN): the scrape goes on writing
 * snapshot.json beside it, every build fails.
 * A process: a read-only mount under a first start that must stay up, refreshing on schedule.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { startPlacar, type PlacarProcess } from '../../../harness/placar-process.ts';
import { rawRequest } from '../../support/http/raw-http.ts';
import { readHealth, readListing, waitForHealthy } from '../../support/processes/service-probe.ts';

let upstream: FakeUpstream;
const mounted: string[] = [];
const dirs: string[] = [];
let placar: PlacarProcess | undefined;

/** `dir` read-only from now on, for every process, root included. */
function mountReadOnly(dir: string): void {
  try {
    execFileSync('mount', ['--bind', dir, dir], { stdio: 'pipe' });
  } catch (error) {
    throw new Error(`este teste monta uma pasta só para leitura e precisa de root com CAP_SYS_ADMIN: ${error}`);
  }
  mounted.push(dir);
  execFileSync('mount', ['-o', 'remount,bind,ro', dir], { stdio: 'pipe' });
}

function unmount(dir: string): void {
  execFileSync('umount', [dir], { stdio: 'pipe' });
  mounted.splice(mounted.indexOf(dir), 1);
}

function newDataDir(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-served-health-'));
  dirs.push(dataDir);
  return dataDir;
}

const start = (dataDir: string): Promise<PlacarProcess> =>
  startPlacar({ upstreamUrl: upstream.url, dataDir, env: { REFRESH_CRON: '*/2 * * * * *' } });

beforeAll(async () => {
  upstream = await startFakeUpstream({ pages: readFixturePages() });
});
afterEach(async () => {
  await placar?.stop();
  placar = undefined;
  for (const dir of [...mounted].reverse()) unmount(dir);
});
afterAll(async () => {
  await upstream?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('what this process serves', () => {
  it('turns /healthz degraded, naming each listing, once the served build is too old while scrapes succeed', async () => {
    const dataDir = newDataDir();
    placar = await start(dataDir);
    await waitForHealthy(placar.url);

    mountReadOnly(path.join(dataDir, 'builds'));
    // Past 3 refresh intervals (6 s) with every scrape succeeding and every build failing.
    await expect
      .poll(async () => (await readHealth(placar?.url ?? '')).status, { timeout: 45_000, interval: 250 })
      .toBe('degraded');
    // The listing served says so too: its stale copy once the build itself is past the threshold (its builtAt
    // follows its data's generatedAt by the build's own time, so this may come a moment after /healthz).
    await expect
      .poll(async () => (await readListing(placar?.url ?? '', 'live')).stale, { timeout: 45_000, interval: 250 })
      .toBe(true);
    // What is served from here on is the last build published (one that was being made as the folder turned
    // read-only may still have been swapped in): read it once, at this moment.
    const health = await readHealth(placar.url);
    const served = await readListing(placar.url, 'live');
    for (const listing of ['live', 'hoje', 'amanha'] as const) {
      const { generatedAt, fetchedAt, stale, lastError } = health.listings[listing];
      expect(stale, listing).toBe(true);
      expect(lastError, listing).toBeNull();
      // The upstream was read after the data served was: the scrape is fine, the serving is not.
      expect(Date.parse(fetchedAt ?? '')).toBeGreaterThan(Date.parse(generatedAt ?? ''));
    }
    expect(health.listings.live.generatedAt).toBe(served.generatedAt);
    expect(health.lastRefresh).toMatchObject({ outcome: 'build-failed', error: expect.any(String) });
    expect(served.stale).toBe(true);

    unmount(path.join(dataDir, 'builds'));
    await waitForHealthy(placar.url, { live: served.generatedAt });
  }, 180_000);

  it('a first start whose build cannot be written stays up, answers "starting", and publishes once it can', async () => {
    const dataDir = newDataDir();
    fs.mkdirSync(path.join(dataDir, 'builds'));
    mountReadOnly(path.join(dataDir, 'builds'));
    placar = await start(dataDir);
    await placar.waitForOutput(/aviso: o primeiro build não foi publicado \(.+\)/);
    const starting = await rawRequest(placar.url, '/healthz');
    expect(starting.status).toBe(503);
    expect(starting.json()).toMatchObject({ status: 'starting', lastRefresh: { outcome: 'build-failed' } });
    await placar.waitForOutput(/atualização #2 falhou/);
    expect(placar.process.exitCode).toBeNull();

    unmount(path.join(dataDir, 'builds'));
    await waitForHealthy(placar.url, {}, 120_000);
    expect(placar.output()).not.toMatch(/Erro:/);
  }, 240_000);
});
