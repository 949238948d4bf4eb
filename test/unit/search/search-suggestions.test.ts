import { describe, expect, it } from 'vitest';
import { pickSuggestions } from '../../../src/client/search/search-suggestions.ts';

const NAMES = [
  'Athletico-PR',
  'Atlético-MG',
  'Brasileirão Série A',
  'Brasileirão Série B',
  'Copa São Paulo de Futebol Júnior',
  'Flamengo',
  'Flamengo Sub-20',
  'Fluminense',
  'São Paulo',
];

describe('pickSuggestions', () => {
  it('offers names whose words start with the typed words, names that start with the term first', () => {
    expect(pickSuggestions(NAMES, 'fla')).toEqual(['Flamengo', 'Flamengo Sub-20']);
    expect(pickSuggestions(NAMES, 'sao pa')).toEqual(['São Paulo', 'Copa São Paulo de Futebol Júnior']);
    expect(pickSuggestions(NAMES, 'atletico-m')).toEqual(['Atlético-MG']);
  });

  it('follows the query language: 1–2 letter words are whole words, no match inside a word', () => {
    expect(pickSuggestions(NAMES, 'serie b fu')).toEqual([]);
    expect(pickSuggestions(NAMES, 'b serie')).toEqual(['Brasileirão Série B']);
    // …except the word still being typed: "serie b" and "atletico-m" are on their way.
    expect(pickSuggestions(NAMES, 'serie b')).toEqual(['Brasileirão Série B', 'Brasileirão Série A']);
    expect(pickSuggestions(NAMES, 'mengo')).toEqual([]);
  });

  it('offers nothing under 2 characters, nor the one name already typed in full', () => {
    expect(pickSuggestions(NAMES, 'f')).toEqual([]);
    expect(pickSuggestions(NAMES, 'fluminense')).toEqual([]);
  });
});
