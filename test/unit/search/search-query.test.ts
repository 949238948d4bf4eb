import { describe, expect, it } from 'vitest';
import { ProblemSchema } from '../../../src/lib/model/model.ts';
import { parseSearchQuery } from '../../../src/lib/api/search-query.ts';

function problemOf(search: string): { status: number; detail: string } {
  const result = parseSearchQuery(search);
  if (result.ok) throw new Error(`expected a problem for ${search}`);
  ProblemSchema.parse(result.problem);
  return result.problem;
}

describe('parseSearchQuery', () => {
  it('accepts 2 to 100 characters and trims', () => {
    expect(parseSearchQuery('?q=%20Flamengo%20')).toEqual({ ok: true, q: 'Flamengo' });
    expect(parseSearchQuery('q=ab')).toEqual({ ok: true, q: 'ab' });
    expect(parseSearchQuery(`q=${'a'.repeat(100)}`)).toEqual({ ok: true, q: 'a'.repeat(100) });
    expect(parseSearchQuery(new URLSearchParams({ q: 'São Paulo' }))).toEqual({ ok: true, q: 'São Paulo' });
  });

  it('rejects missing, empty and blank q with 400', () => {
    for (const search of ['', '?x=1', '?q=', '?q=%20%20%20', '?q=+++']) expect(problemOf(search).status).toBe(400);
  });

  it('rejects fewer than 2 or more than 100 characters after trimming', () => {
    expect(problemOf('?q=%20a%20').detail).toContain('1 caractere');
    expect(problemOf(`?q=${'a'.repeat(101)}`).status).toBe(400);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(parseSearchQuery('?q=%F0%9F%98%80%F0%9F%98%80')).toEqual({ ok: true, q: '😀😀' });
    expect(problemOf('?q=%F0%9F%98%80').status).toBe(400);
  });

  it('rejects q given twice, and does not take q[] for q', () => {
    expect(problemOf('?q=flamengo&q=gremio').detail).toContain('uma única vez');
    expect(problemOf('?q[]=flamengo').status).toBe(400);
  });

  // Issue 27 M1: nginx's $arg_q matches names ignoring case, URLSearchParams decodes %71 to q.
  it('rejects q spelled another way (Q, %71, %51), alone or beside a q, naming the spelling', () => {
    for (const search of [
      '?Q=santos&q=flamengo',
      '?q=flamengo&Q=santos',
      '?%71=flamengo&Q=palmeiras',
      '?%71=flamengo',
      '?%51=x&q=flamengo',
    ]) {
      expect(problemOf(search).detail, search).toMatch(/deve ser escrito exatamente "q"/);
    }
    expect(problemOf('?Q=santos').detail).toContain('"Q"');
    // Other names are not q's business.
    expect(parseSearchQuery('?q=flamengo&qq=1&Qx=2&%72=3')).toEqual({ ok: true, q: 'flamengo' });
  });

  it('never throws on malformed percent-encoding', () => {
    expect(() => parseSearchQuery('?q=%E0%A4%A')).not.toThrow();
    expect(() => parseSearchQuery('?q=%')).not.toThrow();
    expect(parseSearchQuery('?q=%zz%zz').ok).toBe(true);
  });

  it('rejects escapes that are not UTF-8 with a 400 that says so, instead of searching for U+FFFD', () => {
    for (const search of [
      '?q=%E0%A4%A',
      '?q=%C0%AF%C0%AF',
      '?q=%ED%A0%80%ED%B0%80',
      '?q=fla%FFmengo',
      '?x=1&q=%E0%A4%A',
    ]) {
      expect(problemOf(search).detail, search).toContain('não é UTF-8 válido');
    }
    // A "%" that starts no escape is text, as in any form: still a valid query.
    expect(parseSearchQuery('?q=100%25+%25zz')).toEqual({ ok: true, q: '100% %zz' });
    expect(parseSearchQuery('?q=S%C3%A3o+Paulo')).toEqual({ ok: true, q: 'São Paulo' });
    expect(parseSearchQuery('?x=%FF&q=flamengo')).toEqual({ ok: true, q: 'flamengo' });
  });

  it('names the route in the problem instance', () => {
    const result = parseSearchQuery('', '/api/busca');
    expect(result.ok ? null : result.problem.instance).toBe('/api/busca');
  });
});
