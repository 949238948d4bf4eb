/**
 * Keeps the tab counters of the other views true: every counter whose listing this page does
 * not already refresh (live-refresh.ts updates its own) follows its /api/<listing> every 60 s.
 */
import { pollListing } from './poll-listing.ts';

const ownListing = document.querySelector<HTMLElement>('[data-listing][data-endpoint]')?.dataset.listing;
for (const counter of document.querySelectorAll<HTMLElement>('[data-counter][data-counter-endpoint]')) {
  const endpoint = counter.dataset.counterEndpoint;
  if (!endpoint || counter.dataset.counter === ownListing) continue;
  pollListing(endpoint, { onEnvelope: (envelope) => void (counter.textContent = String(envelope.count)) });
}
