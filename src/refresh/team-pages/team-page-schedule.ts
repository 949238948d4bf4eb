/**
 * Pure: which teams' upstream team pages a refresh asks for (issue 50 §2: politeness). A team is a
 * candidate only while a listing or a kept day names it with a slug; each is read at most once per
 * TEAM_PAGE_INTERVAL_HOURS, after a failure again after 1, 2, 4 … minutes, never longer than the
 * interval. Due teams go in this order: those a push subscription follows, then those playing
 * today, then the rest; within each, never read first, then by how long they have waited.
 */
import { isInPlay } from '../../lib/model/live-table.ts';
import type { Match, Team } from '../../lib/model/model.ts';
import type { TeamPagesRead } from '../../lib/model/team-home.ts';
import { formatSaoPauloIso, saoPauloDate } from '../../lib/model/time.ts';
import { freshTeamPageRecord, type TeamPageRecord } from '../../lib/store/scraped/team-page-store.ts';
import { DETAIL_BACKOFF_BASE_MS } from '../match-pages/match-page-schedule.ts';

/** A team Placar may ask the upstream about: named, with a slug, by a listing or a kept day. */
export interface TeamCandidate {
  slug: string;
  /** The names the matches give it (a push subscription follows a team by name). */
  names: ReadonlySet<string>;
  /** In a match of today (São Paulo) or in play. */
  playsToday: boolean;
}

/** A team as a kept day's listing names it. */
export type KeptTeam = Pick<Team, 'name' | 'slug'>;

/** Every team of `listed` (this scrape's listings) and `kept` (the kept days' teams) with a slug, each once. */
export function teamCandidates(
  listed: readonly Match[],
  kept: readonly KeptTeam[],
  now: Date,
): Map<string, TeamCandidate> {
  const today = saoPauloDate(now);
  const candidates = new Map<string, { slug: string; names: Set<string>; playsToday: boolean }>();
  const add = (team: KeptTeam, playsToday: boolean): void => {
    if (team.slug === null) return;
    const candidate = candidates.get(team.slug) ?? { slug: team.slug, names: new Set<string>(), playsToday: false };
    candidate.names.add(team.name);
    candidate.playsToday ||= playsToday;
    candidates.set(team.slug, candidate);
  };
  for (const match of listed) {
    const playsToday = match.date === today || isInPlay(match);
    add(match.homeTeam, playsToday);
    add(match.awayTeam, playsToday);
  }
  for (const team of kept) add(team, false);
  return candidates;
}

const timeOf = (iso: string | null): number => (iso === null ? Number.NEGATIVE_INFINITY : Date.parse(iso));

/** The slugs due now, in the order they are read (see the file's comment). */
export function planTeamPageFetches(
  candidates: ReadonlyMap<string, TeamCandidate>,
  records: ReadonlyMap<string, TeamPageRecord>,
  isFollowed: (candidate: TeamCandidate) => boolean,
  now: Date,
): string[] {
  const nowMs = now.getTime();
  const due = [...candidates.values()].flatMap((candidate) => {
    const record = records.get(candidate.slug) ?? null;
    const nextAt = timeOf(record?.fetch.nextAttemptAt ?? null);
    if (nextAt > nowMs) return [];
    const rank = isFollowed(candidate) ? 0 : candidate.playsToday ? 1 : 2;
    return [{ slug: candidate.slug, rank, neverRead: record?.readAt == null, nextAt }];
  });
  return due
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        Number(b.neverRead) - Number(a.neverRead) ||
        (a.nextAt === b.nextAt ? 0 : a.nextAt < b.nextAt ? -1 : 1) ||
        a.slug.localeCompare(b.slug),
    )
    .map((entry) => entry.slug);
}

/** One page's answer: its matches read now, or a 304 (the stored ones stand). */
export type TeamPageAnswer =
  | { kind: 'read'; matches: TeamPagesRead['next']; etag: string | null; lastModified: string | null }
  | { kind: 'not-modified'; etag: string | null; lastModified: string | null };

export type TeamPagesOutcome =
  | { kind: 'read'; next: TeamPageAnswer; last: TeamPageAnswer }
  | { kind: 'failed'; error: string };

/**
 * The record after one attempt at both pages: a read keeps both pages' matches (a 304 keeps the
 * stored ones), a failure keeps the last good read and waits with the back-off.
 */
export function applyTeamPagesOutcome(
  record: TeamPageRecord | null,
  slug: string,
  outcome: TeamPagesOutcome,
  intervalMs: number,
  now: Date,
): TeamPageRecord {
  const base = record ?? freshTeamPageRecord(slug);
  const attempted = { ...base.fetch, lastAttemptAt: formatSaoPauloIso(now) };
  if (outcome.kind === 'failed') {
    const failures = base.fetch.failures + 1;
    // Doubling up to the interval, not the match pages' 30 minutes: a slug the upstream does not know (404) is
    // asked again a few times a day, not every half hour.
    const wait = Math.min(intervalMs, DETAIL_BACKOFF_BASE_MS * 2 ** Math.min(failures - 1, 20));
    const nextAttemptAt = formatSaoPauloIso(new Date(now.getTime() + wait));
    return { ...base, fetch: { ...attempted, lastError: outcome.error, failures, nextAttemptAt } };
  }
  const matchesOf = (answer: TeamPageAnswer, stored: TeamPagesRead['next'] | undefined) =>
    answer.kind === 'read' ? answer.matches : (stored ?? []);
  const validatorsOf = ({ etag, lastModified }: TeamPageAnswer) => ({ etag, lastModified });
  return {
    slug,
    readAt: formatSaoPauloIso(now),
    pages: { next: matchesOf(outcome.next, base.pages?.next), last: matchesOf(outcome.last, base.pages?.last) },
    fetch: {
      ...attempted,
      lastError: null,
      failures: 0,
      nextAttemptAt: formatSaoPauloIso(new Date(now.getTime() + intervalMs)),
      next: validatorsOf(outcome.next),
      last: validatorsOf(outcome.last),
    },
  };
}
