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
