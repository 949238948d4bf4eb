/**
 * The alias table checked as a whole (issue 28): every name and nickname of every team in
 * src/lib/search/aliases.json, run as a query over a day where each of those teams plays (against
 * an opponent no query can hit), finds the teams it names — and no other team, except one whose
 * own name holds the query's words whole (Botafogo-SP for "botafogo"). A typo-tolerant match or
 * a word inside another team's longer nickname never beats an exact name or nickname ("barça"
 * found Vitória, the "Leão da Barra"; "porto" found Grêmio, the "Grêmio Porto-Alegrense").
 * The same for /api/busca, the browser's fallback (both searchSnapshot) and the event stream's
 * ?time= (findTeamMatchIds).
 */
import { describe, expect, it } from 'vitest';
import aliasData from '../../../src/lib/search/aliases.json' with { type: 'json' };
import type { ListEnvelope, Match, Snapshot } from '../../../src/lib/model/model.ts';
import { buildFilterSnapshot, findTeamMatchIds } from '../../../src/lib/search/match-filter.ts';
import { findMatches } from '../../../src/lib/search/search.ts';
import { parseQuery, splitWords } from '../../../src/lib/search/search-text.ts';
import { buildFixtureSnapshot, readExpectedMatches } from '../../../harness/fixture-snapshot.ts';

const template = readExpectedMatches('hoje')[0] as Match;
const key = (text: string): string => splitWords(text).sort().join(' ');

/** One match per alias entry: the club (by its first name) against a neutral opponent. */
const matches: Match[] = aliasData.teams.map(({ names }, index) => ({
  ...template,
  id: `colisoes/${index}`,
  homeTeam: { name: names[0] ?? '', crest: null, crestSource: null, slug: null },
  awayTeam: { name: `Adversário ${index}`, crest: null, crestSource: null, slug: null },
  competition: { name: 'Amistoso', slug: 'amistoso' },
}));
const snapshot: Snapshot = buildFilterSnapshot(matches);
const teamOf = (match: Match): string => match.homeTeam.name;

/** The teams a query names: an entry listing it as a name or nickname, or a club whose own name holds its words whole. */
function expectedTeams(query: string): string[] {
  const words = splitWords(query);
  return aliasData.teams
    .filter(({ names, aliases }) => {
      const own = new Set(splitWords(names[0] ?? ''));
      return [...names, ...aliases].some((text) => key(text) === key(query)) || words.every((word) => own.has(word));
    })
    .map(({ names }) => names[0] ?? '');
}

const queries = [...new Set(aliasData.teams.flatMap(({ names, aliases }) => [...names, ...aliases]))].filter(
  (query) => parseQuery(query).kind === 'words',
);

describe('the alias table, every name and nickname as a query', () => {
  it('has queries to run', () => {
    expect(queries.length).toBeGreaterThan(200);
  });

  it('finds exactly the teams each one names (search and the browser fallback)', () => {
    const wrong = queries.flatMap((query) => {
      const found = findMatches(snapshot, query).map(teamOf).sort();
      const expected = expectedTeams(query).sort();
      return JSON.stringify(found) === JSON.stringify(expected) ? [] : [{ query, found, expected }];
    });
    expect(wrong).toEqual([]);
  });

  it('filters the event stream (?time=) to the same teams', () => {
    const wrong = queries.flatMap((query) => {
      const byId = new Map(matches.map((match) => [match.id, teamOf(match)]));
      const found = [...findTeamMatchIds(snapshot, query)].map((id) => byId.get(id) ?? id).sort();
      const expected = expectedTeams(query).sort();
      return JSON.stringify(found) === JSON.stringify(expected) ? [] : [{ query, found, expected }];
    });
    expect(wrong).toEqual([]);
  });
});

describe('"barça" on the realistic test day (issue 28)', () => {
  const day = buildFixtureSnapshot();
  const teams = (found: readonly Match[]): string[] => found.map((m) => `${m.homeTeam.name} x ${m.awayTeam.name}`);

  it('finds Real Madrid x Barcelona only, not Ceará x Vitória ("barca" is one edit from "barra")', () => {
    for (const query of ['barça', 'Barca', 'BARÇA', 'barcelona'])
      expect(teams(findMatches(day, query)), query).toEqual(['Real Madrid x Barcelona']);
    const stream = buildFilterSnapshot(day.hoje.matches);
    const barcelona = day.hoje.matches.find((m) => m.awayTeam.name === 'Barcelona')?.id;
    expect([...findTeamMatchIds(stream, 'barca')]).toEqual([barcelona]);
  });

  it('finds nothing on a day Barcelona does not play: a nickname of a club is never a typo of another', () => {
    const without = (envelope: ListEnvelope): ListEnvelope => {
      const kept = envelope.matches.filter((m) => m.awayTeam.name !== 'Barcelona');
      return { ...envelope, matches: kept, count: kept.length };
    };
    const withoutBarcelona: Snapshot = {
      live: without(day.live),
      hoje: without(day.hoje),
      amanha: day.amanha,
      ontem: day.ontem,
    };
    expect(teams(findMatches(withoutBarcelona, 'vitória'))).toEqual(['Ceará x Vitória']);
    expect(teams(findMatches(withoutBarcelona, 'barça'))).toEqual([]);
    expect(findTeamMatchIds(buildFilterSnapshot(withoutBarcelona.hoje.matches), 'barca').size).toBe(0);
  });

  it('still forgives a typo that names nothing exactly, and a fixture side follows the same rule', () => {
    expect(teams(findMatches(day, 'barcelonna'))).toEqual(['Real Madrid x Barcelona']);
    expect(teams(findMatches(day, 'palmeras'))).toEqual(['Flamengo x Palmeiras']);
    // "barça x ceará" names no match: Barcelona does not play Ceará, and Vitória is no Barça.
    expect(teams(findMatches(day, 'barça x ceará'))).toEqual([]);
    expect(teams(findMatches(day, 'vitória x ceará'))).toEqual(['Ceará x Vitória']);
  });
});
