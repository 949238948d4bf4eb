/**
 * The pages of matches to come (src/refresh/match-pages/match-page-schedule.ts): today's and
 * tomorrow's scheduled matches are read once before kick-off, soonest first, after every started
 * match's read, and once more in their last two hours; cut to what leaves the window room for the
 * live matches; and simulated hours with hundreds of them, each read before it starts, never over
 * the budget in any 60 s.
 */
import { describe, expect, it } from 'vitest';
import type { Match, Status } from '../../../src/lib/model/model.ts';
import { formatSaoPauloIso } from '../../../src/lib/model/time.ts';
import { freshDetailRecord, type DetailRecord } from '../../../src/lib/store/scraped/detail-store.ts';
import { applyDetailOutcome } from '../../../src/refresh/match-pages/match-page-outcome.ts';
import {
  PRE_KICKOFF_MS,
  findChangedRows,
  planDetailFetches,
} from '../../../src/refresh/match-pages/match-page-schedule.ts';
import { BUDGET_WINDOW_MS, createRequestBudget } from '../../../src/refresh/match-pages/request-budget.ts';
import { readExpectedMatchDetail, readExpectedMatches } from '../../../harness/fixture-snapshot.ts';

/** 20:00 in São Paulo, 2026-11-21: the template's day is today, 2026-11-22 tomorrow. */
const T0 = Date.parse('2026-11-21T20:00:00-03:00');
const HOUR = 60 * 60_000;
const TEMPLATE = (readExpectedMatches('live') as [Match])[0];
const DETAIL = readExpectedMatchDetail();
const READ = {
  kind: 'read',
  detail: DETAIL,
  facts: { kickoff: null, homeSlug: null, awaySlug: null },
} as const;

function match(n: number, status: Status, kickoffMs: number | null, date = '2026-11-21'): Match {
  const scored = status !== 'SCHEDULED' && status !== 'POSTPONED';
  return {
    ...TEMPLATE,
    id: `liga/${date}-time-${n}-x-time-${n + 1}`,
    date,
    kickoff: kickoffMs === null ? null : formatSaoPauloIso(new Date(kickoffMs)),
    status,
    score: {
      home: scored ? 0 : null,
      away: scored ? 0 : null,
      penalties: null,
    },
  };
}

/** The record of a page read (successfully) at `ms`. */
function readAt(m: Match, ms: number): DetailRecord {
  return applyDetailOutcome(freshDetailRecord(m.id), m, { ...READ, etag: null, lastModified: null }, new Date(ms));
}

const plan = (matches: Match[], records: DetailRecord[], now: number, perMinute?: number) =>
  planDetailFetches({
    matches,
    changed: new Set(),
    records: new Map(records.map((record) => [record.id, record])),
    now: new Date(now),
    ...(perMinute === undefined ? {} : { perMinute }),
  }).map((planned) => [planned.match.id, planned.reason]);

