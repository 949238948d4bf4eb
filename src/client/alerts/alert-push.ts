/**
 * Alerts with Placar closed (Web Push), where the server has push on (GET /api/push answers the
 * VAPID key; a bucket or a server without VAPID_SUBJECT does not: then alerts reach the fan only
 * while a page is open). Subscribing asks the browser's push service for a subscription bound to
 * that key and hands it, with the followed teams, to /api/push/inscricoes; the teams are sent
 * again when they change, the subscription deleted when alerts are turned off. What was last
 * sent is kept in localStorage `placar:alertas-push` ({endpoint, times, auth}): a page knows push
 * reaches this browser (alert-notification.ts then leaves notifications to the service worker,
 * so one event makes one notification) and sends nothing when nothing changed. Every change
 * carries the subscription's auth secret: the server lets only its holder change or delete it.
 * With no team followed the server keeps nothing (it takes 1 to 50): the subscription is deleted
 * there and sent again with the next team followed.
 */
import type { PushReach } from './alert-reach.ts';

const PUSH_KEY = 'placar:alertas-push';
/** A browser whose push service cannot be reached may never settle subscribe(): past this, push is taken as missing. */
const SUBSCRIBE_TIMEOUT_MS = 15_000;
const MISSED: PushReach = { pushed: false, why: 'push-service' };
const PUSH_API = '/api/push';
const SUBSCRIPTIONS_API = '/api/push/inscricoes';

interface SentSubscription {
  endpoint: string;
  times: string[];
  /** The subscription's auth secret (base64url), which proves this browser holds it. */
  auth: string | null;
}

function readSent(): SentSubscription | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(PUSH_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null || !('endpoint' in value) || !('times' in value)) return null;
    const { endpoint, times } = value;
    if (typeof endpoint !== 'string' || !Array.isArray(times)) return null;
    const auth = 'auth' in value && typeof value.auth === 'string' ? value.auth : null;
    return { endpoint, times: times.filter((team): team is string => typeof team === 'string'), auth };
  } catch {
    return null;
  }
}

function keepSent(sent: SentSubscription | null): void {
  try {
    if (sent) localStorage.setItem(PUSH_KEY, JSON.stringify(sent));
    else localStorage.removeItem(PUSH_KEY);
  } catch {
    // Not kept: the next page sends the teams again.
  }
}

/** Whether the server holds this browser's subscription (push reaches it with the page closed). */
export function pushOn(): boolean {
  return readSent() !== null;
}

function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window;
}

/** The server's VAPID public key (base64url, as subscribe() takes it); null where push is off or unreachable. */
async function fetchPublicKey(): Promise<string | null> {
  try {
    const response = await fetch(PUSH_API, { cache: 'no-cache' });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null || !('publicKey' in body) || typeof body.publicKey !== 'string')
      return null;
    return body.publicKey;
  } catch {
    return null;
  }
}

async function send(method: 'POST' | 'DELETE', body: unknown): Promise<boolean> {
  try {
    const response = await fetch(SUBSCRIPTIONS_API, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return response.ok;
  } catch {
    return false;
  }
}

function authOf(subscription: PushSubscription): string | null {
  return subscription.toJSON().keys?.auth ?? null;
}

async function post(subscription: PushSubscription, teams: readonly string[]): Promise<PushReach> {
  const sent = { endpoint: subscription.endpoint, times: [...teams], auth: authOf(subscription) };
  const ok =
    teams.length === 0
      ? await send('DELETE', { endpoint: sent.endpoint, auth: sent.auth })
      : await send('POST', { subscription: subscription.toJSON(), times: sent.times });
  keepSent(ok ? sent : null);
  return ok ? { pushed: true } : { pushed: false, why: 'server-refused' };
}

/** `work`, or a rejection once SUBSCRIBE_TIMEOUT_MS has passed without it settling. */
function withinTimeout<T>(work: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('sem resposta do serviço de notificações')), SUBSCRIBE_TIMEOUT_MS);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/**
 * Subscribes this browser (notification permission granted) and sends the teams: whether the server
 * keeps the subscription, or why push does not reach this browser (off, unsupported, the browser's
 * push service failing or silent, the server refusing).
 */
export async function subscribePush(teams: readonly string[]): Promise<PushReach> {
  if (!pushSupported()) return { pushed: false, why: 'unsupported' };
  const key = await fetchPublicKey();
  if (!key) {
    keepSent(null);
    return { pushed: false, why: 'server-off' };
  }
  let subscription: PushSubscription;
  try {
    subscription = await withinTimeout(
      (async () => {
        const registration = await navigator.serviceWorker.ready;
        return (
          (await registration.pushManager.getSubscription()) ??
          (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }))
        );
      })(),
    );
  } catch {
    keepSent(null);
    return MISSED;
  }
  return await post(subscription, teams);
}

/**
 * Sends the followed teams again when they differ from what the server was last sent (nothing
 * when they do not); whether push reaches this browser after.
 */
export async function syncPushTeams(teams: readonly string[]): Promise<PushReach> {
  const sent = readSent();
  if (!pushSupported()) return { pushed: false, why: 'unsupported' };
  if (!sent) return MISSED;
  try {
    const registration = await withinTimeout(navigator.serviceWorker.ready);
    const subscription = await registration.pushManager.getSubscription();
    // The browser dropped the subscription (its push service expired it): subscribe again.
    if (!subscription || subscription.endpoint !== sent.endpoint) return await subscribePush(teams);
    if (sent.times.join('\n') !== teams.join('\n')) return await post(subscription, teams);
    return { pushed: true };
  } catch {
    return pushOn() ? { pushed: true } : MISSED;
  }
}

/** Deletes the subscription on the server and in the browser. */
export async function unsubscribePush(): Promise<void> {
  const sent = readSent();
  keepSent(null);
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  const endpoint = subscription?.endpoint ?? sent?.endpoint;
  const auth = (subscription ? authOf(subscription) : null) ?? sent?.auth ?? null;
  if (endpoint) await send('DELETE', { endpoint, auth });
  await subscription?.unsubscribe().catch(() => false);
}
