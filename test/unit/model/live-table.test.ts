/**
 * The live table (issue 34, item 2): matches in play counted once, every row of a touched group
 * carrying `live`, the order (points, wins, goal difference, goals for, official position),
 * teams of different groups meeting, and a table that already counts a live match.
 */
import { describe, expect, it } from 'vitest';
import {
  playedByTeam,
  projectLiveStandings,
  teamsAlreadyCounting,
  type ResolvedGroup,
} from '../../../src/lib/model/live-table.ts';
import type { Match, Status } from '../../../src/lib/model/model.ts';

type Line = [
  name: string,
  points: number,
  played: number,
  won: number,
  drawn: number,
  lost: number,
  gf: number,
  ga: number,
];
const group = (name: string | null, lines: Line[]): ResolvedGroup => ({
  name,
  rows: lines.map(([team, points, played, won, drawn, lost, goalsFor, goalsAgainst], index) => ({
    position: index + 1,
    team: { name: team, crest: null, slug: null },
    points,
    played,
    won,
    drawn,
    lost,
    goalsFor,
    goalsAgainst,
    goalDifference: goalsFor - goalsAgainst,
  })),
});

function match(home: string, away: string, score: [number | null, number | null], status: Status = 'IN_PLAY'): Match {
  const id = `liga/21-11-2026-${home}-x-${away}`.toLowerCase().replace(/\s+/g, '-');
  return {
    id,
    url: `https://x.test/${id}.html`,
    competition: { name: 'Liga', slug: 'liga' },
    date: '2026-11-21',
    kickoff: '2026-11-21T16:00:00-03:00',
    status,
    statusLabel: '30 MIN',
    minute: 30,
    injuryTime: null,
    homeTeam: { name: home, crest: null, crestSource: null, slug: null },
    awayTeam: { name: away, crest: null, crestSource: null, slug: null },
    score: { home: score[0], away: score[1], penalties: null },
  };
}

const LEAGUE = group(null, [
  ['Palmeiras', 22, 10, 7, 1, 2, 18, 7],
  ['Flamengo', 21, 10, 6, 3, 1, 20, 9],
  ['São Paulo', 20, 10, 6, 2, 2, 15, 8],
  ['Santos', 12, 10, 3, 3, 4, 10, 12],
]);
const positions = (g: ReturnType<typeof projectLiveStandings>[number]) =>
  g.rows.map((row) => [row.team.name, row.live?.position ?? null]);

