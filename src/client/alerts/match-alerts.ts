/**
 * Alerts for the followed teams while a page is open. After each of the page's own polls of
 * /api/live and /api/hoje (every view polls both, for its list or its tab counters), the matches
 * are compared with what this tab saw before (src/lib/display/alert-sightings.ts, deciding with
 * src/lib/model/match-events.ts like the server's event feed): from the first poll on, since the
 * page starts from what it showed on opening (its rows) and what this tab saw on the views before
 * (sessionStorage `placar:alertas-aba`), so a goal in the first minute after opening or moving to
 * a view is alerted too. The page says each change of a
 * followed team's match in its polite live region and in the title while hidden; with alerts on,
 * one notification per change, raised by the first tab of the browser to see it (the shared
 * sightings of ./shared-sightings.ts).
 */
import {
  claimChanges,
  observeSightings,
  pruneSightings,
  readSightings,
  SIGHTINGS_KEPT_MS,
  sightingOfRow,
} from '../../lib/display/alert-sightings.ts';
import type { SeenMatch, Sighting, Sightings } from '../../lib/display/alert-sightings.ts';
import { isFollowedMatch } from '../../lib/display/followed-teams.ts';
import { buildAlerts, buildAlertSentence, chooseAlerts, type MatchAlert } from '../../lib/display/match-alerts.ts';
import { buildLastUpdateText } from '../../lib/display/match-display.ts';
import { matchesById } from '../../lib/model/match-events.ts';
import type { ListEnvelope } from '../../lib/model/model.ts';
import { alertsOn } from './alert-setting.ts';
import { showAlertNotification } from './alert-notification.ts';
import { claimInSharedSightings } from './shared-sightings.ts';
import { announce } from '../listing/announce.ts';
import { followedTeams } from '../follow/followed-teams.ts';
import { nameScorers } from './goal-scorers.ts';
import { onListingEnvelope } from '../polling/listing-envelopes.ts';
import { keepUpdatingWhileHidden } from '../polling/hidden-tab.ts';
import { badgeTitle } from './title-badge.ts';

const LIVE = '/api/live';
const TODAY = '/api/hoje';

/** This tab's own sightings, carried from view to view. */
const TAB_KEY = 'placar:alertas-aba';
/** The time of rows whose data time the page does not say (Busca's results): older than any answer. */
const UNKNOWN_TIME = '1970-01-01T00:00:00Z';

const latest = new Map<string, ListEnvelope>();
const viewList = document.querySelector('[data-match-list]');

/** The view's rows as sightings, at its data's time (the listing views' "Última atualização"). */
function shownSightings(): Record<string, Sighting> {
  const at = document.querySelector('[data-last-update]')?.getAttribute('datetime') ?? UNKNOWN_TIME;
  const shown: Record<string, Sighting> = {};
  for (const row of viewList?.querySelectorAll('.match') ?? []) {
    const badge = row.querySelector('.badge');
    const read = sightingOfRow(
      {
        id: row.getAttribute('data-id'),
        home: row.getAttribute('data-home'),
        away: row.getAttribute('data-away'),
        badgeClass: badge?.className ?? '',
        badgeText: badge?.textContent ?? '',
      },
      at,
    );
    if (read) shown[read[0]] = read[1];
  }
  return shown;
}

/**
 * The tab's own sightings, kept in sessionStorage (a thunk: merely reaching it throws in some
 * privacy modes). Unreadable: none; not kept: then the next view starts from its rows.
 */
function readStored(store: () => Storage, key: string): Record<string, Sighting> {
  try {
    return readSightings(store().getItem(key));
  } catch {
    return {};
  }
}

function keepStored(store: () => Storage, key: string, sightings: Sightings): void {
  try {
    store().setItem(key, JSON.stringify(pruneSightings(sightings, Date.now() - SIGHTINGS_KEPT_MS)));
  } catch {
    // Not kept (see above).
  }
}

const tabStore = (): Storage => sessionStorage;

