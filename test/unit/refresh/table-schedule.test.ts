/**
 * When a competition's page is asked for (issue 34, item 1: politeness), over simulated hours: on
 * first appearance, 5 minutes after one of its matches ends, otherwise every 6 hours; back-off
 * after a failure with the last good table kept; the read before a changed table remembered
 * (to tell a table already counting a live match).
 */
import { describe, expect, it } from 'vitest';
import type { Match, StandingsGroupRead } from '../../../src/lib/model/model.ts';
import { formatSaoPauloIso } from '../../../src/lib/model/time.ts';
import { freshStandingsRecord, type StandingsRecord } from '../../../src/lib/store/scraped/table-store.ts';
import {
  applyStandingsOutcome,
  noteFinishedMatches,
  planStandingsFetches,
  recordsForListings,
  STANDINGS_AFTER_MATCH_MS,
  STANDINGS_REGULAR_MS,
} from '../../../src/refresh/competition-pages/table-schedule.ts';
import { buildSampleMatch } from '../../support/samples/sample-match.ts';

const T0 = Date.parse('2026-11-21T12:00:00-03:00');
const MINUTE = 60_000;
const at = (minutes: number): Date => new Date(T0 + minutes * MINUTE);
const GROUPS: StandingsGroupRead[] = [
  {
    name: null,
    rows: [
      {
        position: 1,
        team: { name: 'Flamengo', crestSource: null, slug: null },
        points: 3,
        played: 1,
        won: 1,
        drawn: 0,
        lost: 0,
        goalsFor: null,
        goalsAgainst: null,
        goalDifference: 1,
      },
    ],
  },
];
const played = (groups: StandingsGroupRead[]) =>
  Object.fromEntries(groups.flatMap((group) => group.rows.map((row) => [row.team.name.toLowerCase(), row.played])));
/** The reference group with each named team's `played` (by teamKey) and another row per extra team. */
const withPlayed = (counts: Record<string, number>): StandingsGroupRead[] => {
  const base = GROUPS[0]?.rows[0];
  if (!base) throw new Error('no row');
  const names: Record<string, string> = { flamengo: 'Flamengo', bahia: 'Bahia' };
  const rows = Object.entries(counts).map(([key, count], index) => ({
    ...base,
    position: index + 1,
    team: { name: names[key] ?? key, crestSource: null, slug: null },
    played: count,
  }));
  return [{ name: null, rows }];
};
const read = (groups = GROUPS) => ({ kind: 'read' as const, groups, etag: '"v1"', lastModified: null });

/** Simulates a day of refreshes, one a minute: which minutes ask for the page (its groups: `pageAt`). */
function simulate(
  matchAt: (minute: number) => Match[],
  minutes: number,
  fails: (minute: number) => boolean = () => false,
  pageAt: (minute: number) => StandingsGroupRead[] = () => GROUPS,
) {
  let record: StandingsRecord | undefined;
  const asked: number[] = [];
  for (let minute = 0; minute < minutes; minute++) {
    const records = recordsForListings(
      new Map(record ? [[record.slug, record]] : []),
      new Map([['brasileirao-serie-a', matchAt(minute)]]),
      at(minute),
    );
    record = records.get('brasileirao-serie-a');
    if (!record) throw new Error('no record');
    if (planStandingsFetches(records, at(minute)).length > 0) {
      asked.push(minute);
      record = applyStandingsOutcome(
        record,
        fails(minute) ? { kind: 'failed', error: 'HTTP 500' } : read(pageAt(minute)),
        played,
        at(minute),
      );
    }
  }
  return { asked, record };
}

