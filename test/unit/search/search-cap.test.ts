/**
 * /api/busca's envelope (searchSnapshot, also the browser's fallback): at most SEARCH_RESULTS_MAX
 * matches, the best-ranked first, `count` = what it holds, `truncated` when more were found; and
 * one answer for every spelling of a query (its normal form is what is searched and echoed).
 */
import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../src/lib/model/model.ts';
import { SEARCH_RESULTS_MAX } from '../../../src/lib/model/search-results.ts';
import { findMatches, searchSnapshot } from '../../../src/lib/search/search.ts';
import { normalizeQuery } from '../../../src/lib/search/search-text.ts';
import { buildEnvelope, buildFixtureSnapshot } from '../../../harness/fixture-snapshot.ts';
import { buildGeneratedMatches } from '../../support/samples/generated-matches.ts';

const UPSTREAM = 'https://www.placardefutebol.com.br';
const GENERATED_AT = '2026-11-21T19:41:05-03:00';

/** The fixture day with `count` generated matches added to today's listing. */
function bigDay(count: number, home = 'Mandante'): Snapshot {
  const snapshot = buildFixtureSnapshot(UPSTREAM, GENERATED_AT);
  const hoje = [...snapshot.hoje.matches, ...buildGeneratedMatches(count, home, UPSTREAM)];
  return { ...snapshot, hoje: buildEnvelope(UPSTREAM, 'hoje', hoje, GENERATED_AT) };
}

describe('the result cap', () => {
  const snapshot = bigDay(1_500);

  it(`answers the ${SEARCH_RESULTS_MAX} best-ranked of a broad query, says it cut, and counts what it holds`, () => {
    const found = findMatches(snapshot, 'futebol clube');
    expect(found.length).toBeGreaterThan(SEARCH_RESULTS_MAX);
    const envelope = searchSnapshot(snapshot, 'futebol clube', UPSTREAM);
    expect(envelope.truncated).toBe(true);
    expect(envelope.count).toBe(SEARCH_RESULTS_MAX);
    expect(envelope.matches).toEqual(found.slice(0, SEARCH_RESULTS_MAX));
  });

  it('leaves a narrow query whole and not truncated', () => {
    const envelope = searchSnapshot(snapshot, 'flamengo', UPSTREAM);
    expect(envelope).toMatchObject({ truncated: false, count: 1 });
    expect(envelope.matches.map((match) => match.homeTeam.name)).toEqual(['Flamengo']);
  });

  it(`is not truncated at exactly ${SEARCH_RESULTS_MAX}, and is one past it`, () => {
    const exact = searchSnapshot(bigDay(SEARCH_RESULTS_MAX, 'Exato'), 'exato', UPSTREAM);
    expect(exact).toMatchObject({ truncated: false, count: SEARCH_RESULTS_MAX });
    const onePast = searchSnapshot(bigDay(SEARCH_RESULTS_MAX + 1, 'Exato'), 'exato', UPSTREAM);
    expect(onePast).toMatchObject({ truncated: true, count: SEARCH_RESULTS_MAX });
  });

  it('keeps a broad answer small: a few hundred bytes a match', () => {
    const bytes = Buffer.byteLength(JSON.stringify(searchSnapshot(bigDay(5_000), 'clube', UPSTREAM)));
    expect(bytes).toBeLessThan(SEARCH_RESULTS_MAX * 1_000);
  });
});

describe('one answer per query', () => {
  const snapshot = buildFixtureSnapshot(UPSTREAM, GENERATED_AT);

  it('finds the same for every spelling of a query, and echoes each as it was given', () => {
    expect(normalizeQuery('  São   PAULO\t')).toBe('sao paulo');
    expect(normalizeQuery('Flamengo x Palmeiras')).toBe('flamengo x palmeiras');
    const answer = searchSnapshot(snapshot, 'sao paulo', UPSTREAM);
    expect(answer.query).toBe('sao paulo');
    for (const spelling of ['São Paulo', 'SAO   PAULO', 'sa\u0303o paulo', 'são\tpaulo']) {
      expect(searchSnapshot(snapshot, spelling, UPSTREAM), spelling).toEqual({ ...answer, query: spelling });
    }
  });

  it('finds with the normal form what the spelling found', () => {
    for (const query of ['São Paulo', 'GRÊMIO', 'flamengo x palmeiras', 'Atlético-MG', 'sub-20', 'serie  b']) {
      expect(findMatches(snapshot, normalizeQuery(query)), query).toEqual(findMatches(snapshot, query));
    }
  });
});
