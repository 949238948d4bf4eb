/**
 * Pure: which competition pages a refresh asks for (issue 34: politeness). A competition the
 * listings name is read when it first appears, again a few minutes after one of its matches ends
 * (its table then counts it) and, while a read still does not count it, again after twice as long
 * each time (issue 47); otherwise at most every 6 hours; after a failure it waits with the match
 * pages' back-off. A competition no listing names is never asked for.
 */
import { isInPlay, playedByTeam, type PlayedAtRead } from '../../lib/model/live-table.ts';
import type { Match } from '../../lib/model/model.ts';
import { isCountedByRead, playedBefore } from '../../lib/model/tracked-results.ts';
import { formatSaoPauloIso } from '../../lib/model/time.ts';
import { freshStandingsRecord, type StandingsRecord } from '../../lib/store/scraped/table-store.ts';
import { detailBackoffMs } from '../match-pages/match-page-schedule.ts';

/** A read table is read again after this long at most… */
export const STANDINGS_REGULAR_MS = 6 * 60 * 60 * 1000;
/** …and this long after one of its matches is seen finished (the upstream updates its table after the match). */
export const STANDINGS_AFTER_MATCH_MS = 5 * 60 * 1000;

const timeOf = (iso: string | null): number => (iso === null ? Number.NEGATIVE_INFINITY : Date.parse(iso));

/**
 * The record with the competition's newly finished matches noted: a match seen finished for the
 * first time makes the page due STANDINGS_AFTER_MATCH_MS later (never later than it already was).
 */
export function noteFinishedMatches(record: StandingsRecord, matches: readonly Match[], now: Date): StandingsRecord {
  const known = new Set(record.fetch.finished);
  const fresh = matches.filter((match) => match.status === 'FINISHED' && !known.has(match.id));
  if (fresh.length === 0) return record;
  const soon = now.getTime() + STANDINGS_AFTER_MATCH_MS;
  // A page already due sooner (never read: due now) keeps its time.
  const dueAt =
    record.fetch.dueAt === null || timeOf(record.fetch.dueAt) <= soon
      ? record.fetch.dueAt
      : formatSaoPauloIso(new Date(soon));
  // Only the listings' matches are kept: the list cannot grow past what they hold.
  const listed = new Set(matches.map((match) => match.id));
  const finished = [...record.fetch.finished.filter((id) => listed.has(id)), ...fresh.map((match) => match.id)];
  return { ...record, fetch: { ...record.fetch, dueAt, finished } };
}

const readsOf = (record: StandingsRecord): { latest: PlayedAtRead | null; earlier: PlayedAtRead | null } => ({
  latest: record.readAt === null ? null : { readAt: record.readAt, played: playedByTeam(record.groups) },
  earlier:
    record.earlier === null
      ? null
      : { readAt: record.earlier.readAt, played: new Map(Object.entries(record.earlier.played)) },
});

/**
 * The record's tracked results for the listings' matches now: a match in play or finished is tracked
 * from a read that did not count it (when one is known), noted finished when it ends, and dropped
 * once no listing names it.
 */
export function trackResults(record: StandingsRecord, matches: readonly Match[], now: Date): StandingsRecord {
  const listed = new Map(matches.map((match) => [match.id, match] as const));
  const { latest, earlier } = readsOf(record);
  const tracked = record.tracked.flatMap((entry) => {
    const match = listed.get(entry.match);
    if (!match) return [];
    const finishedAt = entry.finishedAt ?? (match.status === 'FINISHED' ? formatSaoPauloIso(now) : null);
    return [{ ...entry, finishedAt }];
  });
  const known = new Set([...tracked.map((entry) => entry.match), ...record.fetch.finished]);
  for (const match of listed.values()) {
    if (known.has(match.id) || !(isInPlay(match) || match.status === 'FINISHED')) continue;
    const played = playedBefore(match, latest, earlier);
    if (!played) continue;
    const finishedAt = match.status === 'FINISHED' ? formatSaoPauloIso(now) : null;
    tracked.push({ match: match.id, played, finishedAt, reads: 0 });
  }
  const same =
    tracked.length === record.tracked.length &&
    tracked.every((entry, index) => JSON.stringify(entry) === JSON.stringify(record.tracked[index]));
  return same ? record : { ...record, tracked };
}

