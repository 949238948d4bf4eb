import { describe, expect, it } from 'vitest';
import type { Match, Snapshot } from '../../src/lib/model.ts';
import { buildSearchWords, findMatches, normalizeSearchText, oldestGeneratedAt, searchSnapshot } from '../../src/lib/search.ts';
import { buildEnvelope, buildFixtureSnapshot, readExpectedMatches } from '../support/fixture-snapshot.ts';

const UPSTREAM = 'https://www.placardefutebol.com.br';
const ids = (matches: Match[]): string[] => matches.map((match) => match.id);

describe('normalizeSearchText', () => {
  it('drops accents and case', () => {
    expect(normalizeSearchText('São Paulo GRÊMIO Ceará Atlético-MG')).toBe('sao paulo gremio ceara atletico-mg');
  });

  it('splits a query into normalised words', () => {
    expect(buildSearchWords('  Série   A ')).toEqual(['serie', 'a']);
  });
});

describe('searchSnapshot', () => {
  const snapshot = buildFixtureSnapshot(UPSTREAM);

  it('finds teams without accents or case ("sao paulo" → São Paulo, "GREMIO" → Grêmio)', () => {
    expect(ids(findMatches(snapshot, 'sao paulo'))).toContain('brasileirao-serie-a/21-11-2026-sao-paulo-x-gremio');
    expect(ids(findMatches(snapshot, 'GREMIO'))).toEqual(['brasileirao-serie-a/21-11-2026-sao-paulo-x-gremio']);
  });

  it('needs every word, each in any of home, away or competition ("serie a" finds Brasileirão Série A)', () => {
    const serieA = findMatches(snapshot, 'serie a');
    const allSerieA = [...snapshot.live.matches, ...snapshot.hoje.matches, ...snapshot.amanha.matches].filter(
      (match) => match.competition.name === 'Brasileirão Série A',
    );
    expect(allSerieA.length).toBeGreaterThan(0);
    expect(ids(serieA)).toEqual(expect.arrayContaining(ids(allSerieA)));
    // "a" is a substring test like any word: Série B matches only through a team name with an "a".
    expect(serieA.every((match) => match.competition.name === 'Brasileirão Série A' || /a/i.test(match.homeTeam.name + match.awayTeam.name))).toBe(
      true,
    );
    expect(ids(findMatches(snapshot, 'flamengo palmeiras'))).toEqual(['brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras']);
    expect(ids(findMatches(snapshot, 'flamengo serie'))).toEqual(['brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras']);
    expect(findMatches(snapshot, 'flamengo barcelona')).toEqual([]);
  });

  it('finds by league name across listings, live first, then hoje, then amanha, each match once', () => {
    const result = searchSnapshot(snapshot, 'Brasileirão', UPSTREAM);
    const liveIds = ids(snapshot.live.matches).filter((id) => id.startsWith('brasileirao'));
    expect(ids(result.matches).slice(0, liveIds.length)).toEqual(liveIds);
    expect(new Set(ids(result.matches)).size).toBe(result.matches.length);
    expect(ids(result.matches).at(-1)).toBe('brasileirao-serie-b/22-11-2026-goias-x-coritiba');
    expect(result.count).toBe(result.matches.length);
  });

  it('treats regex characters in the query as plain text', () => {
    expect(findMatches(snapshot, '.*')).toEqual([]);
    expect(findMatches(snapshot, '(((')).toEqual([]);
    expect(ids(findMatches(snapshot, 'sub-20'))).toEqual(['copa-sao-paulo-de-futebol-junior/21-11-2026-corinthians-sub-20-x-botafogo-sp-sub-20']);
  });

  it('builds the envelope: source is the upstream base URL, query as given, stale if any listing is', () => {
    const result = searchSnapshot(snapshot, 'flamengo', UPSTREAM);
    expect(result).toMatchObject({ source: UPSTREAM, query: 'flamengo', timezone: 'America/Sao_Paulo', stale: false, count: 1 });
    const oneStale: Snapshot = { ...snapshot, amanha: { ...snapshot.amanha, stale: true } };
    expect(searchSnapshot(oneStale, 'flamengo', UPSTREAM).stale).toBe(true);
  });

  it('reports the oldest successful fetch as generatedAt, null only when none was ever fetched', () => {
    const mixed: Snapshot = {
      live: buildEnvelope(UPSTREAM, 'live', readExpectedMatches('live'), '2026-11-21T19:42:00-03:00'),
      hoje: buildEnvelope(UPSTREAM, 'hoje', readExpectedMatches('hoje'), '2026-11-21T22:40:00Z'),
      amanha: buildEnvelope(UPSTREAM, 'amanha', [], null, true),
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
