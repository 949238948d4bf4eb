/**
 * Pure: which match changes a page alerts, from what it saw before and what the tabs of the same
 * browser already alerted. Each sighting carries its listing's `generatedAt`, so an older answer
 * (another listing polled later, the service worker's offline copy) never undoes a newer one.
 *
 * - observeSightings: the changes since this tab's own last sighting of each match (the page's
 *   announcement, highlight and title badge). A match the tab sees for the first time is no
 *   change, so a page never alerts on load.
 * - claimChanges: the changes no tab has notified yet, decided against the newest sighting of any
 *   tab (`shared`, kept by src/client/alerts/shared-sightings.ts): the first tab to see a change notifies it,
 *   the others find it claimed. Only what this tab itself saw before can be claimed.
 */
import { changesOfMatch, type MatchChange } from '../model/match-events.ts';
import type { Match, Status } from '../model/model.ts';
import { STATUSES } from '../model/statuses.ts';

/** What a change is decided from: the status and goals of one match, at the data's time. */
export interface Sighting {
  status: Status;
  home: number | null;
  away: number | null;
  /** The listing's generatedAt (ISO 8601 with offset). */
  at: string;
}

export type Sightings = Readonly<Record<string, Sighting>>;

/** One match as a listing showed it, with that listing's generatedAt. */
export interface SeenMatch {
  match: Match;
  at: string;
}

export interface SightingUpdate {
  sightings: Record<string, Sighting>;
  changes: MatchChange[];
}

function toSighting({ match, at }: SeenMatch): Sighting {
  return { status: match.status, home: match.score.home, away: match.score.away, at };
}

function isLater(at: string, than: Sighting | undefined): boolean {
  return than === undefined || Date.parse(at) > Date.parse(than.at);
}

function changesSince(before: Sighting, match: Match): MatchChange[] {
  const score = { home: before.home, away: before.away, penalties: null };
  return changesOfMatch({ status: before.status, score }, match);
}

/** `own` updated with `seen`, and what changed since this tab's last sighting of each match. */
export function observeSightings(own: Sightings, seen: readonly SeenMatch[]): SightingUpdate {
  const update: SightingUpdate = { sightings: { ...own }, changes: [] };
  for (const entry of seen) {
    const mine = own[entry.match.id];
    if (!isLater(entry.at, mine)) continue;
    update.sightings[entry.match.id] = toSighting(entry);
    if (mine !== undefined) update.changes.push(...changesSince(mine, entry.match));
  }
  return update;
}

/**
 * `shared` updated with `seen`, and the changes to notify: from the newer of this tab's sighting
 * before this poll (`ownBefore`) and the shared one, when `seen` is newer than both.
 */
export function claimChanges(shared: Sightings, ownBefore: Sightings, seen: readonly SeenMatch[]): SightingUpdate {
  const update: SightingUpdate = { sightings: { ...shared }, changes: [] };
  for (const entry of seen) {
    const mine = ownBefore[entry.match.id];
    const theirs = shared[entry.match.id];
    if (isLater(entry.at, theirs)) update.sightings[entry.match.id] = toSighting(entry);
    if (mine === undefined || !isLater(entry.at, mine) || !isLater(entry.at, theirs)) continue;
    const latest = theirs !== undefined && isLater(theirs.at, mine) ? theirs : mine;
    update.changes.push(...changesSince(latest, entry.match));
  }
  return update;
}

/** The status a row's badge shows (match-display.ts's buildStatusBadge, read back): its tone, and for "off" its word. */
const STATUS_OF_TONE: Readonly<Record<string, Status>> = {
  live: 'IN_PLAY',
  break: 'PAUSED',
  scheduled: 'SCHEDULED',
  finished: 'FINISHED',
  unknown: 'UNKNOWN',
};
const STATUS_OF_OFF_WORD: Readonly<Record<string, Status>> = {
  Adiado: 'POSTPONED',
  Suspenso: 'SUSPENDED',
  Cancelado: 'CANCELLED',
};

/** A match row as the page shows it (MatchRow.astro's data-* and badge). */
export interface ShownRow {
  id: string | null;
  home: string | null;
  away: string | null;
  badgeClass: string;
  badgeText: string;
}

/**
 * A row the page shows as a sighting at `at` (its data's time): what the fan saw on opening a view,
 * which the view's first poll is compared with. Null for a row it cannot read.
 */
export function sightingOfRow(row: ShownRow, at: string): [string, Sighting] | null {
  const tone = /\bbadge--(\w+)/.exec(row.badgeClass)?.[1] ?? '';
  const status = tone === 'off' ? STATUS_OF_OFF_WORD[row.badgeText] : STATUS_OF_TONE[tone];
  const goals = (value: string | null): number | null => (value ? Number(value) : null);
  if (!row.id || status === undefined) return null;
  return [row.id, { status, home: goals(row.home), away: goals(row.away), at }];
}

const STATUS_NAMES: ReadonlySet<string> = new Set(STATUSES);
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$/;

function isGoals(value: unknown): boolean {
  return value === null || (typeof value === 'number' && Number.isInteger(value) && value >= 0);
}

function isSighting(value: unknown): value is Sighting {
  if (typeof value !== 'object' || value === null) return false;
  const { status, home, away, at } = value as Record<string, unknown>;
  return (
    typeof status === 'string' &&
    STATUS_NAMES.has(status) &&
    isGoals(home) &&
    isGoals(away) &&
    typeof at === 'string' &&
    ISO_DATE_TIME.test(at)
  );
}

/** The sightings in a stored value; anything malformed is left out (null or junk: none). */
export function readSightings(raw: string | null): Record<string, Sighting> {
  let value: unknown;
  try {
    value = raw === null ? null : JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter(([, sighting]) => isSighting(sighting)));
}

/** Sightings older than this are dropped when kept: yesterday's matches raise nothing any more. */
export const SIGHTINGS_KEPT_MS = 2 * 24 * 60 * 60 * 1000;

/** The sightings not older than `keepSinceMs` (epoch ms): finished days need not be remembered. */
export function pruneSightings(sightings: Sightings, keepSinceMs: number): Record<string, Sighting> {
  return Object.fromEntries(Object.entries(sightings).filter(([, sighting]) => Date.parse(sighting.at) >= keepSinceMs));
}