/** A finished result a read of `groups` does not count yet makes the page due again: 5 minutes, then twice as long each read. */
function afterRead(
  record: StandingsRecord,
  groups: StandingsRecord['groups'],
  now: Date,
): { tracked: StandingsRecord['tracked']; dueAt: string } {
  const played = playedByTeam(groups);
  const tracked = record.tracked.map((entry) =>
    entry.finishedAt !== null && !isCountedByRead(entry, played) ? { ...entry, reads: entry.reads + 1 } : entry,
  );
  const waiting = tracked.filter((entry) => entry.finishedAt !== null && !isCountedByRead(entry, played));
  const fewest = Math.min(...waiting.map((entry) => entry.reads));
  const wait =
    waiting.length === 0
      ? STANDINGS_REGULAR_MS
      : Math.min(STANDINGS_REGULAR_MS, STANDINGS_AFTER_MATCH_MS * 2 ** (fewest - 1));
  return { tracked, dueAt: formatSaoPauloIso(new Date(now.getTime() + wait)) };
}

/** Whether a read of the record's page is awaited for a finished result it does not count yet. */
export function awaitsResult(record: StandingsRecord): boolean {
  const played = playedByTeam(record.groups);
  return record.tracked.some((entry) => entry.finishedAt !== null && !isCountedByRead(entry, played));
}

/**
 * The slugs due now: never-read competitions first (in the listings' order), then those awaiting a
 * finished result, then by how long they have waited.
 */
export function planStandingsFetches(records: ReadonlyMap<string, StandingsRecord>, now: Date): string[] {
  const nowMs = now.getTime();
  const waitedSince = (record: StandingsRecord): number =>
    record.fetch.dueAt === null ? 0 : Date.parse(record.fetch.dueAt);
  return [...records.values()]
    .filter((record) => timeOf(record.fetch.dueAt) <= nowMs)
    .sort(
      (a, b) =>
        Number(a.readAt !== null) - Number(b.readAt !== null) ||
        Number(!awaitsResult(a)) - Number(!awaitsResult(b)) ||
        waitedSince(a) - waitedSince(b),
    )
    .map((record) => record.slug);
}

/** Every competition the listings name, with its record (a new one for a competition first seen). */
export function recordsForListings(
  stored: ReadonlyMap<string, StandingsRecord>,
  competitions: ReadonlyMap<string, readonly Match[]>,
  now: Date,
): Map<string, StandingsRecord> {
  const records = new Map<string, StandingsRecord>();
  for (const [slug, matches] of competitions)
    records.set(
      slug,
      noteFinishedMatches(trackResults(stored.get(slug) ?? freshStandingsRecord(slug), matches, now), matches, now),
    );
  return records;
}

export type StandingsOutcome =
  | { kind: 'read'; groups: StandingsRecord['groups']; etag: string | null; lastModified: string | null }
  | { kind: 'not-modified'; etag: string | null; lastModified: string | null }
  | { kind: 'failed'; error: string };

/** The record after one attempt: a read keeps the table (and the played of the one before), a failure keeps the last good one. */
export function applyStandingsOutcome(
  record: StandingsRecord,
  outcome: StandingsOutcome,
  played: (groups: StandingsRecord['groups']) => Record<string, number>,
  now: Date,
): StandingsRecord {
  const at = formatSaoPauloIso(now);
  const attempted = { ...record.fetch, lastAttemptAt: at };
  if (outcome.kind === 'failed') {
    const failures = record.fetch.failures + 1;
    const dueAt = formatSaoPauloIso(new Date(now.getTime() + detailBackoffMs(failures)));
    return { ...record, fetch: { ...attempted, lastError: outcome.error, failures, dueAt } };
  }
  const groups = outcome.kind === 'read' ? outcome.groups : record.groups;
  const { tracked, dueAt } = afterRead(record, groups, now);
  const fetch = {
    ...attempted,
    lastError: null,
    failures: 0,
    dueAt,
    etag: outcome.etag,
    lastModified: outcome.lastModified,
  };
  if (outcome.kind === 'not-modified') return { ...record, readAt: at, fetch, tracked };
  const changed = JSON.stringify(outcome.groups) !== JSON.stringify(record.groups);
  const earlier =
    changed && record.readAt !== null ? { readAt: record.readAt, played: played(record.groups) } : record.earlier;
  return { ...record, readAt: at, groups: outcome.groups, earlier, fetch, tracked };
}
