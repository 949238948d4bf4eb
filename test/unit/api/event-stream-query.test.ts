/** The event stream's filters and resume id: accepted as sent, or a 400 problem that says why. */
import { describe, expect, it } from 'vitest';
import { parseEventStreamQuery } from '../../../src/lib/api/event-stream-query.ts';
import {
  buildFilterSnapshot,
  findCompetitionMatchIds,
  findTeamMatchIds,
} from '../../../src/lib/search/match-filter.ts';
import { readExpectedMatches } from '../../../harness/fixture-snapshot.ts';

const PATH = '/api/eventos/stream';

describe('parseEventStreamQuery', () => {
  it('reads both filters and the resume id; the header wins over ?desde=', () => {
    expect(
      parseEventStreamQuery('?time=Mengão&competicao=brasileirao&desde=1764000000000-0001', undefined, PATH),
    ).toEqual({
      ok: true,
      query: { team: 'Mengão', competition: 'brasileirao', since: '1764000000000-0001', onlyBuildNotices: false },
    });
    expect(parseEventStreamQuery('?desde=1764000000000-0001', '1764000000000-0009', PATH)).toMatchObject({
      ok: true,
      query: { since: '1764000000000-0009' },
    });
    expect(parseEventStreamQuery('', undefined, PATH)).toEqual({
      ok: true,
      query: { team: null, competition: null, since: null, onlyBuildNotices: false },
    });
  });

  it('apenas=build: the build notices alone, nothing to resume; with a filter or another value, a 400', () => {
    expect(parseEventStreamQuery('?apenas=build', '1764000000000-0009', PATH)).toEqual({
      ok: true,
      query: { team: null, competition: null, since: null, onlyBuildNotices: true },
    });
    for (const search of ['?apenas=GOAL', '?apenas=', '?apenas=build&apenas=build', '?apenas=build&time=flamengo']) {
      const parsed = parseEventStreamQuery(search, undefined, PATH);
      expect(parsed.ok, search).toBe(false);
      if (!parsed.ok) expect(parsed.problem.status, search).toBe(400);
    }
  });

  it.each([
    ['?time=', 'empty'],
    ['?time=%20%20', 'blank'],
    ['?time=x', 'too short'],
    [`?competicao=${'a'.repeat(101)}`, 'too long'],
    ['?time=fla%00mengo', 'control character'],
    ['?time=%FF%FE', 'not UTF-8'],
    ['?time=a1&time=b2', 'repeated'],
    ['?desde=ontem', 'not an id'],
  ])('%s (%s) is a 400 problem', (search) => {
    const result = parseEventStreamQuery(search, undefined, PATH);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toMatchObject({ status: 400, instance: PATH, title: 'Parâmetro inválido' });
  });

  it('a Last-Event-ID that is not an id is a 400 that names the header', () => {
    const result = parseEventStreamQuery('', 'abc', PATH);
    expect(result.ok ? null : result.problem.detail).toMatch(/Last-Event-ID/);
  });
});

describe('team and competition filters: the search module decides', () => {
  const snapshot = buildFilterSnapshot(readExpectedMatches('hoje'));
  it('a team by name, nickname or typo; never by its competition only', () => {
    const flamengo = 'brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras';
    for (const query of ['flamengo', 'Mengão', 'flamengi'])
      expect([...findTeamMatchIds(snapshot, query)]).toEqual([flamengo]);
    expect(findTeamMatchIds(snapshot, 'brasileirao').size).toBe(0);
  });
  it('a competition by name or nickname; never by a team', () => {
    const spanish = findCompetitionMatchIds(snapshot, 'la liga');
    expect(spanish.size).toBeGreaterThan(0);
    for (const id of spanish) expect(id).toMatch(/^campeonato-espanhol\//);
    expect(findCompetitionMatchIds(snapshot, 'flamengo').size).toBe(0);
  });
});
