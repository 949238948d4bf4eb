/**
 * Pure: which competition pages a refresh asks for (issue 34: politeness). A competition the
 * listings name is read when it first appears, again a few minutes after one of its matches ends
 * (its table then counts it), otherwise at most every 6 hours; after a failure it waits with the
 * match pages' back-off. A competition no listing names is never asked for.
 */
import type { Match } from '../../lib/model/model.ts';
import { formatSaoPauloIso } from '../../lib/model/time.ts';
import { freshStandingsRecord, type StandingsRecord } from '../../lib/store/scraped/standings-store.ts';
import { detailBackoffMs } from '../match-pages/detail-schedule.ts';

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

/** The slugs due now: never-read competitions first (in the listings' order), then by how long they have waited. */
export function planStandingsFetches(records: ReadonlyMap<string, StandingsRecord>, now: Date): string[] {
  const nowMs = now.getTime();
  const waitedSince = (record: StandingsRecord): number =>
    record.fetch.dueAt === null ? 0 : Date.parse(record.fetch.dueAt);
  return [...records.values()]
    .filter((record) => timeOf(record.fetch.dueAt) <= nowMs)
    .sort((a, b) => Number(a.readAt !== null) - Number(b.readAt !== null) || waitedSince(a) - waitedSince(b))
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
    records.set(slug, noteFinishedMatches(stored.get(slug) ?? freshStandingsRecord(slug), matches, now));
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
  const fetch = {
    ...attempted,
    lastError: null,
    failures: 0,
    dueAt: formatSaoPauloIso(new Date(now.getTime() + STANDINGS_REGULAR_MS)),
    etag: outcome.etag,
    lastModified: outcome.lastModified,
  };
  if (outcome.kind === 'not-modified') return { ...record, readAt: at, fetch };
  const changed = JSON.stringify(outcome.groups) !== JSON.stringify(record.groups);
  const earlier =
    changed && record.readAt !== null ? { readAt: record.readAt, played: played(record.groups) } : record.earlier;
  return { ...record, readAt: at, groups: outcome.groups, earlier, fetch };
}
