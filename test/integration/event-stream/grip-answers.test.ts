/**
 * Placar's answers to Pushpin, over real HTTP on loopback, from an event hub loaded with feed
 * builds: a new stream's opening and GRIP instruction, Pushpin's resumes (Grip-Last), a waiting
 * filter, and the rule that holds publisher and servers together — the prev-id a server gives
 * a channel is the previous id the refresher publishes with the channel's next event.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUILD_NOTICE_CHANNEL,
  NO_PREVIOUS_ID,
  chainChannels,
  filterChannelName,
} from '../../../src/lib/api/event-channels.ts';
import { parseEventStreamQuery } from '../../../src/lib/api/event-stream-query.ts';
import type { Match, MatchEvent } from '../../../src/lib/model/model.ts';
import { createEventHub, formatEventWire, type EventHub } from '../../../src/server/event-stream/event-hub.ts';
import { GRIP_RECHECK_SECONDS, answerThroughPushpin } from '../../../src/server/event-stream/grip-stream.ts';
import { buildFeedSite, buildGoalEvents } from '../../../harness/event-sites.ts';

const T0 = Date.parse('2026-11-21T20:00:00-03:00');
const STREAM = '/api/eventos/stream';
let hub: EventHub;
let server: http.Server;
let baseUrl: string;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The channels of match events (name → prev-id); the build notices' is in `notices`. */
  channels: Map<string, string>;
  /** Whether the answer holds the build notices' channel (always without prev-id). */
  notices: boolean;
  body: string;
}

/** One request as Pushpin makes it (Grip-Last once per channel); status 299 when Placar keeps it direct. */
function ask(query: string, gripLast: string[] = [], headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(STREAM + query, baseUrl);
    const request = http.get(url, { headers: { ...headers, ...(gripLast.length > 0 && { 'Grip-Last': gripLast }) } });
    request.once('error', reject);
    request.once('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.once('end', () => {
        const values = [response.headers['grip-channel'] ?? []].flat().flatMap((value) => value.split(', '));
        const channels = new Map(
          values
            .filter((value) => value !== BUILD_NOTICE_CHANNEL)
            .map((value) => {
              const [name = '', prevId = ''] = value.split('; prev-id=');
              return [name, prevId];
            }),
        );
        const notices = values.includes(BUILD_NOTICE_CHANNEL);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, channels, notices, body });
      });
    });
  });
}

const wires = (events: readonly MatchEvent[]): string => events.map(formatEventWire).join('');

function eventOf(id: string, match: Match): MatchEvent {
  return { id, type: 'KICK_OFF', at: '2026-11-21T20:00:00-03:00', match };
}

