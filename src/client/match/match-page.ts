/**
 * Keeps the match page (MatchView.astro) fresh until the match is over: every 60 s a conditional
 * GET of its /api/jogo/{id} (poll-listing.ts), then the title, scoreboard, notices, channels,
 * timeline, substitutions, lineups, statistics, venue and referee are redrawn in place from the page's
 * <template>s, data only ever as text. A goal is highlighted and said politely. Once the match is
 * over (or on a page rendered after it), it stops asking.
 */
import {
  buildGoalAnnouncements,
  buildLastUpdateText,
  buildScoreParts,
  buildStatusBadge,
  buildWinner,
} from '../../lib/display/match-display.ts';
import {
  buildDetailNotice,
  buildMatchOfflineNotice,
  buildMatchTitle,
  buildBroadcastText,
  buildShirtNumber,
  buildShownUpdate,
  isMatchSettled,
} from '../../lib/display/match-page-text.ts';
import { buildBarRects, buildStatBars } from '../../lib/display/match-statistics.ts';
import { buildSubstitutions, buildTimeline } from '../../lib/display/match-timeline.ts';
import type { Match, MatchDetail, MatchDetailEnvelope } from '../../lib/model/model.ts';
import { announce } from '../listing/announce.ts';
import { readMatchDetailEnvelope } from './match-detail-response.ts';
import { pollJson } from '../polling/poll-listing.ts';
import { cloneTemplate, highlightScore } from '../listing/render-matches.ts';

/** Sets each [data-slot] under `node` named in `values` to its text. */
function fill(node: ParentNode, values: Record<string, string>): void {
  for (const slot of node.querySelectorAll<HTMLElement>('[data-slot]')) {
    const value = values[slot.dataset.slot ?? ''];
    if (value !== undefined) slot.textContent = value;
  }
}

function renderList<T>(
  list: Element | null,
  template: string,
  items: readonly T[],
  build: (node: Element, item: T) => void,
): void {
  list?.replaceChildren(
    ...items.map((item) => {
      const node = cloneTemplate(template);
      build(node, item);
      return node;
    }),
  );
}

function textElement(tag: string, className: string, text: string): HTMLElement {
  const made = document.createElement(tag);
  made.className = className;
  made.textContent = text;
  return made;
}

/** The status and score as MatchScoreboard.astro writes them. */
function renderScoreboard(root: HTMLElement, match: Match): void {
  const board = root.querySelector<HTMLElement>('.scoreboard');
  const score = root.querySelector('[data-score]');
  if (!board || !score) return;
  const badge = buildStatusBadge(match, root.dataset.today ?? null);
  const status = board.querySelector('[data-status]');
  if (status) {
    status.className = `badge badge--${badge.tone}`;
    status.textContent = badge.text;
  }
  const before = score.textContent;
  const parts = buildScoreParts(match);
  score.replaceChildren(
    ...(parts.home === null || parts.away === null
      ? [textElement('span', 'scoreboard-kickoff', parts.kickoff ?? 'x')]
      : [
          textElement('span', 'scoreboard-goals', parts.home),
          textElement('span', 'scoreboard-x', ' x '),
          textElement('span', 'scoreboard-goals', parts.away),
        ]),
  );
  if (score.textContent !== before) highlightScore(score);
  const penalties = board.querySelector<HTMLElement>('[data-penalties]');
  if (penalties) {
    penalties.textContent = parts.penalties ?? '';
    penalties.hidden = parts.penalties === null;
  }
  const winner = buildWinner(match);
  if (winner === null) board.removeAttribute('data-winner');
  else board.setAttribute('data-winner', winner);
  document.title = `${buildMatchTitle(match)} · Placar`;
}

function showSection(root: HTMLElement, name: string, shown: boolean): void {
  const section = root.querySelector<HTMLElement>(`[data-section="${name}"]`);
  if (section) section.hidden = !shown;
}