/**
 * What this view showed at load is the baseline (issue: compare against what the page showed),
 * unless the tab saw a match on an earlier view in newer data: a listing that lags another (today's
 * behind the live one) must not make the first poll "see" a goal the page already showed.
 */
function mergeSightings(shown: Sightings, carried: Sightings): Sightings {
  const merged: Record<string, Sighting> = { ...carried };
  for (const [id, row] of Object.entries(shown)) {
    const before = carried[id];
    if (!before || Date.parse(row.at) >= Date.parse(before.at)) merged[id] = row;
  }
  return merged;
}

// Rows drawn later (Busca's results) add the matches the tab had not seen.
let own: Sightings = mergeSightings(shownSightings(), readStored(tabStore, TAB_KEY));
keepStored(tabStore, TAB_KEY, own);
const addShownRows = (): void => {
  own = { ...shownSightings(), ...own };
};
if (viewList) new MutationObserver(addShownRows).observe(viewList, { childList: true });

/** The matches of the last live and today answers, each with its answer's time; live wins. */
function seenMatches(): SeenMatch[] {
  const live = latest.get(LIVE);
  const today = latest.get(TODAY);
  const liveIds = new Set(live?.matches.map((match) => match.id));
  return matchesById([live?.matches ?? [], today?.matches ?? []]).map((match) => ({
    match,
    at: (liveIds.has(match.id) ? live?.generatedAt : today?.generatedAt) ?? '',
  }));
}

/** The changes no other tab notified, claimed in the shared sightings, then notified. */
async function notifyClaimed(ownBefore: Sightings, seen: readonly SeenMatch[]): Promise<void> {
  const followed = followedTeams();
  const claimed = await claimInSharedSightings((shared) => {
    const update = claimChanges(shared, ownBefore, seen);
    return { sightings: update.sightings, result: buildAlerts(chooseAlerts(update.changes, followed)) };
  });
  // The scorers are looked up after the claim: the claim holds the shared sightings only.
  for (const alert of await nameScorers(claimed)) showAlertNotification(alert).catch(() => undefined);
}

/**
 * The latest update's alerts stay written in "Meus times", each on its line (two goals in one
 * refresh are two lines), with the time of the data that brought them.
 */
function showLatest(alerts: readonly MatchAlert[], at: string): void {
  const line = document.querySelector<HTMLElement>('[data-latest-alert]');
  if (alerts.length === 0 || !line) return;
  const time = buildLastUpdateText(at).slice(0, 5);
  line.replaceChildren(
    ...alerts.flatMap((alert, index) => [
      ...(index > 0 ? [document.createElement('br')] : []),
      `${time} · ${buildAlertSentence(alert)}`,
    ]),
  );
  line.hidden = false;
}

onListingEnvelope((endpoint, envelope) => {
  if ((endpoint !== LIVE && endpoint !== TODAY) || envelope.generatedAt === null) return;
  latest.set(endpoint, envelope);
  // A sighting is both listings (the day's listing may still show a goal the live one shows):
  // judged from one alone, the first answers would differ from each other and raise alerts.
  if (!latest.has(LIVE) || !latest.has(TODAY)) return;
  const seen = seenMatches();
  const ownBefore = own;
  const update = observeSightings(own, seen);
  own = update.sightings;
  keepStored(tabStore, TAB_KEY, own);
  const followed = followedTeams();
  if (followed.size === 0) return;
  const at = envelope.generatedAt;
  void nameScorers(buildAlerts(chooseAlerts(update.changes, followed))).then((alerts) => {
    announce(alerts.map(buildAlertSentence));
    showLatest(alerts, at);
    badgeTitle(alerts);
  });
  if (alertsOn()) {
    const followedSeen = seen.filter((entry) => isFollowedMatch(entry.match, followed));
    notifyClaimed(ownBefore, followedSeen).catch(() => undefined);
  }
});

// The alerts come from the polls and the build notices: with alerts on, a hidden tab keeps both.
keepUpdatingWhileHidden(() => alertsOn() && followedTeams().size > 0);
