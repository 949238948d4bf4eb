/**
 * A Web Push subscription as Placar keeps it: the browser's endpoint and keys, and the team
 * names it follows — nothing else about the fan. Types only (the API reads it, the store keeps
 * it, the refresher sends to it).
 */
export interface PushSubscriptionKeys {
  /** The browser's P-256 public key (base64url, 65 bytes uncompressed). */
  p256dh: string;
  /** The shared authentication secret (base64url, 16 bytes). */
  auth: string;
}

export interface PushSubscriptionRecord {
  endpoint: string;
  keys: PushSubscriptionKeys;
  teams: string[];
}

/** What a new subscription's push service did with its welcome push. */
export type WelcomeOutcome =
  | { kind: 'accepted' }
  /** It answered and refused (404/410: no such subscription; another 4xx). */
  | { kind: 'refused'; status: number }
  /** No answer, or 429/5xx: it may take one later. */
  | { kind: 'unreachable'; reason: string };

/** Sends a new subscription its welcome push (the refresher's code, or the cluster's primary for a worker). */
export type WelcomePush = (record: PushSubscriptionRecord) => Promise<WelcomeOutcome>;
