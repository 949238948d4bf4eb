/**
 * Which match pages a refresh asks for (src/refresh/match-pages/match-page-schedule.ts), within the per-minute
 * budget (request-budget.ts), and what one attempt leaves in a match's record (match-page-outcome.ts):
 * priorities, back-off, and an hour of simulated refreshes that never exceeds the budget in any
 * minute nor asks for a match not started more than once (matches to come: match-page-schedule-to-come.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Match, Status } from '../../../src/lib/model/model.ts';
import { freshDetailRecord, type DetailRecord } from '../../../src/lib/store/scraped/detail-store.ts';
import { applyDetailOutcome } from '../../../src/refresh/match-pages/match-page-outcome.ts';
import {
  DETAIL_BACKOFF_MAX_MS,
  LIVE_DETAIL_INTERVAL_MS,
  detailBackoffMs,
  findChangedRows,
  hasStarted,
  planDetailFetches,
} from '../../../src/refresh/match-pages/match-page-schedule.ts';
import {
  BUDGET_WINDOW_MS,
  createRequestBudget,
  requestBudgetOf,
} from '../../../src/refresh/match-pages/request-budget.ts';
import { readExpectedMatchDetail, readExpectedMatches } from '../../../harness/fixture-snapshot.ts';

const T0 = Date.parse('2026-11-21T20:00:00-03:00');
const TEMPLATE = (readExpectedMatches('live') as [Match])[0];
const DETAIL = readExpectedMatchDetail();
const NO_FACTS = { kickoff: null, homeSlug: null, awaySlug: null };

function match(n: number, status: Status, home: number | null = null, away: number | null = null): Match {
  return {
    ...TEMPLATE,
    id: `liga/21-11-2026-time-${n}-x-time-${n + 1}`,
    status,
    score: { home, away, penalties: null },
  };
}

function records(...entries: DetailRecord[]): Map<string, DetailRecord> {
  return new Map(entries.map((record) => [record.id, record]));
}

function attemptedAt(id: string, ms: number, extra: Partial<DetailRecord['fetch']> = {}): DetailRecord {
  const record = freshDetailRecord(id);
  return { ...record, fetch: { ...record.fetch, lastAttemptAt: new Date(ms).toISOString(), ...extra } };
}

describe('planDetailFetches', () => {
  const live = match(1, 'IN_PLAY', 1, 0);
  const liveChanged = match(3, 'IN_PLAY', 2, 0);
  const ended = match(5, 'FINISHED', 2, 2);
  const neverRead = match(7, 'FINISHED', 0, 1);
  const scheduled = match(9, 'SCHEDULED');
  const postponed = match(11, 'POSTPONED');

  it('orders changed rows, live ones due, ended ones followed, never-read finished ones, then one to come; never a postponed one', () => {
    const plan = planDetailFetches({
      matches: [neverRead, scheduled, ended, live, postponed, liveChanged],
      changed: new Set([liveChanged.id]),
      records: records(attemptedAt(live.id, T0 - LIVE_DETAIL_INTERVAL_MS), attemptedAt(ended.id, T0 - 60_000)),
      now: new Date(T0),
    });
    expect(plan.map((p) => [p.match.id, p.reason])).toEqual([
      [liveChanged.id, 'changed'],
      [live.id, 'live'],
      [ended.id, 'ended'],
      [neverRead.id, 'backfill'],
      [scheduled.id, 'upcoming'],
    ]);
  });

  it('asks for a live match again only 3 minutes after its last attempt; oldest first', () => {
    const recent = attemptedAt(live.id, T0 - LIVE_DETAIL_INTERVAL_MS + 1000);
    expect(
      planDetailFetches({ matches: [live], changed: new Set(), records: records(recent), now: new Date(T0) }),
    ).toEqual([]);
    const other = match(13, 'PAUSED', 0, 0);
    const plan = planDetailFetches({
      matches: [live, other],
      changed: new Set(),
      records: records(attemptedAt(live.id, T0 - 5 * 60_000), attemptedAt(other.id, T0 - 9 * 60_000)),
      now: new Date(T0),
    });
    expect(plan.map((p) => p.match.id)).toEqual([other.id, live.id]);
  });

  it('leaves a match whose final page was read, and one in back-off (even with a changed row)', () => {
    const final = attemptedAt(ended.id, T0 - 60_000, { final: true });
    const backingOff = attemptedAt(liveChanged.id, T0 - 60_000, { retryAt: new Date(T0 + 1000).toISOString() });
    const plan = planDetailFetches({
      matches: [ended, liveChanged],
      changed: new Set([ended.id, liveChanged.id]),
      records: records(final, backingOff),
      now: new Date(T0),
    });
    expect(plan).toEqual([]);
  });

  it('finds changed rows by score or status only, never a first sighting', () => {
    const before = new Map([[live.id, live]]);
    expect(findChangedRows(before, [{ ...live, statusLabel: '68 MIN', minute: 68 }])).toEqual(new Set());
    expect(findChangedRows(before, [match(1, 'IN_PLAY', 2, 0)])).toEqual(new Set([live.id]));
    expect(findChangedRows(before, [match(1, 'FINISHED', 1, 0)])).toEqual(new Set([live.id]));
    expect(findChangedRows(new Map(), [live])).toEqual(new Set());
  });
});

describe('applyDetailOutcome', () => {
  const live = match(1, 'IN_PLAY', 2, 1);
  const now = new Date(T0);

  it('a page read becomes the detail with its validators; read after the end, it is final', () => {
    const read = applyDetailOutcome(
      freshDetailRecord(live.id),
      live,
      { kind: 'read', detail: DETAIL, facts: NO_FACTS, etag: '"a"', lastModified: null },
      now,
    );
    expect(read).toMatchObject({ generatedAt: '2026-11-21T20:00:00-03:00', detail: DETAIL });
    expect(read.fetch).toMatchObject({ etag: '"a"', failures: 0, retryAt: null, lastError: null, final: false });
    const ended = applyDetailOutcome(
      read,
      { ...live, status: 'FINISHED' },
      { kind: 'not-modified', etag: null, lastModified: null },
      now,
    );
    expect(ended.fetch).toMatchObject({ etag: '"a"', final: true });
    expect(ended.detail).toBe(DETAIL);
  });

  it('a failure keeps the last good detail and backs off, doubling up to 30 minutes', () => {
    let record = applyDetailOutcome(
      freshDetailRecord(live.id),
      live,
      { kind: 'read', detail: DETAIL, facts: NO_FACTS, etag: '"a"', lastModified: null },
      now,
    );
    const retries: number[] = [];
    for (let failure = 1; failure <= 7; failure += 1) {
      record = applyDetailOutcome(record, live, { kind: 'failed', error: 'HTTP 500' }, now);
      retries.push(Date.parse(record.fetch.retryAt ?? '') - T0);
    }
    expect(retries).toEqual([1, 2, 4, 8, 16, 30, 30].map((minutes) => minutes * 60_000));
    expect(record).toMatchObject({ detail: DETAIL, generatedAt: '2026-11-21T20:00:00-03:00' });
    expect(record.fetch).toMatchObject({ etag: '"a"', failures: 7, lastError: 'HTTP 500' });
    expect(detailBackoffMs(100)).toBe(DETAIL_BACKOFF_MAX_MS);
  });

  it("a pause the upstream asked for is not the match's failure", () => {
    const record = applyDetailOutcome(
      freshDetailRecord(live.id),
      live,
      { kind: 'paused', error: 'HTTP 429', until: null },
      now,
    );
    expect(record.fetch).toMatchObject({ failures: 0, retryAt: null, lastError: 'HTTP 429' });
  });
});

describe('the request budget', () => {
  it('admits at most perMinute requests in any 60 s, counting those already sent', () => {
    let clock = T0;
    const budget = createRequestBudget(3, [T0 - 59_000], () => clock);
    expect([budget.admit(), budget.admit(), budget.admit()]).toEqual([true, true, false]);
    clock = T0 + 1000;
    expect(budget.admit()).toBe(true);
    expect(budget.used()).toBe(3);
  });

  it('reserves places for a whole plan at once, counts them until settled, then keeps only the instants sent', () => {
    let clock = T0;
    const budget = createRequestBudget(5, [T0 - 30_000], () => clock);
    const at = T0 + 25_000;
    // Room for four: the fifth place is the request sent 30 s ago.
    expect(budget.reserve(10, at)).toBe(4);
    expect(budget.admit()).toBe(false);
    expect(budget.recent()).toEqual([T0 - 30_000, at, at, at, at]);
    // Two were sent; the other two places go back.
    clock = T0 + 200;
    budget.settle(at, 4, [T0 + 100, T0 + 150]);
    expect(budget.recent()).toEqual([T0 - 30_000, T0 + 100, T0 + 150]);
    expect([budget.admit(), budget.admit(), budget.admit()]).toEqual([true, true, false]);
    // A reserved place outlives the minute of its reservation (it is stamped no earlier than its request).
    const later = createRequestBudget(2, [], () => clock);
    later.reserve(2, T0 + 25_000);
    clock = T0 + BUDGET_WINDOW_MS + 1000;
    expect(later.admit()).toBe(false);
  });

  it('remembers what this process admitted across refreshes, whatever the schedule file says', () => {
    let clock = T0;
    const dataDir = `/budget-memory-${process.pid}`;
    const first = requestBudgetOf(dataDir, 3, [], () => clock);
    expect([first.admit(), first.admit()]).toEqual([true, true]);
    first.admit();
    first.withdraw(); // that one was not sent (its place could not be written)
    // The next refresh finds no window on disk (a full disk kept it from being written).
    clock = T0 + 2000;
    const next = requestBudgetOf(dataDir, 3, [], () => clock);
    expect(next.used()).toBe(2);
    expect([next.admit(), next.admit()]).toEqual([true, false]);
    // The same request on disk and in memory counts once.
    const again = requestBudgetOf(dataDir, 3, next.recent(), () => clock);
    expect(again.used()).toBe(3);
    clock = T0 + BUDGET_WINDOW_MS + 2000;
    expect(requestBudgetOf(dataDir, 3, [], () => clock).used()).toBe(0);
  });
});

/**
 * An hour of refreshes, one a minute: 40 live matches (a changed row now and then, kick-offs and
 * full times), finished ones to backfill and scheduled ones of today (read once before they start,
 * with what the live ones leave); each attempt takes a few simulated seconds and succeeds, but for
 * some pages that fail for a while.
 */