describe('projectLiveStandings', () => {
  it('gives every group null live numbers when no match of it is in play (finished and scheduled ones count nothing)', () => {
    const [league] = projectLiveStandings(
      [LEAGUE],
      [match('Palmeiras', 'Santos', [3, 0], 'FINISHED'), match('Flamengo', 'Santos', [null, null], 'SCHEDULED')],
    );
    expect(league?.rows.map((row) => row.live)).toEqual([null, null, null, null]);
    expect(league?.rows.map((row) => row.points)).toEqual([22, 21, 20, 12]);
  });

  it('counts a match in play as if it ended now, on every row of the group, and orders the live table', () => {
    const live = match('Santos', 'Palmeiras', [1, 0]);
    const [league] = projectLiveStandings([LEAGUE], [live, match('Flamengo', 'Vasco', [2, 2], 'PAUSED')]);
    const rows = league?.rows ?? [];
    expect(rows.map((row) => row.team.name)).toEqual(['Palmeiras', 'Flamengo', 'São Paulo', 'Santos']);
    // Palmeiras and Flamengo tie on 22 points: Palmeiras has more wins.
    expect(rows[0]?.live).toEqual({
      position: 1,
      points: 22,
      played: 11,
      won: 7,
      drawn: 1,
      lost: 3,
      goalsFor: 18,
      goalsAgainst: 8,
      goalDifference: 10,
      match: live.id,
    });
    expect(rows[1]?.live).toMatchObject({ position: 2, points: 22, played: 11, drawn: 4, goalDifference: 11 });
    expect(rows[2]?.live).toMatchObject({ position: 3, points: 20, played: 10, match: null });
    expect(rows[3]?.live).toMatchObject({ position: 4, points: 15, won: 4, goalsFor: 11, match: live.id });
  });

  it('breaks ties by wins, goal difference, goals for, then the official position', () => {
    const tied = group(null, [
      ['A', 10, 6, 3, 1, 2, 8, 6],
      ['B', 10, 6, 2, 4, 0, 9, 5],
      ['C', 10, 6, 3, 1, 2, 9, 7],
      ['D', 10, 6, 3, 1, 2, 8, 6],
      ['E', 0, 6, 0, 0, 6, 0, 20],
    ]);
    // E playing touches the group; nobody else moves: A, C, D tie on points and wins and difference.
    const [g] = projectLiveStandings([tied], [match('E', 'Fora', [0, 0])]);
    expect(g ? positions(g) : []).toEqual([
      ['A', 2],
      ['B', 4],
      ['C', 1],
      ['D', 3],
      ['E', 5],
    ]);
  });

  it('ignores goals for when the page does not show them', () => {
    const withoutGoals: ResolvedGroup = {
      name: null,
      rows: group(null, [
        ['A', 10, 6, 3, 1, 2, 8, 6],
        ['B', 10, 6, 3, 1, 2, 9, 7],
        ['C', 0, 6, 0, 0, 6, 0, 9],
      ]).rows.map((row) => ({ ...row, goalsFor: null, goalsAgainst: null })),
    };
    const [g] = projectLiveStandings([withoutGoals], [match('C', 'X', [0, 0])]);
    expect(g ? positions(g) : []).toEqual([
      ['A', 1],
      ['B', 2],
      ['C', 3],
    ]);
    expect(g?.rows[2]?.live).toMatchObject({ goalsFor: null, goalsAgainst: null, played: 7 });
  });

  it('counts a match between teams of different groups in each team own group, and leaves other groups alone', () => {
    const a = group('Grupo A', [
      ['Palmeiras', 9, 4, 3, 0, 1, 8, 3],
      ['Ituano', 7, 4, 2, 1, 1, 5, 4],
    ]);
    const b = group('Grupo B', [
      ['Santos', 6, 4, 2, 0, 2, 6, 6],
      ['Água Santa', 8, 4, 2, 2, 0, 5, 2],
    ]);
    const c = group('Grupo C', [['Mirassol', 5, 4, 1, 2, 1, 4, 4]]);
    const derby = match('Ituano', 'Santos', [0, 3]);
    const [ga, gb, gc] = projectLiveStandings([a, b, c], [derby]);
    expect(ga ? positions(ga) : []).toEqual([
      ['Palmeiras', 1],
      ['Ituano', 2],
    ]);
    expect(ga?.rows[1]?.live).toMatchObject({ points: 7, played: 5, lost: 2, match: derby.id });
    expect(gb ? positions(gb) : []).toEqual([
      ['Santos', 1],
      ['Água Santa', 2],
    ]);
    expect(gb?.rows[0]?.live).toMatchObject({ points: 9, played: 5, goalDifference: 3, match: derby.id });
    expect(gc?.rows[0]?.live).toBeNull();
  });

  it('matches the listing names to the table names across accents and case', () => {
    const [g] = projectLiveStandings([LEAGUE], [match('SAO PAULO', 'Fora', [1, 0])]);
    expect(g?.rows[2]?.live).toMatchObject({ points: 23, position: 1 });
  });

  it('does not add again a match the table already counts (its played grew during the match)', () => {
    const live = match('Santos', 'Palmeiras', [1, 0]);
    // The read at 16:40 (match in play since 16:00) already has Santos's and Palmeiras's 11th match.
    const counting = group(null, [
      ['Palmeiras', 22, 11, 7, 1, 3, 18, 8],
      ['Flamengo', 21, 10, 6, 3, 1, 20, 9],
      ['São Paulo', 20, 10, 6, 2, 2, 15, 8],
      ['Santos', 15, 11, 4, 3, 4, 11, 12],
    ]);
    const already = teamsAlreadyCounting(
      { readAt: '2026-11-21T16:40:00-03:00', played: playedByTeam([counting]) },
      { readAt: '2026-11-21T09:00:00-03:00', played: playedByTeam([LEAGUE]) },
      [live],
    );
    expect([...already].sort()).toEqual(['palmeiras', 'santos']);
    const [g] = projectLiveStandings([counting], [live], already);
    expect(g?.rows[0]?.live).toMatchObject({ points: 22, played: 11, match: live.id });
    expect(g?.rows[3]?.live).toMatchObject({ points: 15, played: 11, match: live.id });
  });

  it('takes the table as counting finished matches only without a read from before the kick-off, or when played did not grow', () => {
    const live = match('Santos', 'Palmeiras', [1, 0]);
    const latest = { readAt: '2026-11-21T16:40:00-03:00', played: playedByTeam([LEAGUE]) };
    expect(teamsAlreadyCounting(latest, null, [live]).size).toBe(0);
    expect(
      teamsAlreadyCounting(latest, { readAt: '2026-11-21T09:00:00-03:00', played: playedByTeam([LEAGUE]) }, [live])
        .size,
    ).toBe(0);
    // Both reads before the kick-off: nothing says the match is in.
    const grown = group(null, [['Santos', 15, 11, 4, 3, 4, 11, 12]]);
    expect(
      teamsAlreadyCounting(
        { readAt: '2026-11-21T15:00:00-03:00', played: playedByTeam([grown]) },
        { readAt: '2026-11-21T09:00:00-03:00', played: playedByTeam([LEAGUE]) },
        [live],
      ).size,
    ).toBe(0);
  });

  it('counts a match listed twice (two listings) once, and a score not shown yet as 0 x 0', () => {
    const live = match('Santos', 'Flamengo', [null, null]);
    const [g] = projectLiveStandings([LEAGUE], [live, live]);
    expect(g?.rows[3]?.live).toMatchObject({ points: 13, played: 11, drawn: 4 });
    expect(g?.rows[1]?.live).toMatchObject({ points: 22, played: 11, drawn: 4 });
  });
});
