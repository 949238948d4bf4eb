import { describe, expect, it } from 'vitest';
import { TEAM_SLUG_MAX, TEAM_SLUG_PATTERN, type ListEnvelope, type Team } from '../../../src/lib/model/model.ts';
import { teamSlugFromName, withTeamSlugs } from '../../../src/lib/model/team-slug.ts';
import { buildSampleMatch } from '../../support/samples/sample-match.ts';

describe('teamSlugFromName: a team key the way the upstream writes its slugs', () => {
  it.each([
    ['São Paulo', 'sao-paulo'],
    ['Athletico-PR', 'athletico-pr'],
    ['Grêmio', 'gremio'],
    ['Atlético de Madrid', 'atletico-de-madrid'],
    ['Vasco da Gama', 'vasco-da-gama'],
    ['Red Bull Bragantino', 'red-bull-bragantino'],
    ['Botafogo-SP Sub-20', 'botafogo-sp-sub-20'],
    ['Ferroviária Feminino', 'ferroviaria-feminino'],
    ["Newell's Old Boys", 'newell-s-old-boys'],
    ['Atlético "B" ‘Sub-23’', 'atletico-b-sub-23'],
    ['St. Pauli', 'st-pauli'],
    ['Brighton & Hove Albion', 'brighton-hove-albion'],
    ['  Real   Madrid  ', 'real-madrid'],
    ['Ñublense', 'nublense'],
    ['Çaykur Rizespor', 'caykur-rizespor'],
    ['1. FC Köln', '1-fc-koln'],
  ])('%s → %s', (name, slug) => {
    expect(teamSlugFromName(name)).toBe(slug);
    expect(TEAM_SLUG_PATTERN.test(slug)).toBe(true);
  });

  it('gives null for a name with no letter or digit, and never passes the model’s length', () => {
    expect(teamSlugFromName('—')).toBeNull();
    expect(teamSlugFromName('   ')).toBeNull();
    const long = teamSlugFromName(`${'a'.repeat(TEAM_SLUG_MAX - 1)} bc`) ?? '';
    expect(long.length).toBeLessThanOrEqual(TEAM_SLUG_MAX);
    expect(TEAM_SLUG_PATTERN.test(long)).toBe(true);
  });
});

describe('withTeamSlugs: a listing kept before teams had keys', () => {
  it('gives each keyless team the derived key and keeps the upstream’s', () => {
    const keyless = (name: string): Team => ({ name, crest: null, crestSource: null, slug: null });
    const match = buildSampleMatch({
      homeTeam: keyless('São Paulo'),
      awayTeam: { ...keyless('Atlético-MG'), slug: 'atletico-mineiro' },
    });
    const listing: ListEnvelope = {
      generatedAt: null,
      timezone: 'America/Sao_Paulo',
      source: 'http://127.0.0.1/jogos-de-ontem',
      stale: false,
      count: 1,
      matches: [match],
    };
    const [keyed] = withTeamSlugs(listing).matches;
    expect(keyed?.homeTeam.slug).toBe('sao-paulo');
    expect(keyed?.awayTeam.slug).toBe('atletico-mineiro');
  });
});
