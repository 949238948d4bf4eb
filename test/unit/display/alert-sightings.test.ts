/**
 * What a page alerts from what it saw: never on first sight, never from an older answer, and one
 * notification per change across the tabs of a browser (the shared sightings).
 */
import { describe, expect, it } from 'vitest';
import {
  claimChanges,
  observeSightings,
  pruneSightings,
  readSightings,
  sightingOfRow,
  type SeenMatch,
  type Sightings,
} from '../../../src/lib/display/alert-sightings.ts';
import { buildStatusBadge } from '../../../src/lib/display/match-display.ts';
import type { Status } from '../../../src/lib/model/model.ts';
import { STATUSES } from '../../../src/lib/model/statuses.ts';
import { buildDerby } from '../../support/samples/derby-match.ts';

const T1 = '2026-11-21T21:31:00-03:00';
const T2 = '2026-11-21T21:32:00-03:00';
const T3 = '2026-11-21T21:33:00-03:00';

function seen(
  at: string,
  status: Status,
  home: number | null,
  away: number | null,
  id = '/vasco-x-flamengo',
): SeenMatch {
  return { match: buildDerby(status, home, away, { id }), at };
}

const kinds = (changes: { type: string; team?: string }[]): string[] =>
  changes.map((c) => (c.team ? `${c.type}:${c.team}` : c.type));

describe('observeSightings (one tab)', () => {
  it('a first sighting changes nothing; the next sighting says what changed since', () => {
    const first = observeSightings({}, [seen(T1, 'IN_PLAY', 0, 0)]);
    expect(first.changes).toEqual([]);
    const second = observeSightings(first.sightings, [seen(T2, 'IN_PLAY', 0, 1)]);
    expect(kinds(second.changes)).toEqual(['GOAL:AWAY']);
    expect(second.changes[0]?.match.score).toMatchObject({ home: 0, away: 1 });
    expect(observeSightings(second.sightings, [seen(T3, 'IN_PLAY', 0, 0)]).changes.map((c) => c.type)).toEqual([
      'GOAL_CANCELLED',
    ]);
  });

  it('an answer not newer than the last sighting changes nothing and is not kept', () => {
    const { sightings } = observeSightings({}, [seen(T2, 'IN_PLAY', 0, 1)]);
    const older = observeSightings(sightings, [seen(T1, 'IN_PLAY', 0, 0)]);
    expect(older.changes).toEqual([]);
    expect(older.sightings).toEqual(sightings);
    expect(observeSightings(sightings, [seen(T2, 'IN_PLAY', 0, 1)]).changes).toEqual([]);
  });
});

describe('claimChanges (the tabs of one browser)', () => {
  it('the first tab to see a change claims it; a second tab seeing the same answer finds it claimed', () => {
    const before: Sightings = observeSightings({}, [seen(T1, 'IN_PLAY', 0, 0)]).sightings;
    const goal = [seen(T2, 'IN_PLAY', 0, 1)];
    const tabA = claimChanges({}, before, goal);
    expect(kinds(tabA.changes)).toEqual(['GOAL:AWAY']);
    const tabB = claimChanges(tabA.sightings, before, goal);
    expect(tabB.changes).toEqual([]);
    // A later change is the next claim's, from where the first tab left off.
    const tabBLater = claimChanges(tabB.sightings, before, [seen(T3, 'IN_PLAY', 0, 2)]);
    expect(kinds(tabBLater.changes)).toEqual(['GOAL:AWAY']);
    expect(tabBLater.changes[0]?.match.score.away).toBe(2);
  });

  it('claims nothing a tab did not see before (a tab just opened), even against old shared sightings', () => {
    const shared = claimChanges({}, {}, [seen(T1, 'SCHEDULED', null, null)]).sightings;
    expect(claimChanges(shared, {}, [seen(T3, 'FINISHED', 2, 1)]).changes).toEqual([]);
  });

  it('claims nothing from an answer older than what another tab already saw', () => {
    const before = observeSightings({}, [seen(T1, 'IN_PLAY', 0, 0)]).sightings;
    const shared = claimChanges({}, before, [seen(T3, 'IN_PLAY', 0, 1)]).sightings;
    expect(claimChanges(shared, before, [seen(T2, 'IN_PLAY', 0, 0)]).changes).toEqual([]);
    expect(shared['/vasco-x-flamengo']?.at).toBe(T3);
  });
});

describe('the stored shared sightings', () => {
  it('round-trip, and junk or foreign values read as none', () => {
    const { sightings } = claimChanges({}, {}, [seen(T1, 'IN_PLAY', 1, 0)]);
    expect(readSightings(JSON.stringify(sightings))).toEqual(sightings);
    for (const raw of [null, '', '[]', '"x"', '{', '42']) expect(readSightings(raw), String(raw)).toEqual({});
  });

  it('drops malformed entries one by one', () => {
    const raw = JSON.stringify({
      ok: { status: 'IN_PLAY', home: 1, away: 0, at: T1 },
      badStatus: { status: 'GOLAÇO', home: 1, away: 0, at: T1 },
      badGoals: { status: 'IN_PLAY', home: -1, away: 0, at: T1 },
      badTime: { status: 'IN_PLAY', home: 1, away: 0, at: 'zzz' },
      notObject: 3,
    });
    expect(Object.keys(readSightings(raw))).toEqual(['ok']);
  });

  it('forgets sightings older than the given time', () => {
    const { sightings } = claimChanges({}, {}, [seen(T1, 'FINISHED', 1, 0, '/a'), seen(T3, 'IN_PLAY', 0, 0, '/b')]);
    expect(Object.keys(pruneSightings(sightings, Date.parse(T2)))).toEqual(['/b']);
  });
});

describe('sightingOfRow (what a view showed on opening, issue 28)', () => {
  it('reads every status back from the badge the row shows, and the goals from its data-*', () => {
    for (const status of STATUSES) {
      const match = buildDerby(status, status === 'SCHEDULED' ? null : 1, status === 'SCHEDULED' ? null : 2);
      const badge = buildStatusBadge(match, '2026-11-21');
      const row = {
        id: match.id,
        home: String(match.score.home ?? ''),
        away: String(match.score.away ?? ''),
        badgeClass: `badge badge--${badge.tone}`,
        badgeText: badge.text,
      };
      expect(sightingOfRow(row, T1), status).toEqual([
        match.id,
        { status, home: match.score.home, away: match.score.away, at: T1 },
      ]);
    }
  });

  it('reads nothing from a row without an id or with a badge it does not know', () => {
    const row = { id: '/a-x-b', home: '', away: '', badgeClass: 'badge badge--off', badgeText: 'Interrompido' };
    expect(sightingOfRow(row, T1)).toBeNull();
    expect(sightingOfRow({ ...row, badgeText: 'Adiado', id: null }, T1)).toBeNull();
    expect(sightingOfRow({ ...row, badgeText: 'Adiado' }, T1)).toEqual([
      '/a-x-b',
      { status: 'POSTPONED', home: null, away: null, at: T1 },
    ]);
  });

  it('a view’s first poll alerts what changed since the rows it showed', () => {
    const shown = sightingOfRow(
      { id: '/vasco-x-flamengo', home: '0', away: '0', badgeClass: 'badge badge--live', badgeText: "12'" },
      T1,
    );
    const own = shown ? { [shown[0]]: shown[1] } : {};
    expect(kinds(observeSightings(own, [seen(T2, 'IN_PLAY', 0, 1)]).changes)).toEqual(['GOAL:AWAY']);
  });
});
