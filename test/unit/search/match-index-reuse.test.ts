/**
 * A refresh usually changes scores and minutes, not names: the next snapshot's index then shares
 * the engine of the one before (never changed once built), and still finds what it holds.
 */
import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../src/lib/model/model.ts';
import { findMatches } from '../../../src/lib/search/search.ts';
import { matchIndexOf } from '../../../src/lib/search/match-index.ts';
import { buildFixtureSnapshot } from '../../../harness/fixture-snapshot.ts';

function withLiveScores(snapshot: Snapshot, home: number): Snapshot {
  const matches = snapshot.live.matches.map((match) => ({ ...match, score: { ...match.score, home } }));
  return { ...snapshot, live: { ...snapshot.live, matches } };
}

describe('match index engines', () => {
  it('are shared by snapshots of the same names, and built anew for a new name', () => {
    const first = buildFixtureSnapshot();
    const second = withLiveScores(first, 7);
    const firstIndex = matchIndexOf(first);
    const secondIndex = matchIndexOf(second);
    expect(secondIndex).not.toBe(firstIndex);
    expect(secondIndex.engine).toBe(firstIndex.engine);
    // Found in the second snapshot's own matches (its live scores), not in the first one's.
    const live = findMatches(second, 'flamengo').filter((match) => match.status === 'IN_PLAY');
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((match) => second.live.matches.includes(match) && match.score.home === 7)).toBe(true);

    const renamed = structuredClone(second);
    const [match] = renamed.live.matches;
    if (!match) throw new Error('the fixture has live matches');
    match.homeTeam.name = 'Time Novo da Silva';
    const renamedIndex = matchIndexOf(renamed);
    expect(renamedIndex.engine).not.toBe(secondIndex.engine);
    expect(findMatches(renamed, 'time novo').map((found) => found.id)).toEqual([match.id]);
  });
});
