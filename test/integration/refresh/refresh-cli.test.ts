/**
 * The entry points as processes: `npm run refresh` (exit codes; a running server picks up the
 * build it publishes), `npm start` on a port in use (one line, exit 2), SIGTERM (exit 0), and
 * a first start with the upstream unreachable (an empty, stale site is served).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import type { ListEnvelope } from '../../../src/lib/model/model.ts';
import { startPlacar } from '../../../harness/placar-process.ts';
import { runScript as runHarnessScript, type ScriptResult } from '../../../harness/run-script.ts';
import { rawRequest } from '../../support/http/raw-http.ts';

let upstream: FakeUpstream;
const dataDirs: string[] = [];

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-cli-'));
  dataDirs.push(dir);
  return dir;
}

/** The entry point as written (its TypeScript, as `npm run refresh` and `npm start` run it): the command is the subject. */
function runScript(script: string, env: Record<string, string>): Promise<ScriptResult> {
  return runHarnessScript(script, { ...process.env, ...env }, { source: true });
}

/** A loopback URL where nothing listens (a port that was free a moment ago). */
async function deadUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  upstream = await startFakeUpstream({ pages: readFixturePages() });
});

afterAll(async () => {
  await upstream?.close();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run refresh', () => {
  it('publishes a build that a running server picks up within about a second', async () => {
    const dataDir = tempDataDir();
    const placar = await startPlacar({ upstreamUrl: upstream.url, dataDir, env: { REFRESH_CRON: '0 0 * * *' } });
    try {
      const before = (await rawRequest(placar.url, '/healthz')).json() as { lastBuildAt: string };
      // A build's time counts whole seconds: the next one is made in a later second than the served one.
      await expect.poll(() => Date.now()).toBeGreaterThan(Date.parse(before.lastBuildAt) + 1_000);
      const result = await runScript('scripts/refresh.ts', { DATA_DIR: dataDir, UPSTREAM_URL: upstream.url });
      expect(result.code, result.output).toBe(0);
      expect(result.output).toMatch(/atualização concluída build=\S+ live=4/);
      // Nothing of the teams moved: their homes are the server's build's files, by that build's keys file.
      expect(result.output).not.toMatch(/paginas_de_time=/);
      const lastBuildAt = async (): Promise<string> =>
        ((await rawRequest(placar.url, '/healthz')).json() as { lastBuildAt: string }).lastBuildAt;
      await expect.poll(lastBuildAt, { timeout: 1_500 }).not.toBe(before.lastBuildAt);
      expect((await rawRequest(placar.url, '/api/live')).status).toBe(200);
    } finally {
      await placar.stop();
    }
  }, 120_000);

  it('exits 0 with the upstream down (old data kept), and 1 when nothing can be built', async () => {
    const dataDir = tempDataDir();
    const down = await runScript('scripts/refresh.ts', {
      DATA_DIR: dataDir,
      UPSTREAM_URL: await deadUrl(),
      REQUEST_TIMEOUT_MS: '2000',
    });
    expect(down.code, down.output).toBe(0);
    expect(down.output).toMatch(/aviso: live não foi atualizada/);
    expect(fs.readlinkSync(path.join(dataDir, 'current'))).toMatch(/^builds\/\S+\/client$/);
    const unwritable = path.join(tempDataDir(), 'file');
    fs.writeFileSync(unwritable, 'not a folder');
    const broken = await runScript('scripts/refresh.ts', { DATA_DIR: unwritable, UPSTREAM_URL: upstream.url });
    expect(broken.code).not.toBe(0);
    expect(broken.output.trim().split('\n').at(-1)).toMatch(/^Erro/);
  }, 120_000);
});

describe('npm start', () => {
  it('serves an empty, stale site on a first start with the upstream unreachable, then exits 0 on SIGTERM', async () => {
    const placar = await startPlacar({
      upstreamUrl: await deadUrl(),
      env: { REFRESH_CRON: '0 0 * * *', REQUEST_TIMEOUT_MS: '1000' },
    });
    let exitCode: number | null = null;
    placar.process.once('exit', (code) => (exitCode = code));
    try {
      const live = (await rawRequest(placar.url, '/api/live')).json() as ListEnvelope;
      expect(live).toMatchObject({ generatedAt: null, stale: true, count: 0 });
      const health = (await rawRequest(placar.url, '/healthz')).json() as {
        status: string;
        listings: { live: { lastError: string | null } };
      };
      expect(health.status).toBe('degraded');
      expect(health.listings.live.lastError).not.toBeNull();
      expect((await rawRequest(placar.url, '/')).status).toBe(200);
    } finally {
      await placar.stop();
    }
    expect(exitCode).toBe(0);
    expect(placar.output()).toMatch(/SIGTERM recebido: encerrando…\nPlacar encerrado\./);
  }, 120_000);

  it('says in one line that the port is in use and exits 2', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const result = await runScript('scripts/start.ts', {
        DATA_DIR: tempDataDir(),
        UPSTREAM_URL: upstream.url,
        HOST: '127.0.0.1',
        PORT: String(port),
      });
      expect(result.code).toBe(2);
      expect(result.output.trim()).toBe(
        `Erro: a porta ${port} já está em uso em 127.0.0.1: pare o outro processo ou use outra PORT.`,
      );
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  }, 60_000);
});