describe('the competition page schedule', () => {
  it('asks on first appearance, then every 6 hours: 4 requests a day for a competition without finished matches', () => {
    const { asked } = simulate(() => [buildSampleMatch({ status: 'SCHEDULED' })], 24 * 60);
    expect(asked).toEqual([0, 360, 720, 1080]);
    expect(STANDINGS_REGULAR_MS).toBe(360 * MINUTE);
  });

  it('asks again 5 minutes after one of its matches is seen finished (once per match, when the read counts it)', () => {
    const match = (minute: number): Match[] => [
      buildSampleMatch({ status: minute >= 100 ? 'FINISHED' : 'IN_PLAY' }),
      buildSampleMatch({
        id: 'brasileirao-serie-a/21-11-2026-a-x-b',
        homeTeam: { name: 'Bahia', crest: null, crestSource: null, slug: null },
        awayTeam: { name: 'Ceará', crest: null, crestSource: null, slug: null },
        status: minute >= 200 ? 'FINISHED' : 'IN_PLAY',
      }),
    ];
    // The upstream counts each match by the time the page is read again.
    const page = (minute: number) => withPlayed({ flamengo: minute >= 100 ? 2 : 1, bahia: minute >= 200 ? 2 : 1 });
    const { asked } = simulate(match, 8 * 60, () => false, page);
    const after = STANDINGS_AFTER_MATCH_MS / MINUTE;
    expect(asked).toEqual([0, 100 + after, 200 + after]);
  });

  it('while a read does not count a finished match, asks again after 5, 10, 20 … minutes, then every 6 hours once it does', () => {
    const match = (minute: number): Match[] => [buildSampleMatch({ status: minute >= 100 ? 'FINISHED' : 'IN_PLAY' })];
    // The upstream's table takes until minute 130 to count the match.
    const page = (minute: number) => withPlayed({ flamengo: minute >= 130 ? 2 : 1 });
    const { asked, record } = simulate(match, 12 * 60, () => false, page);
    expect(asked).toEqual([0, 105, 110, 120, 140, 140 + 360]);
    expect(record?.tracked).toEqual([
      { match: buildSampleMatch().id, played: { flamengo: 1 }, finishedAt: formatSaoPauloIso(at(100)), reads: 3 },
    ]);
  });

  it('tracks no match first seen finished without a read from before its kick-off (never counted twice)', () => {
    const kickoff = formatSaoPauloIso(at(60));
    const listed = [buildSampleMatch({ status: 'FINISHED', kickoff })];
    const trackedAfterReadAt = (minute: number) => {
      const kept = applyStandingsOutcome(freshStandingsRecord('brasileirao-serie-a'), read(), played, at(minute));
      const slug = 'brasileirao-serie-a';
      return recordsForListings(new Map([[slug, kept]]), new Map([[slug, listed]]), at(121)).get(slug)?.tracked;
    };
    expect(trackedAfterReadAt(120)).toEqual([]);
    expect(trackedAfterReadAt(30)).toEqual([
      { match: listed[0]?.id, played: { flamengo: 1 }, finishedAt: formatSaoPauloIso(at(121)), reads: 0 },
    ]);
  });

  it('backs off after failures and keeps the last good table', () => {
    const { asked, record } = simulate(
      () => [],
      24 * 60,
      (minute) => minute > 0,
    );
    expect(asked.slice(0, 2)).toEqual([0, 360]);
    expect(asked.length).toBeGreaterThan(3);
    // Never again within the minute: the gaps grow.
    const gaps = asked.slice(2).map((minute, i) => minute - (asked[i + 1] ?? 0));
    for (const [i, gap] of gaps.entries()) expect(gap).toBeGreaterThanOrEqual(gaps[i - 1] ?? 0);
    expect(record?.groups).toEqual(GROUPS);
    expect(record?.fetch.lastError).toBe('HTTP 500');
    expect(record?.readAt).toBe('2026-11-21T12:00:00-03:00');
  });

  it('remembers the played of the read before a changed table, not of one that changed nothing', () => {
    let record = applyStandingsOutcome(freshStandingsRecord('x'), read(), played, at(0));
    expect(record.earlier).toBeNull();
    record = applyStandingsOutcome(record, read(), played, at(360));
    expect(record.earlier).toBeNull();
    const grown = [{ ...GROUPS[0], name: null, rows: GROUPS[0]?.rows.map((row) => ({ ...row, played: 2 })) ?? [] }];
    record = applyStandingsOutcome(record, read(grown), played, at(720));
    expect(record.earlier).toEqual({ readAt: '2026-11-21T18:00:00-03:00', played: { flamengo: 1 } });
    record = applyStandingsOutcome(
      record,
      { kind: 'not-modified', etag: '"v2"', lastModified: null },
      played,
      at(1080),
    );
    expect(record.groups).toEqual(grown);
    expect(record.readAt).toBe('2026-11-22T06:00:00-03:00');
  });

  it('notes only the listings’ finished matches (the list does not grow without bound)', () => {
    let record = freshStandingsRecord('x');
    for (let day = 0; day < 50; day++)
      record = noteFinishedMatches(
        record,
        [buildSampleMatch({ id: `x/${day}-a-x-b`, status: 'FINISHED' })],
        at(day * 1440),
      );
    expect(record.fetch.finished).toEqual(['x/49-a-x-b']);
  });
});
