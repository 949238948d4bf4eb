// Issue 27 (integrator 2): the listings' and the feed's filters answer or refuse, never ignore.
import { describe, expect, it } from 'vitest';
import { parseMatchFilterQuery } from '../../../src/lib/api/match-filter-query.ts';
import { findMisspelledParameter } from '../../../src/lib/api/parameter-names.ts';
import { ProblemSchema } from '../../../src/lib/model/model.ts';
import { createBoundedMemo } from '../../../src/server/memo/bounded-memo.ts';

const parse = (search: string) => parseMatchFilterQuery(search, '/api/hoje', { status: true });

function detailOf(search: string): string {
  const result = parse(search);
  if (result.ok) throw new Error(`expected a problem for ${search}`);
  ProblemSchema.parse(result.problem);
  expect(result.problem.status).toBe(400);
  return result.problem.detail;
}

describe('parseMatchFilterQuery', () => {
  it('reads statuses (comma-separated, spaces around them allowed), a team and a competition', () => {
    expect(parse('?status=IN_PLAY,%20PAUSED&time=%20Meng%C3%A3o%20&competicao=la+liga')).toEqual({
      ok: true,
      query: { statuses: ['IN_PLAY', 'PAUSED'], team: 'Mengão', competition: 'la liga' },
    });
    expect(parse('')).toEqual({ ok: true, query: { statuses: null, team: null, competition: null } });
    // Other parameters are no filters.
    expect(parse('?_=1&q=x&Times=1')).toEqual({ ok: true, query: { statuses: null, team: null, competition: null } });
  });

  it('refuses unknown, empty and repeated statuses, saying which', () => {
    expect(detailOf('?status=in_play')).toContain('"in_play"');
    expect(detailOf('?status=')).toContain('um item vazio');
    expect(detailOf('?status=IN_PLAY,')).toContain('um item vazio');
    expect(detailOf('?status=IN_PLAY,IN_PLAY')).toContain('repete IN_PLAY');
    expect(detailOf('?status=IN_PLAY&status=PAUSED')).toContain('uma única vez');
  });

  it('refuses a team or competition out of bounds, with control characters, or not UTF-8', () => {
    expect(detailOf('?time=x')).toContain('1 caractere');
    expect(detailOf(`?competicao=${'a'.repeat(101)}`)).toContain('101 caractere');
    expect(detailOf('?time=a%00b')).toContain('caracteres de controle');
    expect(detailOf('?time=%FF%FE')).toContain('UTF-8');
    expect(detailOf('?time=ab&time=cd')).toContain('uma única vez');
  });

  it('refuses a filter name spelled another way, and leaves status to the routes that take it', () => {
    for (const search of [
      '?Status=IN_PLAY',
      '?STATUS=IN_PLAY',
      '?%73tatus=IN_PLAY',
      '?Time=vasco',
      '?competi%C3%A7%C3%A3o=x',
    ]) {
      expect(detailOf(search), search).toMatch(/deve ser escrito exatamente/);
    }
    const stream = parseMatchFilterQuery('?status=IN_PLAY&Desde=1', '/api/eventos/stream', {
      status: false,
      otherNames: ['desde'],
    });
    expect(stream.ok).toBe(false);
    expect(parseMatchFilterQuery('?status=x', '/api/eventos/stream', { status: false })).toEqual({
      ok: true,
      query: { statuses: null, team: null, competition: null },
    });
  });
});

describe('findMisspelledParameter', () => {
  it('finds case and percent-escape spellings only, and never throws on bad escapes', () => {
    expect(findMisspelledParameter('?q=a&Q=b', ['q'])).toEqual({ sent: 'Q', meant: 'q' });
    expect(findMisspelledParameter('?%71=a', ['q'])).toEqual({ sent: '%71', meant: 'q' });
    expect(findMisspelledParameter('?q=a&qq=b&%zz=c&%=d', ['q'])).toBeNull();
  });
});

describe('createBoundedMemo', () => {
  it('keeps at most its entries and its weight, least recently used out first', () => {
    const memo = createBoundedMemo<string>({ maxEntries: 3, maxWeight: 10, weigh: (value) => value.length });
    memo.set('a', 'aaaa');
    memo.set('b', 'bbbb');
    expect(memo.get('a')).toBe('aaaa');
    memo.set('c', 'cccc'); // 12 > 10: the least recent (b) goes
    expect([memo.has('a'), memo.has('b'), memo.has('c')]).toEqual([true, false, true]);
    memo.set('big', 'x'.repeat(11)); // heavier than the bound: not kept, nothing else lost
    expect([memo.has('big'), memo.size]).toEqual([false, 2]);
    const counted = createBoundedMemo<number>(2);
    for (const key of ['x', 'y', 'z']) counted.set(key, 1);
    expect([counted.has('x'), counted.size]).toEqual([false, 2]);
  });
});
