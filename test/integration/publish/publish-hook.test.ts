/**
 * PUBLISH_COMMAND wired into the real processes: `npm start` publishes each swapped build
 * (reported in /healthz), and `npm run refresh` does too; a failing command is reported in
 * /healthz while the local site keeps being served.
 * A process: what is tested is the command's wiring into `npm start` and `npm run refresh`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import type { PublishState } from '../../../src/lib/store/builds/publish-state-store.ts';
import { readCurrentBuildId } from '../../../src/lib/store/builds/current-link.ts';
import { runScript, type ScriptResult } from '../../../harness/run-script.ts';
import { rawRequest } from '../../support/http/raw-http.ts';
import { servePlacarForFile } from '../../support/processes/served-placar.ts';

// Copies the build into $DEST/<build id>, unless $DEST/fail exists.
const PUBLISH_COMMAND =
  'if [ -e "$DEST/fail" ]; then echo "destino recusou o envio" >&2; exit 7; fi; cp -r "$PLACAR_BUILD_DIR" "$DEST/$PLACAR_BUILD_ID"';

const dest = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-publish-dest-'));
const env: Record<string, string> = { REFRESH_CRON: '0 0 * * *', PUBLISH_COMMAND, DEST: dest };

interface HealthWithPublish {
  status: string;
  publish: PublishState | null;
}

async function health(): Promise<HealthWithPublish> {
  return (await rawRequest(served.placar.url, '/healthz')).json() as HealthWithPublish;
}

// After the stop (after-hooks run in reverse).
afterAll(() => fs.rmSync(dest, { recursive: true, force: true }));
const served = servePlacarForFile({ pages: () => readFixturePages(), env });

function runRefreshCli(): Promise<ScriptResult> {
  return runScript('scripts/refresh.ts', {
    ...process.env,
    HOST: '127.0.0.1',
    DATA_DIR: served.placar.dataDir,
    UPSTREAM_URL: served.upstream.url,
    ...env,
  });
}

describe('PUBLISH_COMMAND in Placar', () => {
  it('publishes the build npm start swapped in, and /healthz says so', async () => {
    const buildId = readCurrentBuildId(served.placar.dataDir);
    expect(buildId).not.toBeNull();
    await expect.poll(async () => (await health()).publish?.lastBuildId, { timeout: 20_000 }).toBe(buildId);
    const { publish } = await health();
    expect(publish).toMatchObject({ lastError: null });
    expect(publish?.lastSuccessAt).toBe(publish?.lastRunAt);
    const copied = path.join(dest, buildId ?? '');
    for (const file of ['index.html', 'hoje.html', 'api/hoje', 'api/live']) {
      expect(fs.readFileSync(path.join(copied, file))).toEqual(
        fs.readFileSync(path.join(served.placar.dataDir, 'current', file)),
      );
    }
    await served.placar.waitForOutput(new RegExp(`publicação concluída build=${buildId} publicacao_ms=\\d+`));
  });

  it('reports a failed publication in /healthz and keeps serving the new local build', async () => {
    const before = (await health()).publish;
    fs.writeFileSync(path.join(dest, 'fail'), '');
    const refresh = await runRefreshCli();
    expect(refresh.code, refresh.output).toBe(0);
    expect(refresh.output).toMatch(
      /aviso: publicação falhou build=\S+ publicacao_ms=\d+ erro="saiu com código 7: destino recusou o envio"/,
    );
    const after = (await health()).publish;
    expect(after?.lastError).toBe('saiu com código 7: destino recusou o envio');
    expect(after?.lastBuildId).toBe(readCurrentBuildId(served.placar.dataDir));
    expect(after?.lastSuccessAt).toBe(before?.lastSuccessAt);
    expect((await health()).status).toBe('ok');
    // The command's output stays inside: a client that is not a direct loopback one (here, as
    // through a proxy) sees only the status and timings.
    const outside = await rawRequest(served.placar.url, '/healthz', { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(outside.text()).not.toContain('destino recusou');
    expect(outside.json()).toMatchObject({ status: 'ok' });
    expect(outside.json()).not.toHaveProperty('publish');
    const page = await rawRequest(served.placar.url, '/api/hoje');
    expect(page.status).toBe(200);
  });
});
