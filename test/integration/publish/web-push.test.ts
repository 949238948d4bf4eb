/**
 * Web Push end to end: Placar servers (REFRESH_CRON=off) take subscriptions on
 * /api/push/inscricoes, `npm run refresh` (the refresher, a new process each time) sends each
 * new event's alert to the followers, and a local https push service (its own certificate,
 * trusted through NODE_EXTRA_CA_CERTS) checks the VAPID signature and keeps the bodies, which
 * the test decrypts as the browser would (RFC 8291). Endpoints a client names outside
 * PUSH_SERVICE_ORIGINS are refused before any request (a canary listener gets no connection);
 * a 410 forgets the subscription; DELETE unsubscribes; a restart keeps the subscriptions.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent, fetch as fetchWith } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { currentLinkPath } from '../../../src/lib/store/builds/build-layout.ts';
import { pushSubscriptionsDir } from '../../../src/lib/store/push/push-subscriptions.ts';
import { vapidKeysFile } from '../../../src/lib/store/push/push-keys.ts';
import { startNginx } from '../../../harness/nginx.ts';
import { RARE_REFRESH_CRON, startPlacar, type PlacarProcess } from '../../../harness/placar-process.ts';
import {
  createBrowserSubscription,
  decryptPush,
  startCanary,
  startPushService,
  type BrowserSubscription,
  type PushService,
  type ReceivedPush,
} from '../../../src/demo/local-push-service.ts';
import { runScript } from '../../../harness/run-script.ts';
import { WELCOME_TOPIC } from '../../../src/refresh/publish/welcome-push.ts';
import { withScore } from '../../../harness/upstream-pages.ts';

const LIVE = '/jogos-em-andamento';
const TODAY = '/jogos-de-hoje';
const FLAMENGO = '/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html';
const SUBJECT = 'mailto:alertas@placar.test';
const SUBSCRIPTIONS = '/api/push/inscricoes';

let upstream: FakeUpstream;
let service: PushService;
let canary: Awaited<ReturnType<typeof startCanary>>;
let dataDir: string;
let server: PlacarProcess;
let pushEnv: Record<string, string>;
const pages = readFixturePages();
let flamengoScore: [number, number] = [2, 1];

function goalForFlamengo(): void {
  flamengoScore = [flamengoScore[0] + 1, flamengoScore[1]];
  for (const page of [LIVE, TODAY]) {
    pages[page] = withScore(pages[page] ?? '', FLAMENGO, ...flamengoScore);
    upstream.setPage(page, pages[page]);
  }
}

async function refresh(): Promise<string> {
  const result = await runScript('scripts/refresh.ts', {
    ...process.env,
    ...pushEnv,
    DATA_DIR: dataDir,
    UPSTREAM_URL: upstream.url,
    PUBLISH_COMMAND: '',
  });
  expect(result.code, result.output).toBe(0);
  return result.output;
}

function startServer(env: Record<string, string> = pushEnv): Promise<PlacarProcess> {
  return startPlacar({
    upstreamUrl: upstream.url,
    dataDir,
    env: { REFRESH_CRON: 'off', SEARCH_RATE_LIMIT: '1000', ...env },
    waitForFirstRefresh: false,
  });
}

async function send(
  method: string,
  body: unknown,
  headers: Record<string, string> = { 'Content-Type': 'application/json' },
): Promise<Response> {
  return fetch(server.url + SUBSCRIPTIONS, {
    method,
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function subscribe(subscription: Pick<BrowserSubscription, 'endpoint' | 'keys'>, times: string[]): Promise<Response> {
  return send('POST', {
    subscription: { endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys },
    times,
  });
}

/** The alerts sent to `endpoint` (not its welcome push, which carries the Topic WELCOME_TOPIC). */
const pushesTo = (endpoint: string): ReceivedPush[] =>
  service.received.filter((push) => service.origin + push.path === endpoint && push.headers.topic !== WELCOME_TOPIC);