describe('an hour of refreshes (simulated)', () => {
  it('never exceeds the budget in any minute, asks for a match not started once at most, follows every live match', () => {
    const budgetPerMinute = 20;
    let clock = T0;
    let requests: number[] = [];
    const sent: { at: number; id: string; status: Status }[] = [];
    const store = new Map<string, DetailRecord>();
    const matches: Match[] = [];
    for (let n = 0; n < 40; n += 1) matches.push(match(n * 2, 'IN_PLAY', 0, 0));
    for (let n = 40; n < 70; n += 1) matches.push(match(n * 2, 'FINISHED', 1, 1));
    for (let n = 70; n < 100; n += 1) matches.push(match(n * 2, 'SCHEDULED'));
    let seed = 7;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const lastRead = new Map<string, number>();
    let previous = new Map(matches.map((m) => [m.id, m]));
    for (let minute = 0; minute < 60; minute += 1) {
      clock = T0 + minute * 60_000;
      // The listings move: goals, full times at the end, kick-offs of scheduled matches.
      for (let i = 0; i < matches.length; i += 1) {
        const m = matches[i] as Match;
        if (m.status === 'IN_PLAY' && random() < 0.05)
          matches[i] = { ...m, score: { ...m.score, home: (m.score.home ?? 0) + 1 } };
        if (m.status === 'IN_PLAY' && minute > 45 && random() < 0.05) matches[i] = { ...m, status: 'FINISHED' };
        if (m.status === 'SCHEDULED' && minute === 30 && i % 3 === 0)
          matches[i] = { ...m, status: 'IN_PLAY', score: { home: 0, away: 0, penalties: null } };
      }
      const changed = findChangedRows(previous, matches);
      previous = new Map(matches.map((m) => [m.id, m]));
      const plan = planDetailFetches({
        matches,
        changed,
        records: store,
        now: new Date(clock),
        perMinute: budgetPerMinute,
      });
      const budget = createRequestBudget(budgetPerMinute, requests, () => clock);
      for (const { match: planned } of plan) {
        if (!budget.admit()) break;
        sent.push({ at: clock, id: planned.id, status: planned.status });
        const record = store.get(planned.id) ?? freshDetailRecord(planned.id);
        const failing = planned.id.endsWith('-x-time-3') && minute < 20;
        const outcome = failing
          ? ({ kind: 'failed', error: 'HTTP 500' } as const)
          : ({ kind: 'read', detail: DETAIL, facts: NO_FACTS, etag: null, lastModified: null } as const);
        store.set(planned.id, applyDetailOutcome(record, planned, outcome, new Date(clock)));
        if (!failing) lastRead.set(planned.id, clock);
        clock += 1500;
      }
      requests = budget.recent();
      // Every live match has been read within the last 3 refresh-minutes plus the budget's slack.
      if (minute >= 10)
        for (const m of matches.filter((x) => x.status === 'IN_PLAY' && !x.id.endsWith('-x-time-3')))
          expect(clock - (lastRead.get(m.id) ?? Number.NEGATIVE_INFINITY)).toBeLessThan(7 * 60_000);
    }
    // A match to come without a kick-off time is read once, never again before it starts.
    const toCome = sent.filter((request) => !hasStarted(request.status)).map((request) => request.id);
    expect(new Set(toCome).size).toBe(toCome.length);
    for (const request of sent) {
      const inWindow = sent.filter((other) => other.at > request.at - BUDGET_WINDOW_MS && other.at <= request.at);
      expect(inWindow.length).toBeLessThanOrEqual(budgetPerMinute);
    }
    // Finished matches were each read once (backfill) and then left alone.
    const backfilled = sent.filter((request) => Number(request.id.split('-time-')[1]) >= 80);
    expect(new Set(backfilled.map((r) => r.id)).size).toBe(backfilled.length);
    // The failing page was retried with back-off, not every minute.
    const failingAttempts = sent.filter((request) => request.id.endsWith('-x-time-3') && request.at < T0 + 20 * 60_000);
    expect(failingAttempts.length).toBeLessThanOrEqual(6);
    expect(failingAttempts.length).toBeGreaterThanOrEqual(3);
  });
});
