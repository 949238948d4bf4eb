/**
 * One push to one subscription: encrypted (RFC 8291 aes128gcm) by the web-push library, signed
 * (RFC 8292 VAPID, one signature per push service an hour) and POSTed by push-request.ts over
 * keep-alive connections. The refresher's sender and the server's welcome push share it.
 */
import https from 'node:https';
import webpush from 'web-push';
import type { PushSubscriptionRecord } from '../../lib/model/push-subscription.ts';
import type { VapidKeys } from '../../lib/store/push/push-keys.ts';
import { postPush, type PushAnswer } from './push-request.ts';

/** A VAPID signature is valid this long (RFC 8292 allows up to 24 h)… */
const VAPID_VALID_SECONDS = 12 * 60 * 60;
/** …and made again after this: one signature per push service an hour, not one per push. */
const VAPID_REUSE_MS = 60 * 60 * 1000;

export interface PushPosterOptions {
  /** VAPID_SUBJECT. */
  subject: string;
  keys: VapidKeys;
  /** Connections per push service at most. */
  maxSockets: number;
  timeoutMs: number;
}

export interface OnePush {
  payload: string;
  urgency: 'high' | 'normal';
  ttlSeconds: number;
  /** RFC 8030 Topic: a push service keeps only the last undelivered push of a topic. */
  topic?: string;
}

export interface PushPoster {
  /** The push service's answer; rejects when none came (refused, reset, the deadline). */
  post(subscription: Pick<PushSubscriptionRecord, 'endpoint' | 'keys'>, push: OnePush): Promise<PushAnswer>;
  close(): void;
}

export function createPushPoster(options: PushPosterOptions): PushPoster {
  // Keep-alive: thousands of pushes to one push service reuse a few TLS connections.
  const agent = new https.Agent({ keepAlive: true, maxSockets: options.maxSockets });
  const signatures = new Map<string, { authorization: string; madeAt: number }>();
  /** The VAPID Authorization header for the endpoint's push service (its origin is the JWT's audience). */
  const authorizationFor = (endpoint: string): string => {
    const audience = new URL(endpoint).origin;
    const now = Date.now();
    const kept = signatures.get(audience);
    if (kept && now - kept.madeAt < VAPID_REUSE_MS) return kept.authorization;
    const expiration = Math.floor(now / 1000) + VAPID_VALID_SECONDS;
    const { publicKey, privateKey } = options.keys;
    const headers = webpush.getVapidHeaders(audience, options.subject, publicKey, privateKey, 'aes128gcm', expiration);
    signatures.set(audience, { authorization: headers.Authorization, madeAt: now });
    return headers.Authorization;
  };
  return {
    post({ endpoint, keys }, push) {
      // web-push encrypts and sets the headers; the signature goes in as a header (web-push then signs nothing itself).
      const details = webpush.generateRequestDetails({ endpoint, keys }, push.payload, {
        headers: { Authorization: authorizationFor(endpoint) },
        TTL: push.ttlSeconds,
        urgency: push.urgency,
        ...(push.topic ? { topic: push.topic } : {}),
      });
      return postPush(details, agent, options.timeoutMs);
    },
    close: () => agent.destroy(),
  };
}
