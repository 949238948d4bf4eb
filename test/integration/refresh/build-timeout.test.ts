/**
 * A build that hangs: after BUILD_TIMEOUT_MS the build child is killed (with its process
 * group), the old site keeps serving, /healthz and one log line say why, and the next refresh
 * builds again. The hang is real: the `astro build` child blocks at start-up (a preloaded
 * module, see test/support/processes/hang-build.mjs) while a flag file exists; the site bundle is removed
 * meanwhile, so every refresh has to build it (as after an upgrade). A build that fails
 * outright: refresh-swap.test.ts.
 * A process: the hung build child is killed with its process group, refreshes running on schedule.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { BUNDLE_PREFIX, isBuildId } from '../../../src/lib/store/builds/build-layout.ts';
import { isProcessAlive } from '../../../src/lib/store/files/process-alive.ts';
import { killBuildChildren } from '../../support/data-dir/data-dir-checks.ts';
import { rawRequest } from '../../support/http/raw-http.ts';
import { expectNoStackTraces, readHealth } from '../../support/processes/service-probe.ts';
import { servePlacarForFile } from '../../support/processes/served-placar.ts';

const BUILD_TIMEOUT_MS = 12_000;
const flagDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-hang-'));
const flag = path.join(flagDir, 'hang');
// The pid is read from the file's name ("hang.<pid>.pid"), which exists whole as soon as the file
// does; its text may still be empty when a busy machine lets this read run between the hung
// build's open and write (Number('') is 0, and kill(0, 0) is this process's own group).
const hungPids = (): number[] =>
  fs
    .readdirSync(flagDir)
    .map((name) => /^hang\.(\d+)\.pid$/.exec(name)?.[1])
    .filter((pid) => pid !== undefined)
    .map(Number);
// Hooks run in order, after-hooks in reverse: the flag folder goes after the Placar stops; the hung build is let
// go and killed before.
afterAll(() => fs.rmSync(flagDir, { recursive: true, force: true }));
const preload = `--import=${pathToFileURL(path.resolve(import.meta.dirname, '../../support/processes/hang-build.mjs')).href}`;
const served = servePlacarForFile({
  pages: readFixturePages,
  env: {
    REFRESH_CRON: '*/2 * * * * *',
    BUILD_TIMEOUT_MS: String(BUILD_TIMEOUT_MS),
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${preload}`.trim(),
    PLACAR_TEST_HANG_FLAG: flag,
  },
});
afterAll(() => {
  fs.rmSync(flag, { force: true });
  killBuildChildren(served.placar.dataDir);
});

describe('a build that hangs', () => {
  it('is killed after BUILD_TIMEOUT_MS while the old site serves, and the next refresh publishes', async () => {
    const { placar } = served;
    const logFrom = placar.output().length;
    fs.writeFileSync(flag, '');
    for (const name of fs.readdirSync(path.join(placar.dataDir, 'builds'))) {
      if (name.startsWith(BUNDLE_PREFIX)) fs.rmSync(path.join(placar.dataDir, 'builds', name), { recursive: true });
    }
    await expect.poll(() => hungPids().length, { timeout: 30_000, interval: 100 }).toBeGreaterThan(0);
    const [hung = 0] = hungPids();
    expect(hung).toBeGreaterThan(0);
    expect(isProcessAlive(hung)).toBe(true);
    // Refreshes never overlap: what is served now stays until the hung build is dealt with.
    const before = await readHealth(placar.url);
    const liveBefore = (await rawRequest(placar.url, '/api/live')).text();
    for (const target of ['/', '/api/live', '/api/busca?q=flamengo', '/healthz'])
      expect((await rawRequest(placar.url, target)).status, target).toBe(200);

    await placar.waitForOutput(
      /atualização #\d+ falhou build=\S+ .*erro="build excedeu BUILD_TIMEOUT_MS \(12000 ms\)"/,
      BUILD_TIMEOUT_MS + 30_000,
    );
    fs.rmSync(flag);
    expect(isProcessAlive(hung)).toBe(false);
    const during = await readHealth(placar.url);
    expect(during.lastBuildAt).toBe(before.lastBuildAt);
    expect(during.lastRefresh).toMatchObject({
      outcome: 'build-failed',
      error: 'build excedeu BUILD_TIMEOUT_MS (12000 ms)',
    });
    // Same data; no build for longer than 3 refresh intervals, so the API now says it is stale.
    expect((await rawRequest(placar.url, '/api/live')).json()).toEqual({
      ...(JSON.parse(liveBefore) as object),
      stale: true,
    });
    expect(fs.readdirSync(path.join(placar.dataDir, 'builds')).filter(isBuildId).length).toBeLessThanOrEqual(3);

    // A refresh that started before the flag was removed may hang once more: allow for it.
    await expect
      .poll(async () => (await readHealth(placar.url)).lastRefresh?.outcome, {
        timeout: BUILD_TIMEOUT_MS + 30_000,
        interval: 250,
      })
      .toBe('published');
    const after = await readHealth(placar.url);
    expect(after.lastBuildAt).not.toBe(before.lastBuildAt);
    expect(after.lastRefresh?.error).toBeNull();
    for (const pid of hungPids()) expect(isProcessAlive(pid), `hung build ${pid}`).toBe(false);
    const log = placar.output().slice(logFrom);
    expectNoStackTraces(log);
    expect(log.match(/excedeu BUILD_TIMEOUT_MS/g)?.length).toBe(hungPids().length);
  }, 120_000);
});
