/**
 * A subscription that comes while DATA_DIR's disk is full: a 503 problem with Retry-After (the
 * fan's page tries again later), nothing half-written left in the subscriptions folder, and
 * the same subscription kept once space is freed. DATA_DIR is a tiny tmpfs (root with
 * CAP_SYS_ADMIN, as the other disk-full tests) filled by a filler file.
 * A process: the subscription is a POST with a body, which inject() does not send.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { pushSubscriptionsDir } from '../../../src/lib/store/push/push-subscriptions.ts';
import { createBrowserSubscription, startPushService, type PushService } from '../../../src/demo/local-push-service.ts';
import { fillDisk, fillerOf, mountTmpfsForFile } from '../../support/data-dir/tmpfs.ts';
import { servePlacarForFile } from '../../support/processes/served-placar.ts';

let service: PushService;
// Before-hooks run in order, after-hooks in reverse: the push service outlives the Placar that sends to it.
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => {
  await service?.close();
});
const mountPoint = mountTmpfsForFile('48m');
const served = servePlacarForFile({
  pages: readFixturePages,
  dataDir: mountPoint,
  env: () => ({
    REFRESH_CRON: '0 0 * * *',
    SEARCH_RATE_LIMIT: '1000',
    VAPID_SUBJECT: 'mailto:alertas@placar.test',
    PUSH_SERVICE_ORIGINS: service.origin,
    NODE_EXTRA_CA_CERTS: service.certificateFile,
  }),
});

function subscribe(endpoint: string): Promise<Response> {
  const { keys } = createBrowserSubscription(endpoint);
  return fetch(`${served.placar.url}/api/push/inscricoes`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ subscription: { endpoint, expirationTime: null, keys }, times: ['Flamengo'] }),
  });
}

const subscriptionFiles = (): string[] =>
  fs.existsSync(pushSubscriptionsDir(mountPoint())) ? fs.readdirSync(pushSubscriptionsDir(mountPoint())) : [];

describe('a subscription on a full disk', () => {
  it('answers 503 with Retry-After and keeps nothing; once freed, the same subscription is kept', async () => {
    const endpoint = `${service.origin}/push/disco-cheio`;
    // The folder exists before the disk fills: only the subscription's own file finds no room.
    expect((await subscribe(`${service.origin}/push/primeiro`)).status).toBe(201);
    fillDisk(mountPoint(), 0);
    const refused = await subscribe(endpoint);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const problem = (await refused.json()) as { title: string; detail: string };
    expect(problem.detail).toMatch(/espaço em disco/);
    expect(subscriptionFiles()).toHaveLength(1);
    fs.rmSync(fillerOf(mountPoint()));
    expect((await subscribe(endpoint)).status).toBe(201);
    expect(subscriptionFiles()).toHaveLength(2);
  }, 60_000);
});
