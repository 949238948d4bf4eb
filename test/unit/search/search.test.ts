import { describe, expect, it } from 'vitest';
import type { Match, Snapshot } from '../../../src/lib/model/model.ts';
import { oldestGeneratedAt } from '../../../src/lib/model/staleness.ts';
import { findMatches, searchSnapshot } from '../../../src/lib/search/search.ts';
import { allowedEdits, RANK_TIERS, rankMatches } from '../../../src/lib/search/find-matches.ts';
import { foldText, parseQuery, splitWords } from '../../../src/lib/search/search-text.ts';
import { buildEnvelope, buildFixtureSnapshot, readExpectedMatches } from '../../../harness/fixture-snapshot.ts';

const UPSTREAM = 'https://www.placardefutebol.com.br';
const snapshot = buildFixtureSnapshot(UPSTREAM);
const names = (matches: Match[]): string[] => matches.map((match) => `${match.homeTeam.name} x ${match.awayTeam.name}`);
const find = (query: string): string[] => names(findMatches(snapshot, query));
const allMatches = [...snapshot.live.matches, ...snapshot.hoje.matches, ...snapshot.amanha.matches];

describe('query text', () => {
  it('folds accents and case, and splits words on hyphens, dots and other punctuation', () => {
    expect(foldText('São Paulo GRÊMIO')).toBe('sao paulo gremio');
    expect(splitWords('Atlético-MG')).toEqual(['atletico', 'mg']);
    expect(splitWords('sub-20')).toEqual(splitWords('sub 20'));
    expect(splitWords('Man. City/PSG')).toEqual(['man', 'city', 'psg']);
  });

  it('reads x, vs, vs., versus, contra and " - " between two terms as a fixture', () => {
    for (const separator of ['x', 'vs', 'vs.', 'versus', 'contra', '-', 'X', 'VS']) {
      expect(parseQuery(`Flamengo ${separator} São Paulo`), separator).toEqual({
        kind: 'fixture',
        sides: [['flamengo'], ['sao', 'paulo']],
      });
    }
    // While typing: a separator at an end is no fixture and no word.
    expect(parseQuery('flamengo x')).toEqual({ kind: 'words', words: ['flamengo'] });
    expect(parseQuery('Atlético-MG')).toEqual({ kind: 'words', words: ['atletico', 'mg'] });
  });
});

describe('matching', () => {
  it('matches the start of a word, never an arbitrary substring', () => {
    expect(find('flamen')).toEqual(['Flamengo x Palmeiras']);
    expect(find('ngo')).toEqual([]);
    expect(find('lmeiras')).toEqual([]);
    expect(find('eiras')).toEqual([]);
  });

  it('matches 1–2 letter words only as whole words: "serie b" is Série B, "serie a" is not Série B', () => {
    expect(find('serie b')).toEqual(['Goiás x Coritiba']);
    const serieA = findMatches(snapshot, 'Brasileirão Série A');
    expect(serieA.map((match) => match.competition.name)).toEqual(serieA.map(() => 'Brasileirão Série A'));
    const serieAIds = new Set(
      allMatches.filter((match) => match.competition.name === 'Brasileirão Série A').map((match) => match.id),
    );
    expect(serieA).toHaveLength(serieAIds.size);
  });

  it('finds both Inters by the prefix "inter"', () => {
    expect(find('inter').sort()).toEqual(['Internacional x Santos', 'Juventus x Internazionale']);
  });

  it('finds a fixture in either order, one side per term, and not a match where one club plays someone else', () => {
    for (const query of [
      'flamengo x palmeiras',
      'palmeiras vs flamengo',
      'Palmeiras vs. Flamengo',
      'palmeiras versus fla',
      'verdão contra mengão',
      'palmeiras - flamengo',
    ]) {
      expect(find(query), query).toEqual(['Flamengo x Palmeiras']);
    }
    expect(find('flamengo x santos')).toEqual([]);
  });

  it('finds clubs and competitions by alias, and every club an ambiguous nickname names', () => {
    expect(find('galo')).toEqual(['Atlético-MG x Red Bull Bragantino']);
    expect(find('mengão')).toEqual(['Flamengo x Palmeiras']);
    expect(find('atletico mineiro')).toEqual(['Atlético-MG x Red Bull Bragantino']);
    expect(find('athletico paranaense')).toEqual(['Athletico-PR x Vasco da Gama']);
    expect(find('inter de milão')).toEqual(['Juventus x Internazionale']);
    expect(find('man city')).toEqual(['Manchester City x Liverpool']);
    expect(find('barça')[0]).toBe('Real Madrid x Barcelona');
    expect(find('premier league')).toHaveLength(3);
    expect(find('la liga')).toEqual(['Real Madrid x Barcelona', 'Atlético de Madrid x Sevilla']);
    expect(find('tricolor').sort()).toEqual([
      'Bahia x Sport',
      'Botafogo x Fluminense',
      'Fortaleza x Cruzeiro',
      'São Paulo x Grêmio',
    ]);
    expect(find('leão').sort()).toEqual(['Bahia x Sport', 'Ceará x Vitória', 'Fortaleza x Cruzeiro']);
    expect(find('timão')).toEqual([
      'Corinthians Feminino x Ferroviária Feminino',
      'Corinthians Sub-20 x Botafogo-SP Sub-20',
    ]);
  });

  it('tolerates one typo from 5 letters, two from 9, none below 5', () => {
    expect([allowedEdits('fla'), allowedEdits('flamg'), allowedEdits('flamengos'), allowedEdits('corintians')]).toEqual(
      [0, 1, 2, 2],
    );
    expect(find('flamego')).toEqual(['Flamengo x Palmeiras']);
    expect(find('palmeras')).toEqual(['Flamengo x Palmeiras']);
    expect(find('corintians')).toHaveLength(2);
    expect(find('flamenguinhos')).toEqual([]);
    // Short words are never fuzzed: "sanos" is 5 letters (one edit), "sant" is a prefix, "snt" nothing.
    expect(find('snt')).toEqual([]);
  });

  it('treats regex characters in the query as plain text', () => {
    expect(findMatches(snapshot, '.*')).toEqual([]);
    expect(findMatches(snapshot, '(((')).toEqual([]);
    expect(find('sub-20')).toEqual(['Corinthians Sub-20 x Botafogo-SP Sub-20']);
  });
});

