/**
 * Alerts for the followed teams while a page is open. After each of the page's own polls of
 * /api/live and /api/hoje (every view polls both, for its list or its tab counters), the matches
 * are compared with what this tab saw before (src/lib/display/alert-sightings.ts, deciding with
 * src/lib/model/match-events.ts like the server's event feed). The page says each change of a
 * followed team's match in its polite live region and in the title while hidden; with alerts on,
 * one notification per change, raised by the first tab of the browser to see it (localStorage
 * `placar:alertas-vistos`, read and written under a Web Lock).
 */
import { claimChanges, observeSightings, pruneSightings, readSightings } from '../lib/display/alert-sightings.ts';
import type { SeenMatch, Sighting, Sightings } from '../lib/display/alert-sightings.ts';
import { isFollowedMatch } from '../lib/display/followed-teams.ts';
import { buildAlerts, buildAlertSentence, chooseAlerts, type MatchAlert } from '../lib/display/match-alerts.ts';
import { buildLastUpdateText } from '../lib/display/match-display.ts';
import { matchesById } from '../lib/model/match-events.ts';
import type { ListEnvelope } from '../lib/model/model.ts';
import { alertsOn } from './alert-setting.ts';
import { showAlertNotification } from './alert-notification.ts';
import { announce } from './announce.ts';
import { followedTeams } from './followed-teams.ts';
import { nameScorers } from './goal-scorers.ts';
import { onListingEnvelope } from './listing-feed.ts';
import { keepPollingWhileHidden } from './poll-listing.ts';
import { badgeTitle } from './title-badge.ts';

const LIVE = '/api/live';
const TODAY = '/api/hoje';
const SHARED_KEY = 'placar:alertas-vistos';
const LOCK_NAME = 'placar:alertas';
/** Shared sightings older than this are dropped: yesterday's matches raise nothing any more. */
const KEEP_MS = 2 * 24 * 60 * 60 * 1000;

const latest = new Map<string, ListEnvelope>();
let own: Sightings = {};

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

function readShared(): Record<string, Sighting> {
  try {
    return readSightings(localStorage.getItem(SHARED_KEY));
  } catch {
    return {};
  }
}

function writeShared(sightings: Sightings): void {
  try {
    localStorage.setItem(SHARED_KEY, JSON.stringify(pruneSightings(sightings, Date.now() - KEEP_MS)));
  } catch {
    // Then each tab notifies on its own.
  }
}

/** The changes no other tab notified, claimed in the shared store, then notified. */
async function notifyClaimed(ownBefore: Sightings, seen: readonly SeenMatch[]): Promise<void> {
  const followed = followedTeams();
  const claim = (): MatchAlert[] => {
    const update = claimChanges(readShared(), ownBefore, seen);
    writeShared(update.sightings);
    return buildAlerts(chooseAlerts(update.changes, followed));
  };
  const notify = async (claimed: MatchAlert[]): Promise<void> => {
    for (const alert of await nameScorers(claimed)) showAlertNotification(alert).catch(() => undefined);
  };
  // Without Web Locks (older browsers) two tabs may both notify a change seen at the same moment.
  // The scorers are looked up after the claim: the lock is held only for the shared store.
  if ('locks' in navigator) await notify(await navigator.locks.request(LOCK_NAME, claim));
  else await notify(claim());
}

/** The latest alert stays written in "Meus times", with the time of the data that brought it. */
function showLatest(alerts: readonly MatchAlert[], at: string): void {
  const latest = alerts.at(-1);
  const line = document.querySelector<HTMLElement>('[data-latest-alert]');
  if (!latest || !line) return;
  line.textContent = `${buildLastUpdateText(at).slice(0, 5)} · ${buildAlertSentence(latest)}`;
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

// The alerts come from the polls: with alerts on, a hidden tab keeps polling.
keepPollingWhileHidden(() => alertsOn() && followedTeams().size > 0);
