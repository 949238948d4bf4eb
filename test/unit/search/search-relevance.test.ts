/**
 * The labelled relevance set (test/fixtures/search-day/relevance.json) in-process, over the day as
 * Placar's parser reads it: every query right, before the slower runs through /api/busca and the
 * browser (test/e2e/views/search-fan.test.ts). Then the fan queries of issue 35 one by one, and the rule
 * that decides "braga": a team of the day called exactly so outranks another club's nickname.
 */
import { describe, expect, it } from 'vitest';
import type { Match, Snapshot } from '../../../src/lib/model/model.ts';
import { RANK_TIERS, rankMatches } from '../../../src/lib/search/find-matches.ts';
import { findMatches } from '../../../src/lib/search/search.ts';
import { scoreRelevance } from '../../support/samples/relevance.ts';
import { buildSearchDaySnapshot, readRelevanceCases } from '../../support/samples/search-day.ts';

const day = buildSearchDaySnapshot();
const named = (match: Match): string => `${match.homeTeam.name} x ${match.awayTeam.name}`;
const find = (snapshot: Snapshot, query: string): string[] => findMatches(snapshot, query).map(named);

describe('the relevance set, in-process', () => {
  it('answers every labelled query right, with nothing the labels do not call relevant', () => {
    const cases = readRelevanceCases();
    const answers = new Map(cases.map(({ q }) => [q, find(day, q)]));
    const report = scoreRelevance(cases, answers);
    expect(report.violations).toEqual([]);
    const unlabelled = cases.flatMap(({ q, must, may = [] }) =>
      (answers.get(q) ?? [])
        .filter((name) => !must.includes(name) && !may.includes(name))
        .map((name) => `${q}: ${name}`),
    );
    expect(unlabelled).toEqual([]);
    expect(report.precision).toBe(1);
  });
});

describe('what fans typed (issue 35)', () => {
  it('finds Fluminense by "fluzão" and "tricolor carioca", São Paulo by "tricolor paulista", no other tricolor', () => {
    const fluminense = ['Botafogo x Fluminense', 'Fluminense Sub-20 x Cruzeiro Sub-20'];
    expect(find(day, 'fluzão')).toEqual(fluminense);
    expect(find(day, 'Tricolor Carioca')).toEqual(fluminense);
    expect(find(day, 'tricolor paulista')).toEqual(['São Paulo x Grêmio', 'Palmeiras Feminino x São Paulo Feminino']);
  });

  it('keeps "paulista" the Paulistão: a competition of the day before São Paulo’s "Tricolor Paulista"', () => {
    expect(find(day, 'paulista')).toEqual(['São Bento x XV de Piracicaba']);
  });

  it('finds Barcelona by "barsa", never Vitória (the "Leão da Barra", one edit away)', () => {
    expect(find(day, 'barsa')).toEqual(['Real Madrid x Barcelona']);
  });

  it('finds São Paulo first by "sp", then Botafogo-SP (its own name holds the word)', () => {
    expect(find(day, 'sp')).toEqual([
      'São Paulo x Grêmio',
      'Palmeiras Feminino x São Paulo Feminino',
      'Atlético-GO x Botafogo-SP',
      'Corinthians Sub-20 x Botafogo-SP Sub-20',
    ]);
  });

  it('finds only Braga by "braga" on a day Braga plays: an exact team name, not Bragantino’s nickname nor its prefix', () => {
    expect(rankMatches(day, 'braga').map(({ match, tier }) => [named(match), tier])).toEqual([
      ['Sporting x Braga', RANK_TIERS.fullTeamName],
    ]);
  });

  it('finds Bragantino by its nickname "braga" on a day Braga does not play', () => {
    const withoutBraga = Object.fromEntries(
      Object.entries(day).map(([listing, envelope]) => {
        const matches = envelope.matches.filter((match) => match.awayTeam.name !== 'Braga');
        return [listing, { ...envelope, matches, count: matches.length }];
      }),
    ) as Snapshot;
    expect(find(withoutBraga, 'braga')).toEqual(['Red Bull Bragantino x Vitória']);
  });
});
