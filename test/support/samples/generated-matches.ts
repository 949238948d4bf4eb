/**
 * Many made-up matches of today for search tests (a day far bigger than the fixtures), shaped
 * like the fixture's first match of today: "<home> Futebol Clube i" x "Visitante i", in leagues of ten.
 */
import type { Match } from '../../../src/lib/model/model.ts';
import { readExpectedMatches } from '../../../harness/fixture-snapshot.ts';

export function buildGeneratedMatches(count: number, home: string, upstreamUrl: string): Match[] {
  const template = readExpectedMatches('hoje')[0];
  if (!template) throw new Error('fixture without matches');
  return Array.from({ length: count }, (_, i) => {
    const league = Math.floor(i / 10) + 1;
    const id = `campeonato-${league}/21-11-2026-${home.toLowerCase()}-${i}-x-visitante-${i}`;
    return {
      ...template,
      id,
      url: `${upstreamUrl}/${id}.html`,
      competition: { name: `Campeonato Número ${league}`, slug: `campeonato-${league}` },
      homeTeam: { name: `${home} Futebol Clube ${i}`, crest: null, crestSource: null, slug: null },
      awayTeam: { name: `Visitante ${i}`, crest: null, crestSource: null, slug: null },
    };
  });
}
