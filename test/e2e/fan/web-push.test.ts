/**
 * Web Push in Chromium against the real server (push on: VAPID_SUBJECT). A push delivered to
 * the service worker (DevTools' ServiceWorker.deliverPushMessage, with the bytes Placar's
 * refresher would encrypt: the PushMessage of a real match) shows the notification, and its
 * tap target is the match's page. Headless Chromium cannot click a system notification, and a
 * notificationclick dispatched from script is untrusted (no waitUntil, no openWindow): so the
 * tap is checked as what the notification carries (data.url, resolved against the worker's
 * scope as its notificationclick does) and that page being the match's.
 * The page's side: "Ativar alertas" subscribes where push is on and says where alerts reach,
 * following a team sends the new list, "Desativar" deletes the subscription; where the browser
 * cannot subscribe (its push service refusing or silent), it says alerts arrive only while Placar
 * is open, and why. Headless Chromium
 * has no push service to subscribe with (no FCM), so an init script stands in for
 * PushManager's subscribe()/getSubscription() with a subscription at the test's push origin,
 * keys made by the test; everything after — the page's requests, the server's validation,
 * the stored file — is real.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext } from '../../support/browser/test-page.ts';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { buildPushMessages } from '../../../src/lib/display/push-alert.ts';
import { hasMatchPage } from '../../../src/lib/model/match-paths.ts';
import type { MatchEvent } from '../../../src/lib/model/model.ts';
import { pushSubscriptionsDir } from '../../../src/lib/store/push/push-subscriptions.ts';
import { startDashboardHarness, type DashboardHarness } from '../../support/browser/dashboard-harness.ts';
import { followBeforeLoad } from '../../support/browser/fan-page.ts';
import {
  createBrowserSubscription,
  decryptPush,
  startPushService,
  type PushService,
} from '../../../src/demo/local-push-service.ts';

/** A local push service: it takes a new subscription's welcome push (no refresh runs: no alert is sent). */
let service: PushService;
let harness: DashboardHarness;

beforeAll(async () => {
  service = await startPushService();
  harness = await startDashboardHarness({
    pages: readFixturePages(),
    env: {
      REFRESH_CRON: '0 0 * * *',
      VAPID_SUBJECT: 'mailto:alertas@placar.test',
      PUSH_SERVICE_ORIGINS: service.origin,
      NODE_EXTRA_CA_CERTS: service.certificateFile,
    },
  });
}, 240_000);

afterAll(async () => {
  await harness?.close();
  await service?.close();
});

async function newFanContext(teams: readonly string[]): Promise<BrowserContext> {
  // Push arrives at the service worker.
  const context = await openTestContext(harness.browser, {
    serviceWorkers: 'allow',
    viewport: { width: 360, height: 800 },
  });
  await context.grantPermissions(['notifications'], { origin: harness.placar.url });
  await followBeforeLoad(context, teams);
  return context;
}

async function openWithWorker(context: BrowserContext, pathname: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(harness.placar.url + pathname);
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  return page;
}

function storedSubscriptions(): { endpoint: string; teams: string[] }[] {
  const dir = pushSubscriptionsDir(harness.placar.dataDir);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => !name.startsWith('.'))
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as { endpoint: string; teams: string[] });
}

describe('a push reaches the service worker', () => {
  it('shows the notification the refresher would send (title, body, tag), and its tap opens /jogo/{id}', async () => {
    const today = await harness.readListing('hoje');
    const match = today.matches.find((candidate) => hasMatchPage(candidate.id) && candidate.status === 'IN_PLAY');
    if (!match) throw new Error('the fixture has no live match with a page');
    const event: MatchEvent = {
      id: '1795000000000-0001',
      type: 'GOAL',
      at: '2026-11-21T16:48:00-03:00',
      match,
      team: 'HOME',
      previous: { status: match.status, score: { ...match.score, home: (match.score.home ?? 1) - 1 } },
      scorer: { player: 'Pedro', minute: 23, injuryTime: null, ownGoal: false, penalty: false },
    };
    const [pushed] = buildPushMessages([event]);
    if (!pushed) throw new Error('a goal makes a push');
    const context = await newFanContext([match.homeTeam.name]);
    const page = await openWithWorker(context, '/');
    const session = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) =>
      session.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((entry) => !entry.isDeleted);
        if (found) resolve(found.registrationId);
      }),
    );
    await session.send('ServiceWorker.enable');
    await session.send('ServiceWorker.deliverPushMessage', {
      origin: harness.placar.url,
      registrationId: await registration,
      data: JSON.stringify(pushed.message),
    });
    const readShown = () =>
      page.evaluate(async () => {
        const worker = await navigator.serviceWorker.ready;
        return (await worker.getNotifications()).map((shown) => ({
          title: shown.title,
          body: shown.body,
          tag: shown.tag,
          lang: shown.lang,
          target: new URL((shown.data as { url: string }).url, worker.scope).href,
        }));
      });
    await expect.poll(readShown, { timeout: 10_000 }).toHaveLength(1);
    const [shown] = await readShown();
    expect(shown).toEqual({
      title: `Gol! ${match.homeTeam.name}: Pedro, 23'`,
      body: expect.stringContaining(`${match.homeTeam.name} `),
      tag: pushed.message.tag,
      lang: 'pt-BR',
      target: `${harness.placar.url}/jogo/${match.id}`,
    });
    // The same event pushed again replaces its notification: one event, one notification.
    await session.send('ServiceWorker.deliverPushMessage', {
      origin: harness.placar.url,
      registrationId: await registration,
      data: JSON.stringify(pushed.message),
    });
    await page.waitForTimeout(500);
    expect(await readShown()).toHaveLength(1);
    const target = await page.goto(shown?.target ?? '');
    expect(target?.status()).toBe(200);
    await expect.poll(() => page.locator('h1').textContent()).toContain(match.homeTeam.name);
    await context.close();
  }, 60_000);
});

