/** The followed teams' stored value (localStorage `placar:times`): read safely, toggled, matched. */
import { describe, expect, it } from 'vitest';
import {
  FOLLOWED_TEAMS_KEY,
  isFollowedMatch,
  MAX_FOLLOWED_TEAMS,
  readFollowedTeams,
  toggleFollowedTeam,
} from '../../../src/lib/display/followed-teams.ts';

describe('readFollowedTeams', () => {
  it('reads the documented key: a JSON array of team names, in order', () => {
    expect(FOLLOWED_TEAMS_KEY).toBe('placar:times');
    expect(readFollowedTeams('["Flamengo","Vasco da Gama"]')).toEqual(['Flamengo', 'Vasco da Gama']);
  });

  it('reads nothing stored, broken JSON and foreign shapes as nothing followed', () => {
    for (const raw of [null, '', 'Flamengo', '{"times":["Flamengo"]}', '"Flamengo"', '42', 'null', 'true', '[', '{']) {
      expect(readFollowedTeams(raw), String(raw)).toEqual([]);
    }
  });

  it('keeps only names: drops other entries, blanks, over-long strings and repeats', () => {
    const raw = JSON.stringify([
      'Flamengo',
      7,
      null,
      { name: 'Vasco' },
      ['Grêmio'],
      '  ',
      ' Palmeiras ',
      'x'.repeat(201),
      'Flamengo',
    ]);
    expect(readFollowedTeams(raw)).toEqual(['Flamengo', 'Palmeiras']);
  });

  it('keeps at most the first 50 names of a huge value', () => {
    const raw = JSON.stringify(Array.from({ length: 10_000 }, (_, i) => `Time ${i}`));
    const teams = readFollowedTeams(raw);
    expect(teams).toHaveLength(MAX_FOLLOWED_TEAMS);
    expect(teams[0]).toBe('Time 0');
  });
});

describe('toggleFollowedTeam', () => {
  it('adds a team at the end and removes it again, leaving the others in order', () => {
    const one = toggleFollowedTeam(['Flamengo'], 'Liverpool');
    expect(one).toEqual(['Flamengo', 'Liverpool']);
    expect(toggleFollowedTeam(one, 'Flamengo')).toEqual(['Liverpool']);
  });

  it('drops the oldest when a 51st team is followed', () => {
    const full = Array.from({ length: MAX_FOLLOWED_TEAMS }, (_, i) => `Time ${i}`);
    const teams = toggleFollowedTeam(full, 'Novo');
    expect(teams).toHaveLength(MAX_FOLLOWED_TEAMS);
    expect(teams[0]).toBe('Time 1');
    expect(teams.at(-1)).toBe('Novo');
  });
});

describe('isFollowedMatch', () => {
  const match = {
    homeTeam: { name: 'Vasco da Gama', crest: null, crestSource: null, slug: null },
    awayTeam: { name: 'Flamengo', crest: null, crestSource: null, slug: null },
  };
  it('is true when the home or the away team is followed, by its exact name', () => {
    expect(isFollowedMatch(match, new Set(['Flamengo']))).toBe(true);
    expect(isFollowedMatch(match, new Set(['Vasco da Gama']))).toBe(true);
    expect(isFollowedMatch(match, new Set(['Vasco', 'flamengo']))).toBe(false);
    expect(isFollowedMatch(match, new Set())).toBe(false);
  });
});