describe('match pages of matches to come', () => {
  const live = match(1, 'IN_PLAY', T0 - HOUR);
  const finished = match(3, 'FINISHED', T0 - 3 * HOUR);
  const todayLate = match(5, 'SCHEDULED', T0 + 2.5 * HOUR);
  const todaySoon = match(7, 'SCHEDULED', T0 + 0.5 * HOUR);
  const tomorrow = match(9, 'SCHEDULED', T0 + 20 * HOUR, '2026-11-22');
  const tomorrowNoTime = match(11, 'SCHEDULED', null, '2026-11-22');
  const afterTomorrow = match(13, 'SCHEDULED', T0 + 44 * HOUR, '2026-11-23');
  const yesterdayUnplayed = match(15, 'SCHEDULED', T0 - 26 * HOUR, '2026-11-20');
  const postponed = match(17, 'POSTPONED', T0 + HOUR);

  it("reads today's and tomorrow's once before kick-off, soonest first, after every started match", () => {
    expect(
      plan(
        [tomorrowNoTime, afterTomorrow, todayLate, postponed, tomorrow, finished, yesterdayUnplayed, todaySoon, live],
        [],
        T0,
      ),
    ).toEqual([
      [live.id, 'live'],
      [finished.id, 'backfill'],
      [todaySoon.id, 'upcoming'],
      [todayLate.id, 'upcoming'],
      [tomorrow.id, 'upcoming'],
      [tomorrowNoTime.id, 'upcoming'],
    ]);
  });

  it('reads one read before once more in its last two hours (first reads first), and then no more', () => {
    const records = [todaySoon, todayLate, tomorrow, tomorrowNoTime].map((m) => readAt(m, T0 - 5 * HOUR));
    // todaySoon kicks off within two hours; todayLate's window is not open yet.
    expect(plan([todayLate, tomorrowNoTime, todaySoon, tomorrow], records, T0)).toEqual([
      [todaySoon.id, 'pre-kickoff'],
    ]);
    const fresh = match(19, 'SCHEDULED', T0 + 3 * HOUR);
    expect(plan([todaySoon, fresh], records, T0)).toEqual([
      [fresh.id, 'upcoming'],
      [todaySoon.id, 'pre-kickoff'],
    ]);
    const reread = records.map((record) => (record.id === todaySoon.id ? readAt(todaySoon, T0) : record));
    expect(plan([todaySoon], reread, T0 + 20 * 60_000)).toEqual([]);
    // A first read already inside the window is not repeated.
    expect(plan([todayLate], [readAt(todayLate, todayLatekickoff() - HOUR)], todayLatekickoff() - 30 * 60_000)).toEqual(
      [],
    );
  });

  function todayLatekickoff(): number {
    return Date.parse(todayLate.kickoff ?? '');
  }

  it("takes at most three quarters of a minute's budget with the started matches' reads, none when they need it all", () => {
    const toCome = Array.from({ length: 30 }, (_, n) => match(100 + 2 * n, 'SCHEDULED', T0 + HOUR + n * 60_000));
    const lives = (count: number) => Array.from({ length: count }, (_, n) => match(300 + 2 * n, 'IN_PLAY', T0 - HOUR));
    const toComeOf = (entries: (string | undefined)[][]) => entries.filter(([, reason]) => reason === 'upcoming');
    // 20 a minute: 15 with the 3 live reads before them, soonest first.
    const three = plan([...toCome, ...lives(3)], [], T0, 20);
    expect(three.slice(0, 3).map(([, reason]) => reason)).toEqual(['live', 'live', 'live']);
    expect(toComeOf(three).map(([id]) => id)).toEqual(toCome.slice(0, 12).map((m) => m.id));
    expect(toComeOf(plan([...lives(3), finished, ...toCome], [], T0, 20))).toHaveLength(11);
    expect(toComeOf(plan([...lives(15), ...toCome], [], T0, 20))).toEqual([]);
    expect(plan([...lives(25), ...toCome], [], T0, 20)).toHaveLength(25);
    // Live matches read a minute ago are not due: the three quarters are the matches to come's.
    const readLive = lives(12).map((m) => readAt(m, T0 - 60_000));
    expect(toComeOf(plan([...lives(12), ...toCome], readLive, T0, 20))).toHaveLength(15);
    // A budget of 1 a minute: its one request when nothing started is due.
    expect(plan([...toCome], [], T0, 1)).toEqual([[toCome[0]?.id, 'upcoming']]);
  });
});

/**
 * From 08:00 to midnight, a refresh a minute: 160 matches today kicking off every 5 minutes from
 * 10:00 (live for 110 minutes, a goal now and then), 160 tomorrow, 20 without a time; each request
 * takes a few simulated seconds. Every match is read before it kicks off, at most twice, none over
 * the budget, and the live ones keep their pace.
 */