const welcomesTo = (endpoint: string): ReceivedPush[] =>
  service.received.filter((push) => service.origin + push.path === endpoint && push.headers.topic === WELCOME_TOPIC);

function subscriptionFiles(): string[] {
  try {
    return fs.readdirSync(pushSubscriptionsDir(dataDir)).filter((name) => !name.startsWith('.'));
  } catch {
    return [];
  }
}

beforeAll(async () => {
  [upstream, service, canary] = await Promise.all([startFakeUpstream({ pages }), startPushService(), startCanary()]);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-push-'));
  pushEnv = {
    VAPID_SUBJECT: SUBJECT,
    PUSH_SERVICE_ORIGINS: service.origin,
    NODE_EXTRA_CA_CERTS: service.certificateFile,
  };
  await refresh();
  server = await startServer();
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await Promise.all([upstream?.close(), service?.close(), canary?.close()]);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('Web Push: /api/push and /api/push/inscricoes', () => {
  const fan = (name: string): BrowserSubscription => createBrowserSubscription(`${service.origin}/push/${name}`);
  let flamenguista: BrowserSubscription;
  let palmeirense: BrowserSubscription;
  let madridista: BrowserSubscription;
  let gone: BrowserSubscription;

  it('publishes the VAPID public key it made on first start, kept in DATA_DIR readable by its owner only', async () => {
    const response = await fetch(`${server.url}/api/push`);
    expect(response.status).toBe(200);
    const { publicKey } = (await response.json()) as { publicKey: string };
    const point = Buffer.from(publicKey, 'base64url');
    expect(point.length).toBe(65);
    expect(point[0]).toBe(4);
    expect(fs.statSync(vapidKeysFile(dataDir)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(vapidKeysFile(dataDir), 'utf8'))).toMatchObject({ publicKey });
  });

  it('refuses every endpoint outside PUSH_SERVICE_ORIGINS with a 400 problem, and never connects to one', async () => {
    const { port } = new URL(service.origin);
    const keys = fan('x').keys;
    const attempts = [
      `http://127.0.0.1:${port}/push/a`,
      `https://127.0.0.1:${canary.port}/push/a`,
      `http://127.0.0.1:${canary.port}/push/a`,
      `https://user:pass@127.0.0.1:${port}/push/a`,
      `https://127.0.0.1:${port}@127.0.0.1:${canary.port}/push/a`,
      `https://0x7f.0.0.1:${port}/push/a`,
      `https://2130706433:${port}/push/a`,
      `https://0177.0.0.1:${port}/push/a`,
      `https://[::ffff:127.0.0.1]:${port}/push/a`,
      `https://localhost:${port}/push/a`,
      `https://127.0.0.1:${port}#/push/a`,
      `HTTPS://127.0.0.1:${port}/push/a`,
      `https://127.0.0.1:${port}\\@127.0.0.1:${canary.port}/`,
      `https://127.0.0.1:${port}.nip.io/push/a`,
      `file:///etc/passwd`,
      `https://fcm.googleapis.com/fcm/send/a`,
      'não é uma url',
    ];
    for (const endpoint of attempts) {
      const response = await subscribe({ endpoint, keys }, ['Flamengo']);
      expect(response.status, endpoint).toBe(400);
      expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      const problem = (await response.json()) as { title: string; detail: string };
      expect(problem.title).toBe('Inscrição inválida');
    }
    const removal = await send('DELETE', { endpoint: `https://127.0.0.1:${canary.port}/push/a` });
    expect(removal.status).toBe(400);
    expect(subscriptionFiles()).toEqual([]);
    expect(canary.connections()).toBe(0);
  });

  it('refuses malformed bodies, bad keys, too many teams and big bodies with a 400 problem', async () => {
    const ok = fan('ok');
    const subscription = { endpoint: ok.endpoint, keys: ok.keys };
    const bad: [string, Promise<Response>][] = [
      ['not JSON', send('POST', '{"subscription":')],
      ['no content type', send('POST', { subscription, times: [] }, {})],
      ['text/plain', send('POST', { subscription, times: [] }, { 'Content-Type': 'text/plain' })],
      ['times not an array', send('POST', { subscription, times: 'Flamengo' })],
      ['a team not a string', send('POST', { subscription, times: [7] })],
      ['51 teams', send('POST', { subscription, times: Array.from({ length: 51 }, (_, i) => `Time ${i}`) })],
      [
        'short p256dh',
        send('POST', { subscription: { ...subscription, keys: { ...ok.keys, p256dh: 'AAAA' } }, times: [] }),
      ],
      [
        'short auth',
        send('POST', { subscription: { ...subscription, keys: { ...ok.keys, auth: 'AAAA' } }, times: [] }),
      ],
      ['no keys', send('POST', { subscription: { endpoint: ok.endpoint }, times: [] })],
      ['over 4 KB', send('POST', { subscription, times: [], extra: 'x'.repeat(5000) })],
      ['DELETE without endpoint', send('DELETE', {})],
    ];
    for (const [label, request] of bad) {
      const response = await request;
      expect(response.status, label).toBe(400);
      expect(response.headers.get('content-type'), label).toBe('application/problem+json; charset=utf-8');
    }
    const wrongMethod = await fetch(server.url + SUBSCRIPTIONS);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST, DELETE');
    expect(subscriptionFiles()).toEqual([]);
  });

  it('refuses a key that is not a point on P-256, an empty team list and a team Placar has never seen (400, saying which)', async () => {
    const ok = fan('recusado');
    const point = Buffer.from(ok.keys.p256dh, 'base64url');
    point[64] = (point[64] ?? 0) ^ 1;
    const offCurve = { endpoint: ok.endpoint, keys: { ...ok.keys, p256dh: point.toString('base64url') } };
    const cases: [string, Response, RegExp][] = [
      ['off the curve', await subscribe(offCurve, ['Flamengo']), /P-256/],
      ['no team', await subscribe(ok, []), /de 1 a 50 times/],
      ['unknown team', await subscribe(ok, ['Flamengo', 'Time Que Nunca Jogou']), /"Time Que Nunca Jogou"/],
      ['unknown teams only', await subscribe(ok, ['Ninguém FC', 'Nenhum EC']), /"Ninguém FC", "Nenhum EC"/],
    ];
    for (const [label, response, detail] of cases) {
      expect(response.status, label).toBe(400);
      expect(response.headers.get('content-type'), label).toBe('application/problem+json; charset=utf-8');
      const problem = (await response.json()) as { title: string; detail: string };
      expect(problem.title, label).toBe('Inscrição inválida');
      expect(problem.detail, label).toMatch(detail);
    }
    expect(subscriptionFiles()).toEqual([]);
  });

  it('keeps a new subscription only once its push service took the welcome push ("Alertas ativados: …"); a refusal keeps nothing and never counts', async () => {
    const refusals: [string, number, number][] = [
      ['sumiu', 410, 400],
      ['nunca-existiu', 404, 400],
      ['recusado', 403, 400],
      ['ocupado', 503, 503],
    ];
    for (const [name, answer, status] of refusals) {
      const browser = fan(name);
      service.answer(new URL(browser.endpoint).pathname, answer);
      const response = await subscribe(browser, ['Flamengo']);
      expect(response.status, name).toBe(status);
      expect(response.headers.get('content-type'), name).toBe('application/problem+json; charset=utf-8');
      if (status === 503) expect(Number(response.headers.get('retry-after')), name).toBeGreaterThan(0);
      expect(welcomesTo(browser.endpoint), name).toHaveLength(1);
    }
    expect(subscriptionFiles()).toEqual([]);
    // At the cap (one), the refused ones did not count: a browser's subscription is still kept, the next is not.
    const capped = await startServer({ ...pushEnv, PUSH_MAX_SUBSCRIPTIONS: '1' });
    try {
      const post = (browser: BrowserSubscription): Promise<Response> =>
        fetch(capped.url + SUBSCRIPTIONS, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            subscription: { endpoint: browser.endpoint, keys: browser.keys },
            times: ['Flamengo'],
          }),
        });
      for (const [name] of refusals) expect((await post(fan(name))).status, name).not.toBe(201);
      const welcomed = fan('bem-vindo');
      expect((await post(welcomed)).status).toBe(201);
      const [welcome] = welcomesTo(welcomed.endpoint);
      if (!welcome) throw new Error('no welcome push');
      expect(JSON.parse(decryptPush(welcome.body, welcomed))).toMatchObject({
        title: 'Alertas ativados: Flamengo',
        tag: 'placar:alertas-ativados',
        url: '/',
      });
      expect((await post(fan('depois-do-limite'))).status).toBe(503);
      expect(welcomesTo(fan('depois-do-limite').endpoint)).toEqual([]);
      const removal = { endpoint: welcomed.endpoint, auth: welcomed.keys.auth };
      expect((await send('DELETE', removal)).status).toBe(204);
    } finally {
      await capped.stop();
    }
    expect(subscriptionFiles()).toEqual([]);
  }, 120_000);

  it('keeps a subscription (201), replaces its teams when it comes again (200), and stores nothing but endpoint, keys, teams', async () => {
    flamenguista = fan('flamenguista');
    palmeirense = fan('palmeirense');
    madridista = fan('madridista');
    gone = fan('desinstalado');
    expect((await subscribe(flamenguista, ['Vasco da Gama'])).status).toBe(201);
    const again = await subscribe(flamenguista, ['Flamengo', 'Flamengo']);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ endpoint: flamenguista.endpoint, times: ['Flamengo'] });
    expect((await subscribe(palmeirense, ['Palmeiras'])).status).toBe(201);
    expect((await subscribe(madridista, ['Real Madrid'])).status).toBe(201);
    expect((await subscribe(gone, ['Flamengo'])).status).toBe(201);
    const files = subscriptionFiles();
    expect(files).toHaveLength(4);
    const stored = files.map((name) =>
      JSON.parse(fs.readFileSync(path.join(pushSubscriptionsDir(dataDir), name), 'utf8')),
    );
    for (const record of stored) expect(Object.keys(record).sort()).toEqual(['endpoint', 'keys', 'teams']);
    expect(stored).toContainEqual({ endpoint: flamenguista.endpoint, keys: flamenguista.keys, teams: ['Flamengo'] });
  });

  it('only the browser holding a subscription (its auth secret) may replace its keys and teams or delete it (403)', async () => {
    const impostor = createBrowserSubscription(flamenguista.endpoint);
    const takeover = await subscribe(impostor, ['Palmeiras']);
    expect(takeover.status).toBe(403);
    expect(takeover.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(((await takeover.json()) as { title: string }).title).toBe('Inscrição de outro navegador');
    const withoutSecret = await send('DELETE', { endpoint: flamenguista.endpoint });
    expect(withoutSecret.status).toBe(403);
    const wrongSecret = await send('DELETE', { endpoint: flamenguista.endpoint, auth: impostor.keys.auth });
    expect(wrongSecret.status).toBe(403);
    const stored = subscriptionFiles().map((name) =>
      JSON.parse(fs.readFileSync(path.join(pushSubscriptionsDir(dataDir), name), 'utf8')),
    );
    expect(stored).toContainEqual({ endpoint: flamenguista.endpoint, keys: flamenguista.keys, teams: ['Flamengo'] });
    expect(subscriptionFiles()).toHaveLength(4);
  });

  it('a goal reaches each follower of either team, encrypted for that browser and signed with the published key; a 410 forgets the subscription', async () => {
    const { publicKey } = (await (await fetch(`${server.url}/api/push`)).json()) as { publicKey: string };
    service.answer(new URL(gone.endpoint).pathname, 410);
    goalForFlamengo();
    const output = await refresh();
    expect(output).toContain('eventos: 1 novo');
    for (const follower of [flamenguista, palmeirense, gone])
      expect(pushesTo(follower.endpoint), follower.endpoint).toHaveLength(1);
    expect(pushesTo(madridista.endpoint)).toEqual([]);
    const [push] = pushesTo(flamenguista.endpoint);
    if (!push) throw new Error('no push');
    expect(push.vapid).toEqual({ aud: service.origin, exp: expect.any(Number), sub: SUBJECT, publicKey });
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.urgency).toBe('high');
    expect(Number(push.headers.ttl)).toBeGreaterThanOrEqual(60);
    const message = JSON.parse(decryptPush(push.body, flamenguista)) as Record<string, string>;
    expect(message.title).toMatch(/^Gol! Flamengo/);
    expect(message.body).toMatch(/^Flamengo 3 x 1 Palmeiras · /);
    expect(message.url).toMatch(/^\/jogo\//);
    expect(message.tag).toMatch(/^placar:/);
    expect(message.eventId).toMatch(/^\d{13}-\d{4}$/);
    // Each browser can read only its own copy.
    const [palmeiras] = pushesTo(palmeirense.endpoint);
    if (!palmeiras) throw new Error('no push');
    expect(() => decryptPush(palmeiras.body, flamenguista)).toThrow();
    expect(JSON.parse(decryptPush(palmeiras.body, palmeirense))).toEqual(message);
    expect(subscriptionFiles()).toHaveLength(3);
    expect(output).toMatch(/alertas push: 2 entregue\(s\), 1 inscrição\(ões\) vencida\(s\) removida\(s\)/);
    expect(canary.connections()).toBe(0);
  }, 120_000);

  it('DELETE unsubscribes (204, also for an unknown endpoint): the next goal goes to the others only', async () => {
    const removed = await send('DELETE', { endpoint: palmeirense.endpoint, auth: palmeirense.keys.auth });
    expect(removed.status).toBe(204);
    expect((await send('DELETE', { endpoint: `${service.origin}/push/nunca-inscrito` })).status).toBe(204);
    goalForFlamengo();
    await refresh();
    expect(pushesTo(flamenguista.endpoint)).toHaveLength(2);
    expect(pushesTo(palmeirense.endpoint)).toHaveLength(1);
    expect(pushesTo(gone.endpoint)).toHaveLength(1);
    const latest = pushesTo(flamenguista.endpoint)[1];
    if (!latest) throw new Error('no push');
    expect(JSON.parse(decryptPush(latest.body, flamenguista))).toMatchObject({
      body: expect.stringMatching(/^Flamengo 4 x 1 Palmeiras/),
    });
  }, 120_000);

  it('a restart keeps the subscriptions and the keys', async () => {
    const before = (await (await fetch(`${server.url}/api/push`)).json()) as { publicKey: string };
    await server.stop();
    server = await startServer();
    const after = (await (await fetch(`${server.url}/api/push`)).json()) as { publicKey: string };
    expect(after).toEqual(before);
    expect((await subscribe(flamenguista, ['Flamengo'])).status).toBe(200);
    expect((await subscribe(madridista, ['Real Madrid'])).status).toBe(200);
    expect(subscriptionFiles()).toHaveLength(2);
  }, 120_000);

  it('nginx (deploy/nginx.conf) passes /api/push and POST/DELETE /api/push/inscricoes to Placar, and no other write', async () => {
    const nginx = await startNginx({
      clientDir: currentLinkPath(dataDir),
      placarUrl: server.url,
      upstreamUrl: upstream.url,
    });
    const dispatcher = new Agent({ connect: { ca: nginx.ca } });
    try {
      const direct = await (await fetch(`${server.url}/api/push`)).json();
      const key = await fetchWith(`${nginx.url}/api/push`, { dispatcher });
      expect(key.status).toBe(200);
      expect(await key.json()).toEqual(direct);
      const viaNginx = fan('via-nginx');
      const body = JSON.stringify({
        subscription: { endpoint: viaNginx.endpoint, keys: viaNginx.keys },
        times: ['Flamengo'],
      });
      const headers = { 'Content-Type': 'application/json' };
      const kept = await fetchWith(nginx.url + SUBSCRIPTIONS, { method: 'POST', headers, body, dispatcher });
      expect(kept.status).toBe(201);
      const refused = await fetchWith(`${nginx.url}/api/hoje`, { method: 'POST', headers, body, dispatcher });
      expect(refused.status).toBe(405);
      const big = await fetchWith(nginx.url + SUBSCRIPTIONS, {
        method: 'POST',
        headers,
        body: 'x'.repeat(5000),
        dispatcher,
      });
      expect(big.status).toBe(413);
      const endpoint = JSON.stringify({ endpoint: viaNginx.endpoint, auth: viaNginx.keys.auth });
      const removed = await fetchWith(nginx.url + SUBSCRIPTIONS, {
        method: 'DELETE',
        headers,
        body: endpoint,
        dispatcher,
      });
      expect(removed.status).toBe(204);
      expect(subscriptionFiles()).toHaveLength(2);
    } finally {
      await dispatcher.close();
      await nginx.stop();
    }
  }, 60_000);

  it('without VAPID_SUBJECT push is off: both paths answer a 404 problem', async () => {
    const off = await startPlacar({
      upstreamUrl: upstream.url,
      dataDir,
      env: { REFRESH_CRON: 'off' },
      waitForFirstRefresh: false,
    });
    try {
      for (const [method, url] of [
        ['GET', '/api/push'],
        ['POST', SUBSCRIPTIONS],
      ] as const) {
        const response = await fetch(off.url + url, {
          method,
          headers: { 'Content-Type': 'application/json' },
          body: method === 'POST' ? '{}' : undefined,
        });
        expect(response.status).toBe(404);
        expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      }
    } finally {
      await off.stop();
    }
  }, 120_000);

  it('a cluster (WORKERS=2) refreshing itself sends each alert once: only the primary sends, workers take subscriptions', async () => {
    await server.stop();
    const cluster = await startPlacar({
      upstreamUrl: upstream.url,
      dataDir,
      env: { ...pushEnv, WORKERS: '2', REFRESH_CRON: RARE_REFRESH_CRON, SEARCH_RATE_LIMIT: '1000' },
    });
    server = cluster;
    const before = pushesTo(flamenguista.endpoint).length;
    // Through the workers (the primary serves no HTTP): a new follower and the known one.
    const viaWorker = fan('via-worker');
    expect((await subscribe(viaWorker, ['Palmeiras'])).status).toBe(201);
    // Its welcome push went out from the primary (a worker loads no Web Push code).
    expect(welcomesTo(viaWorker.endpoint)).toHaveLength(1);
    expect((await subscribe(flamenguista, ['Flamengo'])).status).toBe(200);
    const refreshes = (): number => [...cluster.output().matchAll(/atualização #\d+ concluída/g)].length;
    goalForFlamengo();
    // The primary refreshes when asked (kill -USR2), as on a tick of its schedule.
    await cluster.refreshNow();
    await expect.poll(() => pushesTo(viaWorker.endpoint).length, { timeout: 60_000 }).toBe(1);
    // Two more refreshes after the push: still one push each for that goal.
    const seen = refreshes();
    for (let more = 0; more < 2; more += 1) await cluster.refreshNow();
    expect(refreshes()).toBeGreaterThanOrEqual(seen + 2);
    expect(pushesTo(viaWorker.endpoint)).toHaveLength(1);
    expect(pushesTo(flamenguista.endpoint)).toHaveLength(before + 1);
    const [push] = pushesTo(viaWorker.endpoint);
    if (!push) throw new Error('no push');
    expect(JSON.parse(decryptPush(push.body, viaWorker))).toMatchObject({
      title: expect.stringMatching(/^Gol! Flamengo/),
      body: expect.stringMatching(/^Flamengo 5 x 1 Palmeiras/),
    });
  }, 180_000);
});
