/**
 * SEARCH_RATE_LIMIT across cluster workers without a message to the primary per search. The
 * buckets live in the primary (one createRateLimiter); a worker leases a share of a client's
 * bucket (limit ÷ WORKERS tokens, at least 1) and spends it locally, asking again only when the
 * lease is spent. A refusal is remembered until the next token is due, so a client hammering a
 * worker costs no messages either. Leases last LEASE_MS; what a lease did not use goes back.
 *
 * Tolerance: never more than the limit gets through (every token comes out of the primary's
 * bucket). A client may be refused early while some of its tokens sit unused in another
 * worker's lease — at most (WORKERS − 1) × (share − 1) tokens, for at most LEASE_MS. Its
 * RateLimit-Remaining is this worker's view (what the primary had left plus the lease's rest).
 * With the limit off (0) no message is sent.
 */
import type { Worker } from 'node:cluster';
import { sendToWorker, type WorkerMessage } from './cluster-messages.ts';
import type { PrimaryChannel } from './primary-channel.ts';
import { rateLimitKey } from '../limits/rate-limit-key.ts';
import { createRateLimiter, type RateLimitDecision, type RateLimiter } from '../limits/rate-limit.ts';

export const LEASE_MS = 2_000;

/** Tokens a worker leases at once. */
export function leaseShare(limit: number, workers: number): number {
  return Math.max(1, Math.floor(limit / Math.max(1, workers)));
}

interface Lease {
  tokens: number;
  /** What the primary's bucket held after granting this lease. */
  remainingThere: number;
  resetSeconds: number;
  expiresAt: number;
  /** Refused by the primary: answer 429 locally until then. */
  refusedUntil: number;
}

/** Worker side: a RateLimiter spending leases of the primary's buckets. */
export function createPrimaryRateLimiter(
  limit: number,
  workers: number,
  channel: PrimaryChannel,
  now: () => number = Date.now,
): RateLimiter {
  if (limit === 0) return { check: () => null };
  const share = leaseShare(limit, workers);
  let nextId = 0;
  const pending = new Map<number, (answer: { granted: number; remaining: number; resetSeconds: number }) => void>();
  const leases = new Map<string, Lease>();
  channel.onMessage((message) => {
    if (message.placar !== 'rate-limit-leased') return;
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  });
  const giveBack = (client: string, lease: Lease): void => {
    if (lease.tokens >= 1) channel.send({ placar: 'rate-limit-return', client, tokens: Math.floor(lease.tokens) });
  };
  // Unused leases go back even when their client never returns (keeps the map small, too).
  const sweep = setInterval(() => {
    const at = now();
    for (const [client, lease] of leases) {
      if (at < lease.expiresAt) continue;
      giveBack(client, lease);
      leases.delete(client);
    }
  }, LEASE_MS);
  sweep.unref();

  const spend = (lease: Lease): RateLimitDecision => {
    lease.tokens -= 1;
    return { allowed: true, limit, remaining: lease.remainingThere + lease.tokens, resetSeconds: lease.resetSeconds };
  };
  const refuse = (lease: Lease, at: number): RateLimitDecision => ({
    allowed: false,
    limit,
    remaining: 0,
    resetSeconds: Math.max(1, Math.ceil((lease.refusedUntil - at) / 1000)),
  });

  return {
    check(address) {
      const client = rateLimitKey(address);
      const at = now();
      const held = leases.get(client);
      if (held && at < held.expiresAt && held.tokens >= 1) return spend(held);
      if (held && at < held.refusedUntil) return refuse(held, at);
      if (held) {
        giveBack(client, held);
        leases.delete(client);
      }
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, (answer) => {
          const answeredAt = now();
          const lease: Lease = {
            tokens: answer.granted,
            remainingThere: answer.remaining,
            resetSeconds: answer.resetSeconds,
            expiresAt: answeredAt + LEASE_MS,
            refusedUntil: answer.granted === 0 ? answeredAt + answer.resetSeconds * 1000 : 0,
          };
          leases.set(client, lease);
          resolve(answer.granted === 0 ? refuse(lease, answeredAt) : spend(lease));
        });
        channel.send({ placar: 'rate-limit-lease', id, client, wanted: share });
      });
    },
  };
}

/** Primary side: grants leases from one set of buckets, takes back what they did not use. */
export function serveRateLimit(limit: number): (worker: Worker, message: WorkerMessage) => void {
  const limiter = createRateLimiter(limit);
  return (worker, message) => {
    if (message.placar === 'rate-limit-return') return limiter.giveBack(message.client, message.tokens);
    if (message.placar !== 'rate-limit-lease') return;
    const answer = limiter.take(message.client, message.wanted);
    sendToWorker(worker, { placar: 'rate-limit-leased', id: message.id, ...answer });
  };
}
