/**
 * Keeps a listing view fresh: every 60 s a conditional GET of its API listing, then the list,
 * tab counter, last-update time and stale notice are updated in place. Paused while the tab is
 * hidden, run at once when it is shown again. Goals (only) are announced politely.
 */
import { buildDataDay, buildGoalAnnouncements, buildLastUpdateText, buildStaleNotice } from '../lib/match-display.ts';
import type { ListEnvelope } from '../lib/model.ts';
import { readListEnvelope } from './api-response.ts';
import { highlightChangedScores, readShownScores, renderMatchList } from './render-matches.ts';

const REFRESH_INTERVAL_MS = 60_000;

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
  let etag: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight = false;

  const schedule = (): void => {
    clearTimeout(timer);
    if (document.visibilityState !== 'hidden') timer = setTimeout(() => void refresh(), REFRESH_INTERVAL_MS);
  };

  const refresh = async (): Promise<void> => {
    if (inFlight) return;
    inFlight = true;
    clearTimeout(timer);
    try {
      // A manual If-None-Match makes fetch hand us the 304 instead of answering from its cache.
      const response = await fetch(endpoint, { cache: 'no-store', headers: etag ? { 'If-None-Match': etag } : {} });
      if (response.status !== 304) {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const envelope = readListEnvelope(await response.json());
        applyEnvelope(root, envelope);
        etag = response.headers.get('ETag');
      }
      if (errorNote) errorNote.hidden = true;
    } catch {
      // Keep what is shown; say discreetly that it could not be refreshed.
      if (errorNote) errorNote.hidden = false;
    } finally {
      inFlight = false;
      schedule();
    }
  };

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') clearTimeout(timer);
    else void refresh();
  });
  schedule();
}

const root = document.querySelector<HTMLElement>('[data-listing][data-endpoint]');
if (root?.dataset.endpoint) startLiveRefresh(root, root.dataset.endpoint);