describe('ranking', () => {
  const tiers = (query: string): Array<[string, number]> =>
    rankMatches(snapshot, query).map(({ match, tier }) => [`${match.homeTeam.name} x ${match.awayTeam.name}`, tier]);

  it('puts São Paulo before the Copa São Paulo (team name before competition-only)', () => {
    expect(tiers('sao paulo')).toEqual([
      ['São Paulo x Grêmio', RANK_TIERS.fullTeamName],
      ['Corinthians Sub-20 x Botafogo-SP Sub-20', RANK_TIERS.competitionOnly],
    ]);
  });

  it('orders exact name, word prefix, alias, typo, competition-only', () => {
    const day: Snapshot = {
      ...snapshot,
      hoje: buildEnvelope(
        UPSTREAM,
        'hoje',
        [
          ...readExpectedMatches('hoje'),
          {
            ...readExpectedMatches('hoje')[0]!,
            id: 'x/1',
            homeTeam: { name: 'Santa Cruz', crest: null, crestSource: null, slug: null },
            awayTeam: { name: 'Náutico', crest: null, crestSource: null, slug: null },
            competition: { name: 'Campeonato Pernambucano', slug: 'pe' },
          },
        ],
        null,
      ),
    };
    expect(rankMatches(day, 'santos').map(({ tier }) => tier)).toEqual([RANK_TIERS.fullTeamName]);
    expect(rankMatches(day, 'sant').map(({ match, tier }) => [match.homeTeam.name, tier])).toEqual([
      ['Santa Cruz', RANK_TIERS.teamWord],
      ['Internacional', RANK_TIERS.teamWord],
    ]);
    // A nickname typed whole is as good as the name (issue 35: "sp" is São Paulo before Botafogo-SP); part of one is an alias hit.
    expect(tiers('colorado')).toEqual([['Internacional x Santos', RANK_TIERS.fullTeamName]]);
    expect(tiers('colora')).toEqual([['Internacional x Santos', RANK_TIERS.alias]]);
    expect(tiers('palmeras')).toEqual([['Flamengo x Palmeiras', RANK_TIERS.typo]]);
    expect(tiers('campeonato')[0]?.[1]).toBe(RANK_TIERS.competitionOnly);
  });

  it('breaks ties by live, then today, then tomorrow, then kickoff time', () => {
    const result = searchSnapshot(snapshot, 'série', UPSTREAM);
    const ids = result.matches.map((match) => match.id);
    const liveIds = snapshot.live.matches
      .filter((match) => match.id.startsWith('brasileirao'))
      .map((match) => match.id);
    expect(ids.slice(0, liveIds.length).sort()).toEqual([...liveIds].sort());
    expect(new Set(ids).size).toBe(ids.length);
    const tomorrow = result.matches.filter((match) => snapshot.amanha.matches.some((m) => m.id === match.id));
    const kickoffs = tomorrow.map((match) => Date.parse(match.kickoff ?? ''));
    expect(kickoffs).toEqual([...kickoffs].sort((a, b) => a - b));
    expect(ids.slice(-tomorrow.length)).toEqual(tomorrow.map((match) => match.id));
  });

  it("puts a club's first team before its women's and youth sides in a tie", () => {
    const day: Snapshot = {
      ...snapshot,
      amanha: buildEnvelope(
        UPSTREAM,
        'amanha',
        [
          ...readExpectedMatches('amanha'),
          {
            ...readExpectedMatches('amanha')[0]!,
            id: 'y/1',
            homeTeam: { name: 'Corinthians', crest: null, crestSource: null, slug: null },
          },
        ],
        null,
      ),
    };
    expect(names(findMatches(day, 'timão'))[0]).toBe('Corinthians x Fluminense');
  });
});

