/**
 * Keeps a listing view fresh: every 60 s a conditional GET of its API listing, then the list,
 * tab counter, last-update time and stale notice are updated in place. Paused while the tab is
 * hidden, run at once when it is shown again. Goals (only) are announced politely.
 */
import { buildDataDay, buildGoalAnnouncements, buildLastUpdateText, buildStaleNotice } from '../lib/display/match-display.ts';
import type { ListEnvelope } from '../lib/model/model.ts';
import { pollListing } from './poll-listing.ts';
import { highlightChangedScores, readShownScores, renderMatchList } from './render-matches.ts';

function applyEnvelope(root: HTMLElement, envelope: ListEnvelope): void {
  const list = root.querySelector('[data-match-list]');
  if (!list) return;
  const shown = readShownScores(list);
  renderMatchList(list, envelope.matches, buildDataDay(envelope.generatedAt));

  highlightChangedScores(list, shown, envelope.matches);
  const goals = buildGoalAnnouncements(shown, envelope.matches);
  const announcer = root.querySelector('[data-goal-announcer]');
  if (announcer && goals.length > 0) announcer.textContent = goals.join(' ');

  const counter = document.querySelector(`[data-counter="${root.dataset.listing ?? ''}"]`);
  if (counter) counter.textContent = String(envelope.count);
  const time = root.querySelector('[data-last-update]');
  if (time) {
    time.textContent = buildLastUpdateText(envelope.generatedAt);
    if (envelope.generatedAt) time.setAttribute('datetime', envelope.generatedAt);
  }
  const noticeText = buildStaleNotice(envelope);
  const notice = root.querySelector<HTMLElement>('[data-stale-notice]');
  if (notice) {
    notice.textContent = noticeText ?? '';
    notice.hidden = noticeText === null;
  }
  const empty = root.querySelector<HTMLElement>('[data-empty-state]');
  if (empty) empty.hidden = envelope.count > 0 || envelope.generatedAt === null;
}

function startLiveRefresh(root: HTMLElement, endpoint: string): void {
  const errorNote = root.querySelector<HTMLElement>('[data-refresh-error]');
  pollListing(endpoint, {
    onEnvelope: (envelope) => applyEnvelope(root, envelope),
    // Keep what is shown; say discreetly when it could not be refreshed.
    onSettled: (ok) => void (errorNote && (errorNote.hidden = ok)),
  });
}

const root = document.querySelector<HTMLElement>('[data-listing][data-endpoint]');
if (root?.dataset.endpoint) startLiveRefresh(root, root.dataset.endpoint);
