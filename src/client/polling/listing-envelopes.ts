/**
 * Every listing answer the page's pollers receive (src/client/polling/poll-listing.ts), for whoever
 * else on the page wants them (the match alerts): one page, one set of requests.
 */
import type { ListEnvelope } from '../../lib/model/model.ts';

type EnvelopeListener = (endpoint: string, envelope: ListEnvelope) => void;

const listeners: EnvelopeListener[] = [];

export function onListingEnvelope(listener: EnvelopeListener): void {
  listeners.push(listener);
}

export function publishListingEnvelope(endpoint: string, envelope: ListEnvelope): void {
  for (const listener of listeners) listener(endpoint, envelope);
}
