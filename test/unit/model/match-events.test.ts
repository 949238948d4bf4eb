/** The one decision of what changed in a match (server feed and browser alerts share it). */
import { describe, expect, it } from 'vitest';
import {
  changesOfMatch,
  detectMatchChanges,
  matchesById,
  rememberMatches,
} from '../../../src/lib/model/match-events.ts';
import type { Match, Score, Status } from '../../../src/lib/model/model.ts';
import { buildDerby } from '../../support/samples/derby-match.ts';

function match(
  id: string,
  status: Status,
  home: number | null,
  away: number | null,
  penalties: Score['penalties'] = null,
): Match {
  return buildDerby(status, home, away, { id, penalties });
}

const types = (before: Match, after: Match) =>
  changesOfMatch(before, after).map((c) => (c.team ? `${c.type}:${c.team}` : c.type));

describe('changesOfMatch: every transition', () => {
  it('kick-off', () =>
    expect(types(match('/j', 'SCHEDULED', null, null), match('/j', 'IN_PLAY', 0, 0))).toEqual(['KICK_OFF']));
  it('a goal for each side, each goal once', () => {
    expect(types(match('/j', 'IN_PLAY', 0, 0), match('/j', 'IN_PLAY', 0, 1))).toEqual(['GOAL:AWAY']);
    expect(types(match('/j', 'IN_PLAY', 0, 1), match('/j', 'IN_PLAY', 2, 1))).toEqual(['GOAL:HOME', 'GOAL:HOME']);
  });
  it('a score corrected downwards is a cancelled goal', () =>
    expect(types(match('/j', 'IN_PLAY', 1, 2), match('/j', 'IN_PLAY', 1, 1))).toEqual(['GOAL_CANCELLED:AWAY']));
  it('half-time, second half, full-time', () => {
    expect(types(match('/j', 'IN_PLAY', 1, 0), match('/j', 'PAUSED', 1, 0))).toEqual(['HALF_TIME']);
    expect(types(match('/j', 'PAUSED', 1, 0), match('/j', 'IN_PLAY', 1, 0))).toEqual(['SECOND_HALF']);
    expect(types(match('/j', 'IN_PLAY', 1, 0), match('/j', 'FINISHED', 1, 1))).toEqual(['GOAL:AWAY', 'FULL_TIME']);
  });
  it('postponed, suspended, cancelled', () => {
    expect(types(match('/j', 'SCHEDULED', null, null), match('/j', 'POSTPONED', null, null))).toEqual(['POSTPONED']);
    expect(types(match('/j', 'IN_PLAY', 0, 0), match('/j', 'SUSPENDED', 0, 0))).toEqual(['SUSPENDED']);
    expect(types(match('/j', 'SCHEDULED', null, null), match('/j', 'CANCELLED', null, null))).toEqual(['CANCELLED']);
  });
  it('changes missed between two sightings come in the order they happened', () =>
    expect(types(match('/j', 'SCHEDULED', null, null), match('/j', 'PAUSED', 1, 0))).toEqual([
      'KICK_OFF',
      'GOAL:HOME',
      'HALF_TIME',
    ]));
  it('a penalty shoot-out: kicks are no goals, FULL_TIME carries the penalties', () => {
    const changes = changesOfMatch(match('/j', 'IN_PLAY', 1, 1), match('/j', 'FINISHED', 1, 1, { home: 4, away: 3 }));
    expect(changes.map((c) => c.type)).toEqual(['FULL_TIME']);
    expect(changes[0]?.match.score.penalties).toEqual({ home: 4, away: 3 });
  });
  it('nothing changed, or only an unrecognised status text: nothing', () => {
    expect(types(match('/j', 'IN_PLAY', 1, 0), match('/j', 'IN_PLAY', 1, 0))).toEqual([]);
    expect(types(match('/j', 'IN_PLAY', 1, 0), match('/j', 'UNKNOWN', 1, 0))).toEqual([]);
    expect(types(match('/j', 'UNKNOWN', 1, 0), match('/j', 'PAUSED', 1, 0))).toEqual([]);
  });
  it('carries the match after the change and the state before it', () => {
    const [change] = changesOfMatch(match('/j', 'IN_PLAY', 0, 1), match('/j', 'IN_PLAY', 0, 2));
    expect(change?.match.score).toEqual({ home: 0, away: 2, penalties: null });
    expect(change?.previous).toEqual({ status: 'IN_PLAY', score: { home: 0, away: 1, penalties: null } });
  });
});

describe('detectMatchChanges over listings', () => {
  it('the first sighting raises nothing', () => {
    expect(detectMatchChanges(new Map(), [match('/a', 'IN_PLAY', 3, 0), match('/b', 'FINISHED', 1, 1)])).toEqual([]);
  });
  it('a match that disappears raises nothing; when it comes back with a new score, the goal', () => {
    let known = rememberMatches(new Map(), [match('/a', 'IN_PLAY', 0, 0), match('/b', 'IN_PLAY', 1, 0)]);
    expect(detectMatchChanges(known, [match('/b', 'IN_PLAY', 1, 0)])).toEqual([]);
    known = rememberMatches(known, [match('/b', 'IN_PLAY', 1, 0)]);
    const back = detectMatchChanges(known, [match('/a', 'IN_PLAY', 1, 0), match('/b', 'IN_PLAY', 1, 0)]);
    expect(back.map((c) => [c.match.id, c.type, c.team])).toEqual([['/a', 'GOAL', 'HOME']]);
  });
  it('one match per id, the first listing (live) winning over a lagging one', () => {
    const merged = matchesById([
      [match('/a', 'IN_PLAY', 1, 0)],
      [match('/a', 'SCHEDULED', null, null), match('/b', 'SCHEDULED', null, null)],
    ]);
    expect(merged.map((m) => [m.id, m.status])).toEqual([
      ['/a', 'IN_PLAY'],
      ['/b', 'SCHEDULED'],
    ]);
  });
});
