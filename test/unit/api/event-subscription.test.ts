/**
 * A stream's fuzzy filter resolved once to the canonical channels Pushpin holds it on — or left
 * waiting, or to Placar — and never to two channels that share an event.
 */
import { describe, expect, it } from 'vitest';
import { channelsOfMatch } from '../../../src/lib/api/event-channels.ts';
import {
  MAX_STREAM_CHANNELS,
  prepareKnownMatches,
  resolveSubscription,
  type StreamFilter,
} from '../../../src/lib/api/event-subscription.ts';
import type { Match } from '../../../src/lib/model/model.ts';
import {
  buildFilterSnapshot,
  findCompetitionMatchIds,
  findTeamMatchIds,
} from '../../../src/lib/search/match-filter.ts';
import { readExpectedMatches } from '../../../harness/fixture-snapshot.ts';

const listed = [
  ...readExpectedMatches('live'),
  ...readExpectedMatches('hoje'),
  ...readExpectedMatches('amanha'),
  ...readExpectedMatches('ontem'),
];
const template = listed[0] as Match;

function fixture(id: string, home: string, away: string, competition = template.competition): Match {
  return {
    ...template,
    id,
    competition,
    homeTeam: { name: home, crest: null, crestSource: null, slug: null },
    awayTeam: { name: away, crest: null, crestSource: null, slug: null },
  };
}

const women = fixture('brasileiro-feminino/x-flamengo-feminino', 'Flamengo Feminino', 'Santos Feminino', {
  name: 'Brasileiro Feminino',
  slug: 'brasileiro-feminino',
});
const known = prepareKnownMatches([...listed, women]);

const resolve = (team: string | null, competition: string | null = null) =>
  resolveSubscription({ team, competition }, () => known);

describe('resolveSubscription', () => {
  it('no filter: every event', () => {
    expect(resolve(null)).toMatchObject({ kind: 'channels', channels: ['todos'] });
  });

  it('a team by name or nickname: its channel', () => {
    expect(resolve('flamengo')).toMatchObject({ channels: ['t.flamengo', 't.flamengo-feminino'] });
    expect(resolve('mengão')).toMatchObject({ channels: ['t.flamengo', 't.flamengo-feminino'] });
    expect(resolve('real madrid')).toMatchObject({ channels: ['t.real-madrid'] });
  });

  it('a competition: one channel per competition it names (an event has one)', () => {
    expect(resolve(null, 'la liga')).toMatchObject({ channels: ['c.campeonato-espanhol'] });
    const brasileirao = resolve(null, 'brasileirao');
    expect(brasileirao.kind).toBe('channels');
    if (brasileirao.kind === 'channels') {
      expect(brasileirao.channels).toContain('c.brasileirao-serie-a');
      expect(brasileirao.channels).toContain('c.brasileirao-serie-b');
    }
  });

  it('both filters: the team in each competition', () => {
    expect(resolve('flamengo', 'serie a')).toMatchObject({ channels: ['c.brasileirao-serie-a.t.flamengo'] });
  });

  it('what no set of disjoint channels can say is left to Placar', () => {
    // Two first teams could meet: their match would be on both channels.
    expect(resolve('tricolor')).toEqual({ kind: 'direct' });
    expect(resolve('atletico')).toEqual({ kind: 'direct' });
    // One match, not two teams; a word that only the competition explains.
    expect(resolve('flamengo x palmeiras')).toEqual({ kind: 'direct' });
    expect(resolve('flamengo brasileirao')).toEqual({ kind: 'direct' });
  });

  it('a filter that names no known match waits (Pushpin asks again)', () => {
    expect(resolve('sampaio correa')).toEqual({ kind: 'waiting' });
    expect(resolve('flamengo', 'la liga')).toEqual({ kind: 'waiting' });
  });

  it('more channels than a stream may hold: left to Placar', () => {
    const many = Array.from({ length: MAX_STREAM_CHANNELS + 1 }, (_, index) =>
      fixture(`copa-${index}/a-x-b`, `Time ${index}`, `Rival ${index}`, {
        name: `Copa Regional ${index}`,
        slug: `copa-${index}`,
      }),
    );
    expect(resolveSubscription({ team: null, competition: 'copa regional' }, () => prepareKnownMatches(many))).toEqual({
      kind: 'direct',
    });
  });

  it('over every known match: on one of the channels exactly when the filter keeps it, never on two', () => {
    const snapshot = buildFilterSnapshot(known.matches);
    const filters: StreamFilter[] = [
      { team: 'flamengo', competition: null },
      { team: 'palmeiras', competition: null },
      { team: 'corinthians', competition: null },
      { team: null, competition: 'brasileirao' },
      { team: null, competition: 'premier league' },
      { team: 'real', competition: 'espanhol' },
      { team: 'inter', competition: null },
    ];
    let checked = 0;
    for (const filter of filters) {
      const subscription = resolveSubscription(filter, () => known);
      if (subscription.kind !== 'channels') continue;
      checked += 1;
      const team = filter.team === null ? null : findTeamMatchIds(snapshot, filter.team);
      const competition = filter.competition === null ? null : findCompetitionMatchIds(snapshot, filter.competition);
      for (const match of known.matches) {
        const kept = (team?.has(match.id) ?? true) && (competition?.has(match.id) ?? true);
        const on = channelsOfMatch(match).filter((channel) => subscription.channels.includes(channel)).length;
        expect(on, `${JSON.stringify(filter)} ${match.id}`).toBe(kept ? 1 : 0);
      }
    }
    expect(checked).toBe(filters.length - 1);
  });
});