function renderDetail(root: HTMLElement, detail: MatchDetail): void {
  // A copy the service worker kept from before channels were read has none.
  const broadcasts = detail.broadcasts ?? [];
  renderList(root.querySelector('[data-list="broadcasts"]'), 'broadcast-template', broadcasts, (node, broadcast) => {
    node.textContent = buildBroadcastText(broadcast);
  });
  showSection(root, 'broadcasts', broadcasts.length > 0);

  const periods = buildTimeline(detail);
  renderList(root.querySelector('[data-list="timeline"]'), 'period-template', periods, (node, period) => {
    const name = node.querySelector('.period-name');
    if (name) name.textContent = period.name;
    renderList(node.querySelector('.events'), 'event-template', period.entries, (event, entry) => {
      event.className = `event event--${entry.side} event--${entry.kind}`;
      fill(event, { minute: entry.minute, label: entry.label, note: entry.note, score: entry.score });
      event
        .querySelector('[data-slot="player"]')
        ?.replaceChildren(entry.cancelled ? textElement('del', '', entry.player) : entry.player);
    });
  });
  const empty = root.querySelector<HTMLElement>('[data-empty="timeline"]');
  if (empty) empty.hidden = periods.length > 0;

  const substitutions = buildSubstitutions(detail.substitutions);
  renderList(
    root.querySelector('[data-list="substitutions"]'),
    'substitution-template',
    substitutions,
    (node, entry) => {
      node.className = `event event--${entry.side}`;
      fill(node, { minute: entry.minute, in: entry.playerIn, out: entry.playerOut });
    },
  );
  showSection(root, 'substitutions', substitutions.length > 0);

  for (const side of ['home', 'away'] as const) {
    renderList(
      root.querySelector(`[data-list="lineup-${side}"]`),
      'player-template',
      detail.lineups?.[side] ?? [],
      (node, player) => fill(node, { number: buildShirtNumber(player), name: player.name }),
    );
  }
  showSection(root, 'lineups', detail.lineups !== null);

  const bars = buildStatBars(detail.statistics);
  renderList(root.querySelector('[data-list="statistics"]'), 'stat-template', bars, (node, bar) => {
    fill(node, { label: bar.label, home: bar.home, away: bar.away });
    const rects = buildBarRects(bar.shares);
    const box = node.querySelector<HTMLElement>('[data-bar]');
    if (box) box.hidden = rects === null;
    node.querySelector('.stat-fill--home')?.setAttribute('x', String(rects?.homeX ?? 49));
    node.querySelector('.stat-fill--home')?.setAttribute('width', String(rects?.home ?? 0));
    node.querySelector('.stat-fill--away')?.setAttribute('width', String(rects?.away ?? 0));
  });
  showSection(root, 'statistics', bars.length > 0);

  for (const fact of ['round', 'venue', 'referee'] as const) {
    const row = root.querySelector<HTMLElement>(`[data-fact="${fact}"]`);
    if (row) {
      fill(row, { [fact]: detail[fact] ?? '' });
      row.hidden = !detail[fact];
    }
  }
}

function applyEnvelope(root: HTMLElement, envelope: MatchDetailEnvelope): void {
  const { match, detail } = envelope;
  // The goals shown until now (MatchScoreboard.astro's data-home/data-away): a new one is said.
  const board = root.querySelector('.scoreboard');
  const goals = (side: 'home' | 'away'): number | null => {
    const value = board?.getAttribute(`data-${side}`);
    return value ? Number(value) : null;
  };
  announce(buildGoalAnnouncements(new Map([[match.id, { home: goals('home'), away: goals('away') }]]), [match]));
  board?.setAttribute('data-home', String(match.score.home ?? ''));
  board?.setAttribute('data-away', String(match.score.away ?? ''));
  renderScoreboard(root, match);

  const time = root.querySelector('[data-last-update]');
  const shownAt = buildShownUpdate(envelope);
  if (time) {
    time.textContent = buildLastUpdateText(shownAt);
    if (shownAt) time.setAttribute('datetime', shownAt);
  }
  const notice = root.querySelector<HTMLElement>('[data-detail-notice]');
  if (notice) {
    const text = buildDetailNotice(envelope);
    notice.textContent = text ?? '';
    notice.hidden = text === null;
  }
  const detailArea = root.querySelector<HTMLElement>('[data-detail]');
  if (detailArea) detailArea.hidden = detail === null;
  if (detail !== null) renderDetail(root, detail);
}

function startMatchRefresh(root: HTMLElement, endpoint: string): void {
  const errorNote = root.querySelector<HTMLElement>('[data-refresh-error]');
  // A live match's page is kept while only its clock moves (match-files.ts): its minute comes from the JSON.
  const atOnce = root.dataset.live === 'true';
  const poll = pollJson(
    endpoint,
    readMatchDetailEnvelope,
    {
      onEnvelope: (envelope) => {
        applyEnvelope(root, envelope);
        if (!isMatchSettled(envelope.match.status)) return;
        poll.stop();
        const rhythm = root.querySelector<HTMLElement>('.auto-refresh');
        if (rhythm) rhythm.hidden = true;
      },
      onSettled: (ok) => {
        if (errorNote) errorNote.hidden = ok;
      },
      onConnection: (offline) => {
        const notice = root.querySelector<HTMLElement>('[data-offline-notice]');
        const shownAt = root.querySelector('[data-last-update]')?.getAttribute('datetime') ?? null;
        if (notice) {
          notice.hidden = !offline;
          notice.textContent = offline ? buildMatchOfflineNotice(shownAt) : '';
        }
        if (offline && errorNote) errorNote.hidden = true;
      },
    },
    { atOnce },
  );
}

const root = document.querySelector<HTMLElement>('[data-match-page][data-endpoint]');
if (root?.dataset.endpoint && root.dataset.settled === undefined) startMatchRefresh(root, root.dataset.endpoint);
