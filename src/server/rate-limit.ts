/**
 * Per-client fixed-window limit for /api/busca (SEARCH_RATE_LIMIT per minute per IP). All
 * clients share one window, so memory is bounded by the clients seen in one minute: the map
 * is dropped whole when the window rolls over.
 */
export const RATE_LIMIT_WINDOW_MS = 60_000;

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window ends (at least 1). */
  resetSeconds: number;
}

export interface RateLimiter {
  /** null when the limit is off (SEARCH_RATE_LIMIT=0). A promise when the counts live in another process (cluster-rate-limit.ts). */
  check(client: string): RateLimitDecision | null | Promise<RateLimitDecision | null>;
}

/** The counts themselves, in this process. */
export interface LocalRateLimiter extends RateLimiter {
  check(client: string): RateLimitDecision | null;
}

export function createRateLimiter(limit: number, now: () => number = Date.now): LocalRateLimiter {
  let windowStart = now();
  let counts = new Map<string, number>();
  return {
    check(client: string): RateLimitDecision | null {
      if (limit === 0) return null;
      const at = now();
      if (at - windowStart >= RATE_LIMIT_WINDOW_MS) {
        windowStart = at - ((at - windowStart) % RATE_LIMIT_WINDOW_MS);
        counts = new Map();
      }
      const used = (counts.get(client) ?? 0) + 1;
      // Past the limit the count stops growing: it only has to stay "over".
      if (used <= limit + 1) counts.set(client, used);
      const resetSeconds = Math.max(1, Math.ceil((windowStart + RATE_LIMIT_WINDOW_MS - at) / 1000));
      return { allowed: used <= limit, limit, remaining: Math.max(0, limit - used), resetSeconds };
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
