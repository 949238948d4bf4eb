/**
 * The GRIP channels of the event stream: names from canonical keys, the channels of an event,
 * the previous id on each (what the refresher publishes and a server holds), filter channels.
 */
import { describe, expect, it } from 'vitest';
import {
  ALL_EVENTS_CHANNEL,
  NO_PREVIOUS_ID,
  chainChannels,
  channelKeyOf,
  channelName,
  channelsOfMatch,
  filterChannelName,
  isMatchOnChannel,
  parseChannelName,
  parseFilterChannelName,
} from '../../../src/lib/api/event-channels.ts';
import type { Match } from '../../../src/lib/model/model.ts';
import { buildGoalEvents } from '../../../harness/event-sites.ts';
import { readExpectedMatches } from '../../../harness/fixture-snapshot.ts';

const live = readExpectedMatches('live');
const flamengo = live.find((match) => match.homeTeam.name === 'Flamengo') as Match;

describe('channel names', () => {
  it('fold a name to a key: accents, case and punctuation, never an empty key', () => {
    expect(channelKeyOf('Atlético-MG')).toBe('atletico-mg');
    expect(channelKeyOf('  São Paulo ')).toBe('sao-paulo');
    expect(channelKeyOf('Corinthians Sub-20')).toBe('corinthians-sub-20');
    expect(channelKeyOf('—')).toBeNull();
  });

  it('name every key and read the name back; anything else is not a channel of ours', () => {
    const keys = [
      { competition: null, team: null },
      { competition: 'brasileirao-serie-a', team: null },
      { competition: null, team: 'flamengo' },
      { competition: 'brasileirao-serie-a', team: 'flamengo' },
    ];
    expect(keys.map(channelName)).toEqual([
      ALL_EVENTS_CHANNEL,
      'c.brasileirao-serie-a',
      't.flamengo',
      'c.brasileirao-serie-a.t.flamengo',
    ]);
    for (const key of keys) expect(parseChannelName(channelName(key))).toEqual(key);
    for (const other of ['', 'c', 't.', 'x.flamengo', 't.flamengo.c.serie-a', 'c.a.c.b', 't.Flamengo', 'c.a..t.b']) {
      expect(parseChannelName(other), other).toBeNull();
    }
  });

  it('put an event on every key its match answers to, each once', () => {
    const channels = channelsOfMatch(flamengo);
    expect(channels).toEqual([
      'todos',
      't.flamengo',
      't.palmeiras',
      'c.brasileirao-serie-a',
      'c.brasileirao-serie-a.t.flamengo',
      'c.brasileirao-serie-a.t.palmeiras',
    ]);
    for (const channel of channels) {
      const key = parseChannelName(channel);
      expect(key && isMatchOnChannel(flamengo, key), channel).toBe(true);
    }
    expect(isMatchOnChannel(flamengo, { competition: 'campeonato-espanhol', team: null })).toBe(false);
    expect(isMatchOnChannel(flamengo, { competition: 'brasileirao-serie-a', team: 'santos' })).toBe(false);
  });

  it('chain each channel: an event’s previous id is the one before it on that channel', () => {
    const events = buildGoalEvents(Date.parse('2026-11-21T20:00:00-03:00'), 5);
    const { items, lastIds } = chainChannels(events);
    const onFlamengo = items.flat().filter((item) => item.channel === 't.flamengo');
    const flamengoIds = events.filter((event) => event.match.homeTeam.name === 'Flamengo').map((event) => event.id);
    expect(onFlamengo.map((item) => item.id)).toEqual(flamengoIds);
    expect(onFlamengo.map((item) => item.prevId)).toEqual([NO_PREVIOUS_ID, ...flamengoIds.slice(0, -1)]);
    const all = items.flat().filter((item) => item.channel === ALL_EVENTS_CHANNEL);
    expect(all.map((item) => item.prevId)).toEqual([NO_PREVIOUS_ID, ...events.slice(0, -1).map((event) => event.id)]);
    expect(lastIds.get(ALL_EVENTS_CHANNEL)).toBe(events.at(-1)?.id);
    expect(lastIds.get('t.flamengo')).toBe(flamengoIds.at(-1));
  });

  it('carry a waiting filter in its channel name, read back as it was', () => {
    const name = filterChannelName({ team: 'São Paulo; x=1, "y"', competition: null });
    expect(name).toMatch(/^f\.[A-Za-z0-9_-]+$/);
    expect(parseFilterChannelName(name)).toEqual({ team: 'São Paulo; x=1, "y"', competition: null });
    expect(parseChannelName(name)).toBeNull();
    for (const other of ['f.', 'f.!!', `f.${Buffer.from('[1]').toString('base64url')}`, 't.flamengo']) {
      expect(parseFilterChannelName(other), other).toBeNull();
    }
  });
});
