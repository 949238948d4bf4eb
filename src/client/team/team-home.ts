/**
 * A team's home in the browser: its /api/time/{slug} polled like every view (a conditional GET a minute, at once on
 * the server's build notice), and asked at once as the page opens while a match is in play: the refresh keeps the page
 * while only the clocks move (team-home-files.ts). The matches in play are redrawn in place (new score highlighted,
 * goals said politely), as are the live places in the tables and the last update; when the answer lays the page out
 * otherwise (a match started or ended, a table moved), the page is reloaded, once per answer: the refresh rendered it
 * from the same data (an older copy, offline, would otherwise reload for ever). "Adicionar à agenda" becomes a
 * webcal:// subscription to this host's calendar.
 */
import { buildDataDay, buildGoalAnnouncements, buildLastUpdateText } from '../../lib/display/match-display.ts';
import { buildStandingLiveText, standingKey, teamHomeLayoutKey } from '../../lib/display/team-home-display.ts';
import type { TeamHomeEnvelope } from '../../lib/model/team-home.ts';
import { announce } from '../listing/announce.ts';
import { buildRow, findRow, highlightChangedScores, keepFocus, readShownScores } from '../listing/render-matches.ts';
import { ApiResponseError, isRecord } from '../polling/api-response.ts';
import { pollJson } from '../polling/poll-listing.ts';

function readTeamHome(value: unknown): TeamHomeEnvelope {
  if (
    !isRecord(value) ||
    !isRecord(value.team) ||
    !Array.isArray(value.live) ||
    !Array.isArray(value.next) ||
    !Array.isArray(value.last) ||
    !Array.isArray(value.standings) ||
    !(typeof value.generatedAt === 'string' || value.generatedAt === null)
  )
    throw new ApiResponseError('unexpected team home envelope');
  return value as unknown as TeamHomeEnvelope;
}

/** The live rows redrawn from the answer, each keeping what the page put under it (its competition). */
function redrawLive(root: HTMLElement, envelope: TeamHomeEnvelope): void {
  const list = root.querySelector('[data-section="live"] .matches');
  if (!list) return;
  const shown = readShownScores(list);
  const today = buildDataDay(envelope.generatedAt);
  keepFocus(list, () => {
    for (const match of envelope.live) {
      const old = findRow(list, match.id);
      if (!old) continue;
      const row = buildRow(match, today);
      const extra = old.querySelector(':scope > [data-extra]');
      const star = row.querySelector(':scope > button.follow');
      if (extra && star) star.before(extra);
      else if (extra) row.append(extra);
      old.replaceWith(row);
    }
  });
  highlightChangedScores(list, shown, envelope.live);
  announce(buildGoalAnnouncements(shown, envelope.live));
}

/** This tab's last reload, by the layout it was for (sessionStorage: it outlives the reload). */
const RELOADED_FOR = 'placar:time-recarregada';

/** Reloads the page for `layout` unless this tab already did: then false, and the page updates what it can. */
function reloadOnce(layout: string): boolean {
  try {
    if (sessionStorage.getItem(RELOADED_FOR) === layout) return false;
    sessionStorage.setItem(RELOADED_FOR, layout);
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

function applyEnvelope(root: HTMLElement, envelope: TeamHomeEnvelope): void {
  const layout = teamHomeLayoutKey(envelope);
  if (layout !== root.dataset.layout && reloadOnce(layout)) return;
  redrawLive(root, envelope);
  for (const standing of envelope.standings) {
    const live = root.querySelector<HTMLElement>(
      `[data-standing="${CSS.escape(standingKey(standing))}"] [data-standing-live]`,
    );
    if (!live) continue;
    live.textContent = buildStandingLiveText(standing);
    live.hidden = live.textContent === '';
  }
  const time = root.querySelector('[data-last-update]');
  if (time) {
    time.textContent = buildLastUpdateText(envelope.generatedAt);
    if (envelope.generatedAt) time.setAttribute('datetime', envelope.generatedAt);
  }
}

/** The calendar as a subscription on this very host (a bucket's or Placar's own), the file kept as the fallback. */
function subscribeCalendar(root: HTMLElement): void {
  const link = root.querySelector<HTMLAnchorElement>('a[data-webcal]');
  const path = link?.getAttribute('href');
  if (link && path?.startsWith('/')) link.href = `webcal://${window.location.host}${path}`;
}

const root = document.querySelector<HTMLElement>('[data-team-home]');
if (root) {
  subscribeCalendar(root);
  const errorNote = root.querySelector<HTMLElement>('[data-refresh-error]');
  if (root.dataset.endpoint)
    pollJson(
      root.dataset.endpoint,
      readTeamHome,
      {
        onEnvelope: (envelope) => applyEnvelope(root, envelope),
        onSettled: (ok) => {
          if (errorNote) errorNote.hidden = ok;
        },
      },
      { atOnce: root.querySelector('[data-section="live"]') !== null },
    );
}