beforeAll(async () => {
  hub = createEventHub({ perIp: 0, max: 10, log: () => undefined });
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://placar.invalid');
    const parsed = parseEventStreamQuery(url.search, req.headers['last-event-id'] as string | undefined, STREAM);
    if (!parsed.ok || answerThroughPushpin(req, res, hub.view(), parsed.query) === 'direct') {
      res.writeHead(299);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  hub.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('answers to Pushpin', () => {
  const events = buildGoalEvents(T0, 16);
  const flamengo = events.filter((event) => event.match.homeTeam.name === 'Flamengo');
  const chained = chainChannels(events);
  // Each part of a case below is about several of them.
  expect(flamengo.length).toBe(4);

  it('a new stream: its opening, then Grip-Hold on its channel where the channel is, a recheck link, the keep-alive', async () => {
    hub.load(buildFeedSite('b1', events));
    const all = await ask('');
    expect(all.status).toBe(200);
    expect(all.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(all.headers['grip-hold']).toBe('stream');
    expect(all.channels).toEqual(new Map([['todos', events.at(-1)?.id]]));
    expect(all.headers['grip-link']).toBe(`<${STREAM}>; rel=next; timeout=${GRIP_RECHECK_SECONDS}`);
    expect(all.headers['grip-keep-alive']).toBe(': ping\\n\\n; format=cstring; timeout=15');
    expect(all.body).toBe('retry: 3000\n\n');

    const since = flamengo[0]?.id ?? '';
    const team = await ask(`?time=meng%C3%A3o&desde=${since}`);
    expect(team.channels).toEqual(new Map([['t.flamengo', flamengo.at(-1)?.id]]));
    expect(team.headers['grip-link']).toBe(`<${STREAM}?time=meng%C3%A3o>; rel=next; timeout=${GRIP_RECHECK_SECONDS}`);
    expect(team.body).toBe(`retry: 3000\n\n${wires(flamengo.slice(1))}`);
  });

  it('the prev-id of a channel is the previous id its next event is published with', async () => {
    const next = buildGoalEvents(T0 + 1_000, 16);
    const all = [...events, ...next];
    const published = chainChannels(all).items.slice(events.length).flat();
    for (const query of ['', '?time=flamengo', '?competicao=espanhol', '?time=real&competicao=liga']) {
      const answer = await ask(query);
      expect(answer.channels.size, query).toBe(1);
      for (const [channel, prevId] of answer.channels) {
        const first = published.find((item) => item.channel === channel);
        expect(first?.prevId, `${query} ${channel}`).toBe(prevId);
      }
    }
    expect(chained.lastIds.size).toBeGreaterThan(4);
  });

  it('a resume (Grip-Last): each channel’s events after its last id, once, and the new prev-ids', async () => {
    const from = flamengo[1]?.id ?? '';
    const resumed = await ask('?time=flamengo', [`t.flamengo; last-id=${from}`]);
    expect(resumed.body).toBe(wires(flamengo.slice(2)));
    expect(resumed.channels).toEqual(new Map([['t.flamengo', flamengo.at(-1)?.id]]));
    // Two channels never share an event here; the body still has each event once, in id order.
    const two = await ask('', [`t.flamengo; last-id=${from}`, `c.campeonato-espanhol; last-id=${NO_PREVIOUS_ID}`]);
    const expected = events.filter(
      (event) =>
        (event.match.homeTeam.name === 'Flamengo' && event.id > from) ||
        event.match.competition.slug === 'campeonato-espanhol',
    );
    expect(two.body).toBe(wires(expected));
    // A server that has not loaded what Pushpin has seen answers nothing and never moves a channel back.
    const ahead = `${T0 + 9_999_999}-0000`;
    const stale = await ask('', [`todos; last-id=${ahead}`]);
    expect(stale.body).toBe('');
    expect(stale.channels).toEqual(new Map([['todos', ahead]]));
  });

  it('a filter that names nothing known waits on its channel, then takes the team’s channel once it plays', async () => {
    const waiting = await ask('?time=sampaio%20correa');
    const channel = filterChannelName({ team: 'sampaio correa', competition: null });
    expect(waiting.channels).toEqual(new Map([[channel, events.at(-1)?.id]]));
    expect(waiting.body).toBe('retry: 3000\n\n');

    const template = events[0]?.match as Match;
    const sampaio: Match = {
      ...template,
      id: 'serie-c/sampaio-x-ypiranga',
      homeTeam: { name: 'Sampaio Corrêa', crest: null, crestSource: null, slug: null },
    };
    const kickOff = eventOf(`${T0 + 20_000}-0000`, sampaio);
    hub.load(buildFeedSite('b2', [...events, kickOff]));
    const upgraded = await ask('?time=sampaio%20correa', [`${channel}; last-id=${events.at(-1)?.id}`]);
    expect(upgraded.body).toBe(wires([kickOff]));
    expect(upgraded.channels).toEqual(new Map([['t.sampaio-correa', kickOff.id]]));
  });

  it('a filter no set of channels can say is left to Placar; a resume of a waiting one stays with Pushpin', async () => {
    expect((await ask('?time=flamengo%20x%20palmeiras')).status).toBe(299);
    const channel = filterChannelName({ team: 'flamengo x palmeiras', competition: null });
    const resumed = await ask('', [`${channel}; last-id=${flamengo[2]?.id}`]);
    expect(resumed.status).toBe(200);
    expect(resumed.channels).toEqual(new Map([[channel, flamengo.at(-1)?.id]]));
    expect(resumed.body).toBe(wires(flamengo.slice(3)));
  });

  it('Grip-Last that is not ours (unknown channel, bad id) is ignored: a new stream of the link’s filter', async () => {
    const answer = await ask('?time=flamengo', ['x.y; last-id=1', 't.flamengo; last-id=ontem']);
    expect(answer.channels).toEqual(new Map([['t.flamengo', flamengo.at(-1)?.id]]));
    expect(answer.body).toBe('retry: 3000\n\n');
  });

  it('every held stream also holds the build notices’ channel (no prev-id); apenas=build holds it alone', async () => {
    const answers = [
      await ask(''),
      await ask('?time=flamengo'),
      await ask('?time=sampaio%20correa%20fc'),
      await ask('?time=flamengo', [`t.flamengo; last-id=${flamengo[1]?.id}`]),
    ];
    expect(answers.map((answer) => [answer.status, answer.notices])).toEqual(answers.map(() => [200, true]));
    const notices = await ask('?apenas=build');
    expect(notices.status).toBe(200);
    expect(notices.headers['grip-channel']).toBe(BUILD_NOTICE_CHANNEL);
    expect(notices.headers['grip-link']).toBe(`<${STREAM}?apenas=build>; rel=next; timeout=${GRIP_RECHECK_SECONDS}`);
    expect(notices.body).toBe('retry: 3000\n\n');
    // Pushpin asking again (no Grip-Last: the notices have no id) gets the same.
    expect((await ask('?apenas=build')).headers['grip-channel']).toBe(BUILD_NOTICE_CHANNEL);
  });
});
