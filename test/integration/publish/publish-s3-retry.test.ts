/**
 * `npm start` publishing every build to a real S3 endpoint (deploy/publish-rclone.sh): while the
 * endpoint refuses uploads, each failure shows in /healthz (the site itself stays "ok") and the
 * bucket keeps what it had; once it accepts again, the next refresh's upload lands and /healthz
 * clears the error.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import type { PublishState } from '../../../src/lib/store/builds/publish-state-store.ts';
import { readCurrentBuildId } from '../../../src/lib/store/builds/current-link.ts';
import { startLocalS3, type LocalS3 } from '../../support/publish/local-s3.ts';
import { rawRequest } from '../../support/http/raw-http.ts';
import { servePlacarForFile } from '../../support/processes/served-placar.ts';
import { RARE_REFRESH_CRON } from '../../../harness/placar-process.ts';

let s3: LocalS3;

// Hooks run in order, after-hooks in reverse: the bucket is there before the Placar starts and after it stops.
beforeAll(async () => {
  s3 = await startLocalS3();
  s3.refusing = true;
});
afterAll(async () => {
  await s3?.close();
});
const served = servePlacarForFile({
  pages: readFixturePages,
  env: () => ({
    ...s3.rcloneVariables,
    WORKERS: '2',
    REFRESH_CRON: RARE_REFRESH_CRON,
    PUBLISH_COMMAND: s3.publishCommand,
  }),
});

interface Health {
  status: string;
  publish: PublishState | null;
}

async function health(): Promise<Health> {
  return (await rawRequest(served.placar.url, '/healthz')).json() as Health;
}

describe('a failing upload to the bucket', () => {
  it('is reported in /healthz while the site stays ok, and the bucket is left as it was', async () => {
    await served.placar.waitForOutput(
      /aviso: publicação falhou build=\S+ publicacao_ms=\d+ erro="saiu com código \d+: .+"/,
      30_000,
    );
    const { status, publish } = await health();
    expect(status).toBe('ok');
    expect(publish?.lastError).toMatch(/^saiu com código \d+: /);
    expect(publish?.lastSuccessAt).toBeNull();
    expect((await s3.readWebsite('/api/live')).status).toBe(404);
  });

  it('is retried at the next refresh, and the upload lands once the endpoint accepts it', async () => {
    s3.refusing = false;
    expect(await served.placar.refreshNow()).toMatch(/^atualização #\d+ concluída/);
    await expect.poll(async () => (await health()).publish?.lastError, { timeout: 30_000, interval: 500 }).toBeNull();
    const { publish } = await health();
    expect(publish?.lastSuccessAt).toBe(publish?.lastRunAt);
    // The bucket ends up holding the /api/live of the build that /healthz says was published last, byte for byte.
    await expect
      .poll(
        async () => {
          const published = (await health()).publish?.lastBuildId ?? '';
          const file = path.join(served.placar.dataDir, 'builds', published, 'client', 'api', 'live');
          const live = await s3.readWebsite('/api/live');
          return live.status === 200 && fs.existsSync(file) && live.body.equals(fs.readFileSync(file));
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(true);
    expect(readCurrentBuildId(served.placar.dataDir)).not.toBeNull();
  });
});
