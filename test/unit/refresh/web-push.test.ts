/**
 * Web Push's pure parts: the push settings (config.ts through push-config.ts), which endpoints
 * a subscription may name (readPushEndpoint: the SSRF gate), what a push says
 * (buildPushMessages: the page's words and tags), and the delivery queue (concurrency,
 * back-off, what is dropped).
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../src/lib/config/config.ts';
import { readPushEndpoint, readSubscribeBody } from '../../../src/lib/api/push-subscription-request.ts';
import { buildAlerts } from '../../../src/lib/display/match-alerts.ts';
import { buildPushMessages } from '../../../src/lib/display/push-alert.ts';
import type { MatchEvent } from '../../../src/lib/model/model.ts';
import {
  createDeliveryQueue,
  type Delivery,
  type DeliveryOutcome,
} from '../../../src/refresh/publish/push-delivery-queue.ts';
import { createBrowserSubscription } from '../../../src/demo/local-push-service.ts';
import { buildSampleMatch } from '../../support/samples/sample-match.ts';

const DEFAULT_ORIGINS = parseConfig({}).push.serviceOrigins;

describe('push settings', () => {
  it('is off without VAPID_SUBJECT, and defaults to the four browsers’ push services', () => {
    const { push } = parseConfig({});
    expect(push.vapidSubject).toBeNull();
    expect(push.vapidKeys).toBeNull();
    expect(push.serviceOrigins).toEqual([
      'https://fcm.googleapis.com',
      'https://*.notify.windows.com',
      'https://updates.push.services.mozilla.com',
      'https://web.push.apple.com',
    ]);
  });

  it.each([
    ['VAPID_SUBJECT', 'alertas@placar.test'],
    ['VAPID_SUBJECT', 'http://placar.test'],
    ['VAPID_PUBLIC_KEY', 'BAAA'],
    ['PUSH_SERVICE_ORIGINS', 'http://fcm.googleapis.com'],
    ['PUSH_SERVICE_ORIGINS', 'https://fcm.googleapis.com/fcm'],
    ['PUSH_SERVICE_ORIGINS', 'https://user@fcm.googleapis.com'],
    ['PUSH_MAX_SUBSCRIPTIONS', '0'],
  ])('%s=%s stops the start with the reason', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
  });

  it('takes a given key pair, both halves or neither', () => {
    const pair = { publicKey: `B${'A'.repeat(86)}`, privateKey: 'A'.repeat(43) };
    expect(
      parseConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey }).push.vapidKeys,
    ).toEqual(pair);
    expect(() => parseConfig({ VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(/vão juntas/);
  });
});

describe('readPushEndpoint: only the push services allowed', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:APA91b',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
    'https://web.push.apple.com/QGuQyavXutnMH',
  ])('accepts %s', (endpoint) => {
    expect(readPushEndpoint(endpoint, DEFAULT_ORIGINS)).toBe(endpoint);
  });

  it.each([
    'http://fcm.googleapis.com/fcm/send/a',
    'https://fcm.googleapis.com:8443/fcm/send/a',
    'https://fcm.googleapis.com.evil.test/fcm/send/a',
    'https://fcm.googleapis.com@evil.test/fcm/send/a',
    'https://evil.test@fcm.googleapis.com/fcm/send/a',
    'https://fcm.googleapis.com./fcm/send/a',
    'https://FCM.googleapis.com/fcm/send/a',
    'https://notify.windows.com/w/',
    'https://evil.test/.notify.windows.com/',
    'https://evilnotify.windows.com/w/',
    'https://wns.notify.windows.com:444/w/',
    'https://fcm.googleapis.com/a#b',
    'ws://fcm.googleapis.com/a',
    'https://[::1]/a',
    'https://169.254.169.254/latest/meta-data/',
  ])('refuses %s', (endpoint) => {
    expect(readPushEndpoint(endpoint, DEFAULT_ORIGINS)).toBeNull();
  });

  it('never takes an IP address for a wildcard entry', () => {
    expect(readPushEndpoint('https://10.0.0.1/a', ['https://*.0.0.1'])).toBeNull();
  });

  it('reads a browser subscription and dedupes its teams', () => {
    const { endpoint, keys } = createBrowserSubscription('https://fcm.googleapis.com/fcm/send/x');
    const body = JSON.stringify({
      subscription: { endpoint, expirationTime: null, keys },
      times: ['Flamengo', ' Flamengo '],
    });
    expect(readSubscribeBody(body, DEFAULT_ORIGINS)).toEqual({
      ok: true,
      value: { endpoint, keys, teams: ['Flamengo'] },
    });
  });

  // Issue 48 §5: the names listings give, so an invisible character never makes a team no event names.
  it('reads team names as the listings do: format characters, Braille blanks and controls out', () => {
    const { endpoint, keys } = createBrowserSubscription('https://fcm.googleapis.com/fcm/send/x');
    const body = (times: string[]) => JSON.stringify({ subscription: { endpoint, keys }, times });
    const read = readSubscribeBody(
      body(['\u2800Fla\ufff9mengo\u200b', 'São\u2800Paulo', 'Flamengo\u00ad']),
      DEFAULT_ORIGINS,
    );
    expect(read).toEqual({ ok: true, value: { endpoint, keys, teams: ['Flamengo', 'São Paulo'] } });
    expect(readSubscribeBody(body(['\u2800\ufff9\u202e']), DEFAULT_ORIGINS).ok, 'a name of nothing visible').toBe(
      false,
    );
  });
});

function eventOf(overrides: Partial<MatchEvent>): MatchEvent {
  return {
    id: '1795000000000-0001',
    type: 'GOAL',
    at: '2026-11-21T22:37:00-03:00',
    match: buildSampleMatch(),
    team: 'HOME',
    previous: { status: 'IN_PLAY', score: { home: 1, away: 1, penalties: null } },
    ...overrides,
  };
}

describe('buildPushMessages: the page’s words, tags and a page to open', () => {
  it('names the scorer of a goal and opens the match page; the tag is the page’s own for the change', () => {
    const event = eventOf({
      scorer: { player: 'Pedro', minute: 67, injuryTime: null, ownGoal: false, penalty: false },
    });
    const [pushed] = buildPushMessages([event]);
    const [pageAlert] = buildAlerts([{ type: 'GOAL', match: event.match, team: 'HOME', previous: event.previous! }]);
    expect(pushed?.message).toEqual({
      title: "Gol! Flamengo: Pedro, 67'",
      body: expect.stringMatching(/^Flamengo 2 x 1 Palmeiras · /),
      tag: pageAlert?.tag,
      url: `/jogo/${event.match.id}`,
      matchId: event.match.id,
      eventId: event.id,
    });
    expect(pushed?.teams).toEqual(['Flamengo', 'Palmeiras']);
  });

  it('pushes a red card, and not what the page does not alert (second half, postponement)', () => {
    const red = eventOf({
      id: '1795000000000-0002',
      type: 'RED_CARD',
      team: 'AWAY',
      card: { player: 'Gustavo Gómez', minute: 80, injuryTime: null, secondYellow: false },
    });
    const messages = buildPushMessages([eventOf({ type: 'SECOND_HALF' }), red, eventOf({ type: 'POSTPONED' })]);
    expect(messages.map((entry) => entry.message.title)).toEqual(["Cartão vermelho: Palmeiras: Gustavo Gómez, 80'"]);
  });
});

describe('the delivery queue', () => {
  const delivery = (name: string): Delivery => ({
    subscriptionFile: `https://push.test/${name}`,
    teams: [],
    payload: '{}',
    urgency: 'high',
    queuedAt: Date.now(),
    attempt: 0,
  });

  it('sends at most `concurrency` at once, retries a 429/5xx after a back-off, and logs one line when dry', async () => {
    let inFlight = 0;
    let most = 0;
    const tries = new Map<string, number>();
    const lines: string[] = [];
    const queue = createDeliveryQueue({
      concurrency: 3,
      deadlineMs: 5_000,
      retryDelayMs: 5,
      ttlMs: 60_000,
      log: (line) => lines.push(line),
      deliver: async (sent): Promise<DeliveryOutcome> => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 2));
        inFlight -= 1;
        const count = (tries.get(sent.subscriptionFile) ?? 0) + 1;
        tries.set(sent.subscriptionFile, count);
        if (sent.subscriptionFile.endsWith('/gone')) return { kind: 'gone' };
        if (sent.subscriptionFile.endsWith('/busy') && count < 3)
          return { kind: 'retry', afterMs: null, reason: 'HTTP 503' };
        if (sent.subscriptionFile.endsWith('/down')) return { kind: 'retry', afterMs: null, reason: 'HTTP 500' };
        return { kind: 'delivered' };
      },
    });
    queue.add([
      ...Array.from({ length: 10 }, (_, i) => delivery(`ok${i}`)),
      delivery('gone'),
      delivery('busy'),
      delivery('down'),
    ]);
    await queue.idle();
    expect(most).toBeLessThanOrEqual(3);
    expect(tries.get('https://push.test/busy')).toBe(3);
    expect(tries.get('https://push.test/down')).toBe(4);
    expect(lines).toEqual([
      'alertas push: 11 entregue(s), 1 inscrição(ões) vencida(s) removida(s), 5 nova(s) tentativa(s), 1 não entregue(s) (HTTP 500).',
    ]);
  });

  it('drops a push whose TTL passed while it waited', async () => {
    const lines: string[] = [];
    const queue = createDeliveryQueue({
      concurrency: 1,
      deadlineMs: 1_000,
      retryDelayMs: 5,
      ttlMs: 1_000,
      log: (line) => lines.push(line),
      deliver: async () => ({ kind: 'delivered' }),
    });
    queue.add([{ ...delivery('old'), queuedAt: Date.now() - 5_000 }]);
    await queue.idle();
    expect(lines).toEqual(['alertas push: 0 entregue(s), 1 não entregue(s) (alerta vencido antes do envio).']);
  });
});
