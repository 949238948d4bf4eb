/**
 * Open event streams per client (an IPv4 address or an IPv6 /64, rate-limit-key.ts) and per the
 * IPv6 /56 and /48 around it, against the per-client limit (EVENT_STREAMS_PER_IP; 0: none): one
 * home with a whole /56 or /48 cannot take a client's share from each of its /64s.
 */
import { widerNetworkKeys } from './rate-limit-key.ts';

export interface StreamCounts {
  /** Whether one more stream of `client` passes every limit. */
  allows(client: string): boolean;
  add(client: string): void;
  remove(client: string): void;
}

export function createStreamCounts(perClient: number): StreamCounts {
  const counts = new Map<string, number>();
  const limitsOf = (client: string): Array<{ key: string; limit: number }> => [
    { key: client, limit: perClient },
    ...widerNetworkKeys(client).map(({ key, clients }) => ({ key, limit: clients * perClient })),
  ];
  const change = (client: string, by: number): void => {
    for (const { key } of limitsOf(client)) {
      const count = (counts.get(key) ?? 0) + by;
      if (count <= 0) counts.delete(key);
      else counts.set(key, count);
    }
  };
  return {
    allows: (client) => perClient <= 0 || limitsOf(client).every(({ key, limit }) => (counts.get(key) ?? 0) < limit),
    add: (client) => change(client, 1),
    remove: (client) => change(client, -1),
  };
}
