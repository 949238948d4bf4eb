/**
 * The refresher's Web Push: after each published build, the new kept events a follower is told
 * of (push-alert.ts) go to every subscription following either team — encrypted (RFC 8291
 * aes128gcm) and signed (RFC 8292 VAPID) by the web-push library (push-poster.ts), each to its push service,
 * whose origin the API checked when the subscription came in (push-request.ts sends it to the
 * address that same URL parser reads). Never in the refresh's way: the
 * refresh only queues (push-delivery-queue.ts sends, so many at a time, each with a deadline);
 * a push service's 404/410 forgets the subscription, 429/5xx is tried again later. The first
 * send starts after the events kept when this process started: a restart re-sends nothing.
 * Memory stays small whatever the number of subscriptions: an index of who follows which team,
 * and a queued push names its subscription's file, read when the push goes out.
 */
import { buildPushMessages, type PushedEvent } from '../../lib/display/push-alert.ts';
import type { Config } from '../../lib/config/config.ts';
import { errorMessage } from '../../lib/model/caught-error.ts';
import type { MatchEvent } from '../../lib/model/model.ts';
import { readEventStore, readKeptEvents } from '../../lib/store/scraped/event-store.ts';
import { loadVapidKeys, type VapidKeys } from '../../lib/store/push/push-keys.ts';
import {
  createPushSubscriptionReader,
  readPushSubscriptionFile,
  removePushSubscription,
  type PushFollowerIndex,
} from '../../lib/store/push/push-subscriptions.ts';
import { createDeliveryQueue, type Delivery, type DeliveryOutcome } from './push-delivery-queue.ts';
import { createPushPoster } from './push-poster.ts';
import type { PushAnswer } from './push-request.ts';

/** How long a push service keeps an alert for a phone that is off: a goal from 10 minutes ago is not news. */
export const PUSH_TTL_SECONDS = 600;
/** Requests to push services at once. */
export const PUSH_CONCURRENCY = 50;
/** Deadline of one request to a push service. */
export const PUSH_TIMEOUT_MS = 10_000;

export interface PushSenderOptions {
  dataDir: string;
  /** VAPID_SUBJECT. */
  subject: string;
  keys: VapidKeys;
  log: (line: string) => void;
  concurrency?: number;
  timeoutMs?: number;
  /** First back-off after a 429/5xx (doubled at each try); default 2 s. */
  retryDelayMs?: number;
  /** Told how many pushes went into the queue once a send()'s events are all queued (the benchmark times it). */
  onQueued?: (pushes: number) => void;
}

export interface PushSender {
  /** Queues the kept events after the last one queued (after a published build); returns at once. */
  send(): void;
  /** Resolves once nothing is queued or in flight (a one-shot refresh waits for it before it exits). */
  idle(): Promise<void>;
  /** Drops what is queued; requests in flight end on their own deadline. */
  stop(): void;
}

function startingId(dataDir: string): string | null {
  try {
    return readEventStore(dataDir)?.lastId ?? null;
  } catch {
    return null;
  }
}

/** Each subscription following either team once, with the message. */
function deliveriesOf(pushed: PushedEvent, index: PushFollowerIndex, at: number): Delivery[] {
  const payload = JSON.stringify(pushed.message);
  const urgency = pushed.event.type === 'GOAL' || pushed.event.type === 'GOAL_CANCELLED' ? 'high' : 'normal';
  const { teams } = pushed;
  return index
    .followersOf(teams)
    .map((subscriptionFile) => ({ subscriptionFile, teams, payload, urgency, queuedAt: at, attempt: 0 }));
}

export function createPushSender(options: PushSenderOptions): PushSender {
  const { dataDir, log } = options;
  const subscriptions = createPushSubscriptionReader(dataDir);
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;
  const poster = createPushPoster({
    subject: options.subject,
    keys: options.keys,
    maxSockets: options.concurrency ?? PUSH_CONCURRENCY,
    timeoutMs,
  });

  const deliver = async (delivery: Delivery): Promise<DeliveryOutcome> => {
    const subscription = await readPushSubscriptionFile(dataDir, delivery.subscriptionFile);
    if (!subscription?.teams.some((team) => delivery.teams.includes(team))) return { kind: 'skipped' };
    const { endpoint } = subscription;
    const push = { payload: delivery.payload, urgency: delivery.urgency, ttlSeconds: PUSH_TTL_SECONDS };
    let answer: PushAnswer;
    try {
      answer = await poster.post(subscription, push);
    } catch (error) {
      // No answer (refused, reset, deadline): the service may be back in a moment.
      return { kind: 'retry', afterMs: null, reason: errorMessage(error) };
    }
    if (answer.status >= 200 && answer.status < 300) return { kind: 'delivered' };
    if (answer.status === 404 || answer.status === 410) {
      await removePushSubscription(dataDir, endpoint);
      return { kind: 'gone' };
    }
    const reason = `HTTP ${answer.status}`;
    if (answer.status === 429 || answer.status >= 500) {
      const afterMs = answer.retryAfterSeconds === null ? null : answer.retryAfterSeconds * 1000;
      return { kind: 'retry', afterMs, reason };
    }
    return { kind: 'failed', reason };
  };

  const queue = createDeliveryQueue({
    deliver,
    concurrency: options.concurrency ?? PUSH_CONCURRENCY,
    deadlineMs: timeoutMs + 1_000,
    retryDelayMs: options.retryDelayMs ?? 2_000,
    ttlMs: PUSH_TTL_SECONDS * 1000,
    log,
  });
  let lastId = startingId(dataDir);
  let reading: Promise<void> = Promise.resolve();

  const queueNew = async (): Promise<void> => {
    const { events } = readKeptEvents(dataDir);
    const fresh: MatchEvent[] = events.filter((event) => lastId === null || event.id > lastId);
    lastId = events.at(-1)?.id ?? lastId;
    const pushed = buildPushMessages(fresh);
    if (pushed.length === 0) return;
    const index = await subscriptions.read();
    const at = Date.now();
    let queued = 0;
    for (const entry of pushed) {
      const deliveries = deliveriesOf(entry, index, at);
      queue.add(deliveries);
      queued += deliveries.length;
    }
    options.onQueued?.(queued);
  };

  return {
    send() {
      // One reading at a time, in order: two refreshes close together never queue an event twice.
      reading = reading
        .then(queueNew)
        .catch((error: unknown) => log(`aviso: alertas push não enviados: ${errorMessage(error)}`));
    },
    async idle() {
      await reading;
      await queue.idle();
    },
    stop() {
      queue.stop();
      poster.close();
    },
  };
}

/** The sender of a refresher with push on (VAPID_SUBJECT); null when off, or when its keys cannot be had (logged). */
export function createConfiguredPushSender(config: Config, log: (line: string) => void): PushSender | null {
  const subject = config.push.vapidSubject;
  if (subject === null) return null;
  try {
    return createPushSender({
      dataDir: config.dataDir,
      subject,
      keys: loadVapidKeys(config.dataDir, config.push.vapidKeys),
      log,
    });
  } catch (error) {
    log(`aviso: alertas push desligados nesta atualização: chaves VAPID: ${errorMessage(error)}`);
    return null;
  }
}
