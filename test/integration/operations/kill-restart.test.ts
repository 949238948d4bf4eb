/**
 * kill -9 at random points, in a loop: the server while it refreshes (scrape, build, compression,
 * swap, cleanup), and a process writing the snapshot. After every kill snapshot.json and
 * scrape-state.json are whole and valid and `current` points at a complete build; a restart
 * serves that build at once; the temp files and half builds a kill leaves are swept by the
 * next refresh.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isBuildId } from '../../../src/lib/store/builds/build-layout.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { ListEnvelopeSchema, type Snapshot } from '../../../src/lib/model/model.ts';
import { readSnapshot, serializeSnapshot } from '../../../src/lib/store/scraped/snapshot-store.ts';
import { runTempFileSweep } from '../../../src/refresh/sweep-temp-files.ts';
import { expectConsistentDataDir, killBuildChildren } from '../../support/data-dir/data-dir-checks.ts';
import { buildEnvelope, buildFixtureSnapshot } from '../../../harness/fixture-snapshot.ts';
import { scriptToRun } from '../../../harness/compiled-scripts.ts';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import { provideSharedSiteBundle } from '../../../harness/shared-site-bundle.ts';
import { startChild, type WatchedChild } from '../../../harness/watched-child.ts';
import { rawRequest } from '../../support/http/raw-http.ts';

const KILLS = 22;
const LISTENING = /Placar ouvindo em (http:\/\/\S+)/;
let upstream: FakeUpstream;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-kill-'));

beforeAll(async () => {
  // The kills are of refreshes, not of the site bundle's build: the run's bundle is there from the start.
  provideSharedSiteBundle(dataDir, PROJECT_ROOT);
  upstream = await startFakeUpstream({ pages: readFixturePages() });
});

const servers: WatchedChild[] = [];

afterAll(async () => {
  // A test that failed midway leaves its server running.
  await Promise.all(servers.map((server) => server.stop({ signal: 'SIGKILL' })));
  killBuildChildren(dataDir);
  await upstream?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function spawnServer(): WatchedChild {
  const server = startChild(process.execPath, [scriptToRun('scripts/start.ts')], {
    name: 'placar',
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      UPSTREAM_URL: upstream.url,
      REFRESH_CRON: '* * * * * *',
      SEARCH_RATE_LIMIT: '0',
    },
  });
  servers.push(server);
  return server;
}

async function kill9(child: WatchedChild): Promise<void> {
  await child.stop({ signal: 'SIGKILL' });
}

/** Where the running refresh is, told from the folder (the server is about to be killed). */
function phaseOf(): string {
  const buildsDir = path.join(dataDir, 'builds');
  const current = fs.readlinkSync(path.join(dataDir, 'current')).split('/')[1] ?? '';
  const newer = fs.readdirSync(buildsDir).filter((name) => /^\d{8}T/.test(name) && name > current);
  const build = newer.length > 0 ? path.join(buildsDir, newer.sort().at(-1) ?? '') : null;
  if (build === null) return 'coleta ou limpeza';
  if (fs.existsSync(path.join(build, 'site-manifest.json'))) return 'troca';
  // The data routes are rendered last into the build (after the bundle's files are linked in).
  if (fs.existsSync(path.join(build, 'client', 'api', 'amanha'))) return 'compressão';
  return 'build';
}

describe('kill -9 of the server during refreshes', () => {
  it(`leaves a consistent DATA_DIR and restarts serving at once, ${KILLS} times`, async () => {
    const first = spawnServer();
    await first.waitForOutput(/atualização #1 concluída/, 90_000);
    await kill9(first);
    const phases: Record<string, number> = {};
    let leftovers = 0;
    for (let i = 0; i < KILLS; i++) {
      const server = spawnServer();
      const url = (await server.waitForOutput(LISTENING, 30_000))[1] ?? '';
      // At once: the last good build, no first-start build, valid data.
      for (const target of ['/', '/api/live', '/api/hoje', '/api/busca?q=flamengo', '/healthz']) {
        expect((await rawRequest(url, target)).status, `${target} right after restart #${i}`).toBe(200);
      }
      expect(ListEnvelopeSchema.safeParse((await rawRequest(url, '/api/live')).json()).success).toBe(true);
      expect(server.output()).not.toMatch(/Primeiro início/);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 2_500));
      const phase = phaseOf();
      await kill9(server);
      phases[phase] = (phases[phase] ?? 0) + 1;
      killBuildChildren(dataDir);
      leftovers += expectConsistentDataDir(dataDir).tempFiles.length;
    }
    console.info(
      `kill -9 during refresh: ${KILLS} kills by phase ${JSON.stringify(phases)}; temp files left by kills: ${leftovers}`,
    );

    // One more start: its refresh sweeps what the kills left.
    const last = spawnServer();
    await last.waitForOutput(/atualização #1 concluída/, 90_000);
    const state = expectConsistentDataDir(dataDir);
    expect(state.tempFiles).toEqual([]);
    expect(state.incompleteBuilds).toEqual([]);
    expect(fs.readdirSync(path.join(dataDir, 'builds')).filter(isBuildId).length).toBeLessThanOrEqual(3);
    await kill9(last);
  }, 300_000);
});

describe('kill -9 of a process writing the snapshot', () => {
  it('never leaves snapshot.json half-written: it is always one of the two whole snapshots', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-kill-write-'));
    try {
      const small = buildFixtureSnapshot();
      const many = Array.from({ length: 40 }, () => small.hoje.matches)
        .flat()
        .map((match, index) => ({ ...match, id: `${match.id}-${index}` }));
      const large: Snapshot = {
        ...small,
        hoje: buildEnvelope('https://www.placardefutebol.com.br', 'hoje', many, small.hoje.generatedAt),
      };
      const files = [small, large].map((snapshot, index) => {
        const file = path.join(dir, `input-${index}.json`);
        fs.writeFileSync(file, serializeSnapshot(snapshot));
        return file;
      });
      const dataDirForWrites = path.join(dir, 'data');
      let killedMidWrite = 0;
      for (let i = 0; i < 30; i++) {
        const writer = startChild(
          process.execPath,
          ['test/support/processes/snapshot-write-loop.ts', dataDirForWrites, ...files],
          {
            name: 'snapshot-write-loop',
            cwd: PROJECT_ROOT,
            stdio: ['ignore', 'pipe', 'inherit'],
          },
        );
        await writer.waitForOutput(/writing/);
        await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 200));
        await kill9(writer);
        const snapshot = readSnapshot(dataDirForWrites);
        expect([small.hoje.count, large.hoje.count]).toContain(snapshot?.hoje.count);
        expect(serializeSnapshot(snapshot ?? small)).toBe(
          serializeSnapshot(snapshot?.hoje.count === small.hoje.count ? small : large),
        );
        killedMidWrite += runTempFileSweep(dataDirForWrites).length;
      }
      console.info(
        `kill -9 of a snapshot writer: 30 kills, ${killedMidWrite} mid-write (temp file left and swept), snapshot.json whole every time`,
      );
      expect(fs.readdirSync(dataDirForWrites).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