describe('searchSnapshot', () => {
  it('builds the envelope: source is the upstream base URL, query as given, stale if any listing is', () => {
    const result = searchSnapshot(snapshot, 'flamengo', UPSTREAM);
    expect(result).toMatchObject({
      source: UPSTREAM,
      query: 'flamengo',
      timezone: 'America/Sao_Paulo',
      stale: false,
      count: 1,
    });
    const oneStale: Snapshot = { ...snapshot, amanha: { ...snapshot.amanha, stale: true } };
    expect(searchSnapshot(oneStale, 'flamengo', UPSTREAM).stale).toBe(true);
  });

  it('counts the hourly yesterday listing in neither generatedAt nor stale unless it shows matches (issue 23)', () => {
    const neverFetched: Snapshot = { ...snapshot, ontem: buildEnvelope(UPSTREAM, 'ontem', [], null, true) };
    expect(searchSnapshot(neverFetched, 'flamengo', UPSTREAM)).toMatchObject({
      stale: false,
      generatedAt: snapshot.hoje.generatedAt,
    });
    const hourOld = {
      ...snapshot,
      ontem: buildEnvelope(UPSTREAM, 'ontem', readExpectedMatches('ontem'), '2026-11-21T18:41:05-03:00'),
    };
    expect(searchSnapshot(hourOld, 'benfica', UPSTREAM)).toMatchObject({
      stale: false,
      generatedAt: snapshot.hoje.generatedAt,
      count: 1,
    });
    const staleOntem = { ...hourOld, ontem: { ...hourOld.ontem, stale: true } };
    expect(searchSnapshot(staleOntem, 'flamengo', UPSTREAM).stale).toBe(true);
  });

  it('reports the oldest successful fetch as generatedAt, null only when none was ever fetched', () => {
    const mixed: Snapshot = {
      live: buildEnvelope(UPSTREAM, 'live', readExpectedMatches('live'), '2026-11-21T19:42:00-03:00'),
      hoje: buildEnvelope(UPSTREAM, 'hoje', readExpectedMatches('hoje'), '2026-11-21T22:40:00Z'),
      amanha: buildEnvelope(UPSTREAM, 'amanha', [], null, true),
      ontem: buildEnvelope(UPSTREAM, 'ontem', [], null, true),
    };
    // 22:40Z is 19:40 in São Paulo: older than 19:42-03:00 although it sorts after it as text.
    expect(searchSnapshot(mixed, 'flamengo', UPSTREAM).generatedAt).toBe('2026-11-21T22:40:00Z');
    expect(oldestGeneratedAt([mixed.amanha])).toBeNull();
  });

  it('sees a new snapshot object (the per-snapshot index is not shared)', () => {
    const first = buildFixtureSnapshot(UPSTREAM);
    expect(findMatches(first, 'juventus')).toHaveLength(1);
    const second: Snapshot = { ...first, amanha: buildEnvelope(UPSTREAM, 'amanha', [], null, true) };
    expect(findMatches(second, 'juventus')).toHaveLength(0);
  });
});
