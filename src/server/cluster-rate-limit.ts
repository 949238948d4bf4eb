/**
 * SEARCH_RATE_LIMIT across cluster workers: the buckets live in the primary (one
 * createRateLimiter), each worker asks it over IPC for every search. A client's connections
 * land on different workers, so per-worker counts would let it through WORKERS times over.
 * With the limit off (0) no message is sent.
 */
import type { Worker } from 'node:cluster';
import { isClusterMessage, sendToPrimary, sendToWorker, type PrimaryMessage, type WorkerMessage } from './cluster-messages.ts';
import { createRateLimiter, type RateLimitDecision, type RateLimiter } from './rate-limit.ts';

/** Worker side: a RateLimiter whose answers come from the primary. */
export function createPrimaryRateLimiter(limit: number): RateLimiter {
  if (limit === 0) return { check: () => null };
  let nextId = 0;
  const pending = new Map<number, (decision: RateLimitDecision | null) => void>();
  process.on('message', (message: unknown) => {
    if (!isClusterMessage<PrimaryMessage>(message) || message.placar !== 'rate-limit-decision') return;
    pending.get(message.id)?.(message.decision);
    pending.delete(message.id);
  });
  return {
    check(client) {
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, resolve);
        sendToPrimary({ placar: 'rate-limit', id, client });
      });
    },
  };
}

/** Primary side: answers every worker's questions from one set of counts. */
export function serveRateLimit(limit: number): (worker: Worker, message: WorkerMessage) => void {
  const limiter = createRateLimiter(limit);
  return (worker, message) => {
    if (message.placar !== 'rate-limit') return;
    sendToWorker(worker, { placar: 'rate-limit-decision', id: message.id, decision: limiter.check(message.client) });
  };
}
