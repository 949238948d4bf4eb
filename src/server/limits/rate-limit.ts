/**
 * Per-client token bucket for /api/busca: each client (IP) may spend up to SEARCH_RATE_LIMIT
 * searches at once (the burst: a household or a carrier's shared IP searching as they type),
 * and the bucket refills at SEARCH_RATE_LIMIT per minute. Buckets that have refilled to full
 * are forgotten, so memory is bounded by the clients active in the last minute. A client is
 * its IPv4 address or its IPv6 /64 (rate-limit-key.ts).
 */
import { rateLimitKey } from './rate-limit-key.ts';

export const RATE_LIMIT_WINDOW_MS = 60_000;

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the next token (when refused) or until the bucket is full again (at least 1). */
  resetSeconds: number;
}

export interface RateLimiter {
  /**
   * null when the limit is off (SEARCH_RATE_LIMIT=0). A promise when the buckets live in another process
   * (cluster/cluster-rate-limit.ts).
   */
  check(client: string): RateLimitDecision | null | Promise<RateLimitDecision | null>;
}

/** The buckets themselves, in this process. */
export interface LocalRateLimiter extends RateLimiter {
  check(client: string): RateLimitDecision | null;
  /**
   * Takes up to `wanted` whole tokens at once (a cluster worker's lease, cluster/cluster-rate-limit.ts):
   * how many it got, and the bucket's state after.
   */
  take(client: string, wanted: number): { granted: number; remaining: number; resetSeconds: number };
  /** Puts back tokens a lease did not use (never above the limit). */
  giveBack(client: string, tokens: number): void;
}

interface Bucket {
  tokens: number;
  at: number;
}

export function createRateLimiter(limit: number, now: () => number = Date.now): LocalRateLimiter {
  const msPerToken = RATE_LIMIT_WINDOW_MS / Math.max(1, limit);
  let buckets = new Map<string, Bucket>();
  let sweptAt = now();

  const refill = (bucket: Bucket, at: number): number => Math.min(limit, bucket.tokens + (at - bucket.at) / msPerToken);

  const take = (address: string, wanted: number): { granted: number; remaining: number; resetSeconds: number } => {
    const client = rateLimitKey(address);
    const at = now();
    if (at - sweptAt >= RATE_LIMIT_WINDOW_MS) {
      // A bucket idle for a whole window is full again: the same as no bucket.
      buckets = new Map([...buckets].filter(([, bucket]) => refill(bucket, at) < limit));
      sweptAt = at;
    }
    const bucket = buckets.get(client) ?? { tokens: limit, at };
    const tokens = refill(bucket, at);
    const granted = Math.max(0, Math.min(wanted, Math.floor(tokens)));
    const left = tokens - granted;
    buckets.set(client, { tokens: left, at });
    const resetMs = granted > 0 ? (limit - left) * msPerToken : (1 - left) * msPerToken;
    return { granted, remaining: Math.floor(left), resetSeconds: Math.max(1, Math.ceil(resetMs / 1000)) };
  };

  return {
    check(address: string): RateLimitDecision | null {
      if (limit === 0) return null;
      const { granted, remaining, resetSeconds } = take(address, 1);
      return { allowed: granted === 1, limit, remaining, resetSeconds };
    },
    take,
    giveBack(address, tokens) {
      const client = rateLimitKey(address);
      const bucket = buckets.get(client);
      if (!bucket || tokens <= 0) return;
      const at = now();
      buckets.set(client, { tokens: Math.min(limit, refill(bucket, at) + tokens), at });
    },
  };
}

/** The draft IETF RateLimit-* fields (draft-ietf-httpapi-ratelimit-headers, separate-field form). */
export function buildRateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    'RateLimit-Limit': String(decision.limit),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(decision.resetSeconds),
    'RateLimit-Policy': `${decision.limit};w=${RATE_LIMIT_WINDOW_MS / 1000}`,
  };
}
