/**
 * A match page whose goals contradict the listing's score or its own scoreboard is a diagnosed
 * failure (issue 26, item 2): the pure check the refresh uses to tell.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Goal, MatchDetail } from '../../../src/lib/model/model.ts';
import { countedGoals, findScoreContradiction } from '../../../src/upstream/match-page/score-contradiction.ts';

const SAMPLE = JSON.parse(
  fs.readFileSync(
    path.resolve(import.meta.dirname, '../../fixtures/upstream/match-pages/jogo-flamengo-x-palmeiras.expected.json'),
    'utf8',
  ),
) as MatchDetail;

const goal = (team: Goal['team'], extra: Partial<Goal> = {}): Goal => ({
  team,
  player: 'Pedro',
  minute: 10,
  injuryTime: null,
  ownGoal: false,
  penalty: false,
  cancelled: false,
  ...extra,
});

describe('findScoreContradiction', () => {
  it('counts the goals not cancelled of each side, an own goal for the side it is listed under', () => {
    // The sample: Pedro, Veiga (pênalti), Gómez (contra, for Flamengo), Pedro (gol anulado).
    expect(countedGoals(SAMPLE)).toEqual({ home: 2, away: 1 });
    expect(countedGoals({ goals: [goal('AWAY', { ownGoal: true }), goal('HOME', { cancelled: true })] })).toEqual({
      home: 0,
      away: 1,
    });
  });

  it('is null when the goals agree with the listing and with the page', () => {
    expect(findScoreContradiction(SAMPLE, { home: 2, away: 1 }, { home: 2, away: 1 })).toBeNull();
  });

  it('says, in pt-BR, which score the goals contradict', () => {
    expect(findScoreContradiction(SAMPLE, { home: 3, away: 1 }, { home: 2, away: 1 })).toBe(
      'os gols lidos (2 x 1) não batem com o placar da listagem (3 x 1)',
    );
    expect(findScoreContradiction(SAMPLE, { home: 2, away: 1 }, { home: 2, away: 2 })).toBe(
      'os gols lidos (2 x 1) não batem com o placar da própria página (2 x 2)',
    );
    expect(findScoreContradiction(SAMPLE, { home: 0, away: 0 }, { home: 1, away: 1 })).toBe(
      'os gols lidos (2 x 1) não batem com o placar da listagem (0 x 0) nem com o placar da própria página (1 x 1)',
    );
  });

  it('has nothing to compare with when neither shows a score (before kick-off)', () => {
    const none = { goals: [] };
    expect(findScoreContradiction(none, { home: null, away: null }, null)).toBeNull();
    expect(findScoreContradiction(none, null, null)).toBeNull();
    // …but goals on a page whose listing says 0 x 0 are a contradiction.
    expect(findScoreContradiction({ goals: [goal('HOME')] }, { home: 0, away: 0 }, null)).toMatch(/\(1 x 0\)/);
  });
});
