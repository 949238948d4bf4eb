/**
 * A cluster worker's searches, made by its primary (search-for-workers.ts): the worker checks the
 * query, keeps its answers for a moment (search-response-cache.ts) and compresses them, but holds
 * no snapshot or search index of its own — one copy in the primary instead of one per worker
 * (and a second while a new build loads). A search
 * costs one message each way; one the primary does not answer within PRIMARY_SEARCH_WAIT_MS
 * rejects (the handler answers 503 with Retry-After).
 */
import type { SearchBody } from '../../lib/api/search-answer.ts';
import type { SearchSource } from '../search/search-handler.ts';
import type { PrimaryChannel } from './primary-channel.ts';

export const PRIMARY_SEARCH_WAIT_MS = 5_000;

interface Pending {
  resolve(found: SearchBody | null): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

export function createPrimarySearch(channel: PrimaryChannel, waitMs: number = PRIMARY_SEARCH_WAIT_MS): SearchSource {
  let nextId = 0;
  const pending = new Map<number, Pending>();
  const settle = (id: number): Pending | undefined => {
    const waiting = pending.get(id);
    if (waiting) {
      clearTimeout(waiting.timer);
      pending.delete(id);
    }
    return waiting;
  };
  channel.onMessage((message) => {
    if (message.placar === 'search-found') settle(message.id)?.resolve(message.found);
  });
  channel.onDisconnect(() => {
    for (const id of [...pending.keys()]) settle(id)?.reject(new Error('o processo principal saiu'));
  });
  return {
    find(q) {
      const id = nextId++;
      return new Promise<SearchBody | null>((resolve, reject) => {
        const timer = setTimeout(
          () => settle(id)?.reject(new Error(`o processo principal não respondeu em ${waitMs} ms`)),
          waitMs,
        );
        pending.set(id, { resolve, reject, timer });
        channel.send({ placar: 'search', id, q });
      });
    },
    ready: () => false,
  };
}