describe('"Ativar alertas" where push is on', () => {
  it('subscribes with the followed teams, says alerts reach a closed Placar, follows the teams, and "Desativar" unsubscribes', async () => {
    const browserSide = createBrowserSubscription(`${service.origin}/push/fa-do-flamengo`);
    const context = await newFanContext(['Flamengo']);
    await context.addInitScript(
      ({ endpoint, keys }) => {
        let current: PushSubscription | null = null;
        const make = (): PushSubscription => {
          const subscription = Object.create(PushSubscription.prototype, {
            endpoint: { value: endpoint },
            toJSON: { value: () => ({ endpoint, expirationTime: null, keys }) },
            unsubscribe: {
              value: async () => {
                current = null;
                return true;
              },
            },
          });
          return subscription;
        };
        PushManager.prototype.getSubscription = async () => current;
        PushManager.prototype.subscribe = async () => (current ??= make());
      },
      { endpoint: browserSide.endpoint, keys: browserSide.keys },
    );
    const page = await openWithWorker(context, '/');
    const region = page.getByRole('region', { name: 'Meus times' });
    await region.getByRole('button', { name: 'Ativar alertas', exact: true }).click();
    await expect
      .poll(() => region.locator('[data-alert-note]').textContent())
      .toBe('Os alertas chegam também com o Placar fechado.');
    expect(storedSubscriptions()).toEqual([
      { endpoint: browserSide.endpoint, keys: browserSide.keys, teams: ['Flamengo'] },
    ]);
    // Kept once its push service took the welcome push, which this browser can read.
    const welcomes = service.received.filter((push) => service.origin + push.path === browserSide.endpoint);
    expect(welcomes).toHaveLength(1);
    expect(JSON.parse(decryptPush(welcomes[0]?.body ?? Buffer.alloc(0), browserSide))).toMatchObject({
      title: 'Alertas ativados: Flamengo',
    });
    // Following another team (its star) sends the new list. Flamengo's match shows in Meus times only (the list
    // below leaves out what Meus times shows), so the visible star is the copy's.
    await page.getByRole('button', { name: 'Seguir Palmeiras' }).first().click();
    await expect.poll(() => storedSubscriptions()[0]?.teams, { timeout: 10_000 }).toEqual(['Flamengo', 'Palmeiras']);
    await region.getByRole('button', { name: 'Desativar alertas', exact: true }).click();
    await expect.poll(storedSubscriptions, { timeout: 10_000 }).toEqual([]);
    expect(await region.locator('[data-alert-note]').isHidden()).toBe(true);
    await context.close();
  }, 60_000);
});

describe('"Ativar alertas" where the browser cannot subscribe to push (issue 47)', () => {
  const ONLY_OPEN = /^Os alertas só chegam enquanto o Placar estiver aberto: .+/;

  async function turnOn(context: BrowserContext) {
    const page = await openWithWorker(context, '/');
    const region = page.getByRole('region', { name: 'Meus times' });
    await region.getByRole('button', { name: 'Ativar alertas', exact: true }).click();
    await expect.poll(() => region.locator('[data-alert-state]').textContent()).toBe('Alertas ativados');
    return region.locator('[data-alert-note]');
  }

  it('says alerts arrive only while Placar is open, and why, when the push service refuses the subscription', async () => {
    const context = await newFanContext(['Flamengo']);
    // What Chromium answers when its push service cannot be reached (no FCM, a private window).
    await context.addInitScript(() => {
      PushManager.prototype.getSubscription = async () => null;
      PushManager.prototype.subscribe = async () => {
        throw new DOMException('Registration failed - push service not available', 'AbortError');
      };
    });
    const note = await turnOn(context);
    await expect.poll(() => note.textContent()).toMatch(ONLY_OPEN);
    expect(await note.textContent()).toContain('serviço de notificações do navegador');
    expect(await note.isVisible()).toBe(true);
    expect(storedSubscriptions()).toEqual([]);
    await context.close();
  }, 60_000);

  it('says at once that alerts arrive while Placar is open when the push service does not answer', async () => {
    const context = await newFanContext(['Flamengo']);
    await context.addInitScript(() => {
      PushManager.prototype.getSubscription = async () => null;
      PushManager.prototype.subscribe = () => new Promise<PushSubscription>(() => undefined);
    });
    const note = await turnOn(context);
    await expect.poll(() => note.textContent()).toMatch(/^Os alertas chegam enquanto o Placar estiver aberto\./);
    await context.close();
  }, 60_000);

  it('with headless Chromium’s own push (no push service to reach), never leaves "Alertas ativados" unexplained', async () => {
    const context = await newFanContext(['Flamengo']);
    const note = await turnOn(context);
    // Whether Chromium refuses at once or never answers (then Placar gives up after 15 s), the note says so.
    await expect.poll(() => note.textContent(), { timeout: 40_000 }).toMatch(ONLY_OPEN);
    expect(storedSubscriptions()).toEqual([]);
    await context.close();
  }, 90_000);
});