describe('a day of matches to come (simulated)', () => {
  it('reads every match of today and tomorrow before its kick-off, within 20 in any 60 s, live ones first', () => {
    const perMinute = 20;
    const start = Date.parse('2026-11-21T08:00:00-03:00');
    const matches: Match[] = [];
    for (let n = 0; n < 160; n += 1) matches.push(match(n * 2, 'SCHEDULED', start + 2 * HOUR + n * 5 * 60_000));
    for (let n = 160; n < 320; n += 1)
      matches.push(match(n * 2, 'SCHEDULED', start + 24 * HOUR + (n - 160) * 5 * 60_000, '2026-11-22'));
    for (let n = 320; n < 340; n += 1)
      matches.push(match(n * 2, 'SCHEDULED', null, n % 2 ? '2026-11-21' : '2026-11-22'));
    const kickoffOf = new Map(matches.map((m) => [m.id, m.kickoff === null ? null : Date.parse(m.kickoff)]));
    const store = new Map<string, DetailRecord>();
    const sent: { at: number; id: string; status: Status }[] = [];
    const lastRead = new Map<string, number>();
    let requests: number[] = [];
    let previous = new Map(matches.map((m) => [m.id, m]));
    let seed = 11;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let minute = 0; minute < 16 * 60; minute += 1) {
      let clock = start + minute * 60_000;
      matches.forEach((m, i) => {
        const kickoff = kickoffOf.get(m.id) ?? null;
        if (kickoff === null || clock < kickoff) return;
        if (m.status === 'SCHEDULED')
          matches[i] = { ...m, status: 'IN_PLAY', score: { home: 0, away: 0, penalties: null } };
        else if (m.status === 'IN_PLAY' && clock >= kickoff + 110 * 60_000) matches[i] = { ...m, status: 'FINISHED' };
        else if (m.status === 'IN_PLAY' && random() < 0.02)
          matches[i] = { ...m, score: { ...m.score, home: (m.score.home ?? 0) + 1 } };
      });
      const changed = findChangedRows(previous, matches);
      previous = new Map(matches.map((m) => [m.id, m]));
      const budget = createRequestBudget(perMinute, requests, () => clock);
      const planned = planDetailFetches({ matches, changed, records: store, now: new Date(clock), perMinute });
      for (const { match: asked } of planned) {
        if (!budget.admit()) break;
        sent.push({ at: clock, id: asked.id, status: asked.status });
        const record = store.get(asked.id) ?? freshDetailRecord(asked.id);
        const outcome = { ...READ, etag: null, lastModified: null };
        store.set(asked.id, applyDetailOutcome(record, asked, outcome, new Date(clock)));
        lastRead.set(asked.id, clock);
        clock += 1500;
      }
      requests = budget.recent();
      // Every live match read within its 3 minutes plus the budget's slack.
      const behind = matches.filter(
        (m) => m.status === 'IN_PLAY' && clock - (lastRead.get(m.id) ?? Number.NEGATIVE_INFINITY) >= 7 * 60_000,
      );
      expect(behind.map((m) => m.id)).toEqual([]);
    }
    // The requests in the 60 s ending at each one (sent is in time order).
    let oldest = 0;
    sent.forEach((request, index) => {
      while ((sent[oldest]?.at ?? 0) <= request.at - BUDGET_WINDOW_MS) oldest += 1;
      if (index - oldest + 1 > perMinute)
        throw new Error(`${index - oldest + 1} requests in the 60 s to ${request.at}`);
    });
    const beforeKickoff = (id: string) => sent.filter((request) => request.id === id && request.status === 'SCHEDULED');
    for (const m of matches) {
      const reads = beforeKickoff(m.id);
      expect(reads.length, m.id).toBeGreaterThanOrEqual(1);
      expect(reads.length, m.id).toBeLessThanOrEqual(2);
      const kickoff = kickoffOf.get(m.id) ?? null;
      if (kickoff === null) continue;
      // Read before kick-off, and (for one that kicked off) once more in its last two hours.
      for (const read of reads) expect(read.at, m.id).toBeLessThan(kickoff);
      if (kickoff < start + 16 * HOUR)
        expect(
          reads.some((read) => read.at >= kickoff - PRE_KICKOFF_MS),
          m.id,
        ).toBe(true);
    }
  });
});
