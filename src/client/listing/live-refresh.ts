/**
 * Keeps a listing view fresh: every 60 s a conditional GET of its API listing, then the list,
 * tab counter, last-update time and stale notice are updated in place. Paused while the tab is
 * hidden, run at once when it is shown again. Goals (only) are announced politely, except in
 * matches of followed teams: their alerts say more (match-alerts.ts). The stale notice is decided
 * on load from the page's own generatedAt, and again after every poll.
 */
import { buildListingNotice } from '../../lib/display/listing-notice.ts';
import {
  buildDataDay,
  buildGoalAnnouncements,
  buildLastUpdateText,
  type FetchState,
} from '../../lib/display/match-display.ts';
import { isFollowedMatch } from '../../lib/display/followed-teams.ts';
import type { ListEnvelope } from '../../lib/model/model.ts';
import { announce } from './announce.ts';
import { followedTeams } from '../follow/followed-teams.ts';
import { showOfflineNotice } from '../offline/offline-notice.ts';
import { pollListing } from '../polling/poll-listing.ts';
import { highlightChangedScores, readShownScores, renderMatchList } from './render-matches.ts';

type Shown = Pick<ListEnvelope, 'generatedAt' | 'stale'>;

/** What the server knew when it rendered the page (ListingView.astro's data-* hooks). */
function readFetchState(root: HTMLElement): FetchState {
  return { fetchFailed: root.dataset.fetchFailed === 'true', retryEvery: root.dataset.retryEvery ?? 'a cada minuto' };
}

function showNotice(root: HTMLElement, shown: Shown): void {
  const intervalSeconds = Number(root.dataset.intervalSeconds) || 60;
  const noticeText = buildListingNotice(shown, readFetchState(root), new Date(), intervalSeconds);
  const notice = root.querySelector<HTMLElement>('[data-stale-notice]');
  if (notice) {
    notice.textContent = noticeText ?? '';
    notice.hidden = noticeText === null;
  }
}

function applyEnvelope(root: HTMLElement, envelope: ListEnvelope): void {
  const list = root.querySelector('[data-match-list]');
  if (!list) return;
  const shown = readShownScores(list);
  renderMatchList(list, envelope.matches, buildDataDay(envelope.generatedAt));

  highlightChangedScores(list, shown, envelope.matches);
  const followed = followedTeams();
  announce(
    buildGoalAnnouncements(
      shown,
      envelope.matches.filter((match) => !isFollowedMatch(match, followed)),
    ),
  );

  const counter = document.querySelector(`[data-counter="${root.dataset.listing ?? ''}"]`);
  if (counter) counter.textContent = String(envelope.count);
  const time = root.querySelector('[data-last-update]');
  if (time) {
    time.textContent = buildLastUpdateText(envelope.generatedAt);
    if (envelope.generatedAt) time.setAttribute('datetime', envelope.generatedAt);
  }
  showNotice(root, envelope);
  const empty = root.querySelector<HTMLElement>('[data-empty-state]');
  if (empty) empty.hidden = envelope.count > 0 || envelope.generatedAt === null;
}

function startLiveRefresh(root: HTMLElement, endpoint: string): void {
  const errorNote = root.querySelector<HTMLElement>('[data-refresh-error]');
  const renderedNotice = root.querySelector<HTMLElement>('[data-stale-notice]');
  // The data shown as the page was built: its age decides the notice now, not a minute later.
  let shown: Shown = {
    generatedAt: root.querySelector('[data-last-update]')?.getAttribute('datetime') ?? null,
    stale: renderedNotice !== null && !renderedNotice.hidden,
  };
  showNotice(root, shown);
  pollListing(endpoint, {
    onEnvelope: (envelope) => {
      shown = envelope;
      applyEnvelope(root, envelope);
    },
    // Keep what is shown; say discreetly when it could not be refreshed, and whether it aged.
    onSettled: (ok) => {
      if (errorNote) errorNote.hidden = ok;
      if (!ok) showNotice(root, shown);
    },
    // Offline has its own notice (it comes after onSettled), which says more than the error note.
    onConnection: (offline) => {
      const notice = root.querySelector<HTMLElement>('[data-offline-notice]');
      // The shown data's time: the last-update <time>, kept current by applyEnvelope.
      const shownAt = root.querySelector('[data-last-update]')?.getAttribute('datetime') ?? null;
      if (notice) showOfflineNotice(notice, offline, shownAt);
      if (offline && errorNote) errorNote.hidden = true;
    },
  });
}

const root = document.querySelector<HTMLElement>('[data-listing][data-endpoint]');
if (root?.dataset.endpoint) startLiveRefresh(root, root.dataset.endpoint);
