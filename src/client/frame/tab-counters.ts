/**
 * Keeps the tab counters of the other views true: every counter whose listing this page does
 * not already refresh (live-refresh.ts updates its own) follows its /api/<listing> every 60 s.
 * On a view without a listing of its own (Busca), they also drive its "Sem conexão" notice.
 */
import { showOfflineNotice } from '../offline/offline-notice.ts';
import { pollListing } from '../polling/poll-listing.ts';

const ownListing = document.querySelector<HTMLElement>('[data-listing][data-endpoint]')?.dataset.listing;
const offlineNotice = ownListing === undefined ? document.querySelector<HTMLElement>('[data-offline-notice]') : null;
/** The newest data among the polled listings (São Paulo ISO strings of one offset compare as text). */
let newestGeneratedAt: string | null = null;
/** Whether the last poll to answer found the server out of reach (the notice is shown). */
let offlineNow = false;
for (const counter of document.querySelectorAll<HTMLElement>('[data-counter][data-counter-endpoint]')) {
  const endpoint = counter.dataset.counterEndpoint;
  if (!endpoint || counter.dataset.counter === ownListing) continue;
  pollListing(endpoint, {
    onEnvelope: (envelope) => {
      counter.textContent = String(envelope.count);
      const { generatedAt } = envelope;
      if (generatedAt !== null && (newestGeneratedAt === null || generatedAt > newestGeneratedAt)) {
        newestGeneratedAt = generatedAt;
        // The other listing's kept copy can come after the notice went up: it names the newest data shown.
        if (offlineNow && offlineNotice) showOfflineNotice(offlineNotice, true, newestGeneratedAt);
      }
    },
    onConnection: (offline) => {
      offlineNow = offline;
      if (offlineNotice) showOfflineNotice(offlineNotice, offline, newestGeneratedAt);
    },
  });
}
