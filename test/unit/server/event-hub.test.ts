/** The event hub reads each build's feed once: a broken feed is logged and skipped, a bad entry ignored. */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createEventHub } from '../../../src/server/event-stream/event-hub.ts';
import { MAX_MEMOIZED_FILTERS } from '../../../src/server/event-stream/stream-filters.ts';
import { buildFeedSite, buildGoalEvents } from '../../../harness/event-sites.ts';

const T0 = Date.parse('2026-11-21T20:00:00-03:00');

describe('createEventHub().load', () => {
  it('takes the events of each new build; a broken feed is one log line and changes nothing', () => {
    const lines: string[] = [];
    const hub = createEventHub({ perIp: 0, max: 10, log: (line) => lines.push(line) });
    try {
      const events = buildGoalEvents(T0, 3);
      hub.load(buildFeedSite('b1', events));
      expect(hub.lastId()).toBe(events[2]?.id);
      const broken = buildFeedSite('b2', []);
      const entry = broken.routes.get('/api/eventos');
      if (entry) entry.identity = Buffer.from('{"events": [');
      hub.load(broken);
      expect(lines).toEqual([expect.stringMatching(/^aviso: o build b2 tem um \/api\/eventos ilegível/)]);
      expect(hub.lastId()).toBe(events[2]?.id);
    } finally {
      hub.close();
    }
  });

  it('ignores entries that are not events (validated once, at the edge)', () => {
    const hub = createEventHub({ perIp: 0, max: 10, log: () => undefined });
    try {
      const [good] = buildGoalEvents(T0, 1);
      const site = buildFeedSite('b1', []);
      const entry = site.routes.get('/api/eventos');
      if (entry)
        entry.identity = Buffer.from(
          JSON.stringify({ events: [good, null, { id: `${T0 + 5}-0000`, type: 'PENALTY' }] }),
        );
      hub.load(site);
      expect(hub.lastId()).toBe(good?.id);
    } finally {
      hub.close();
    }
  });
});

// Issue 27 L1: what clients can make the hub remember stays bounded, and a repeated filter is not new.
describe('stream filters', () => {
  const response = (): ServerResponse => new ServerResponse(new IncomingMessage(new Socket()));
  const query = (team: string | null, competition: string | null = null) => ({
    team,
    competition,
    since: '0000000000000-0000',
    onlyBuildNotices: false,
  });

  it(`memoizes at most ${MAX_MEMOIZED_FILTERS} distinct filters, and each stream still gets its own matches`, () => {
    const hub = createEventHub({ perIp: 0, max: 10_000, log: () => undefined });
    try {
      const events = buildGoalEvents(T0, 8);
      hub.load(buildFeedSite('b1', events));
      // A stream's bytes go to its socket: this one records them (and always has room for more).
      const flamengo = response();
      const written: string[] = [];
      const socket = new Socket();
      socket.write = ((chunk: string) => {
        written.push(String(chunk));
        return true;
      }) as Socket['write'];
      flamengo.assignSocket(socket);
      hub.attach(flamengo, '192.0.2.1', query('mengão'));
      for (let i = 0; i < 2_000; i += 1) {
        hub.attach(response(), `192.0.2.${(i % 200) + 2}`, query(`time numero ${i}`, i % 2 ? 'liga' : null));
        expect(hub.memoizedFilters()).toBeLessThanOrEqual(MAX_MEMOIZED_FILTERS);
      }
      expect(hub.memoizedFilters()).toBe(MAX_MEMOIZED_FILTERS);
      const flamengoIds = events.filter((event) => event.match.homeTeam.name === 'Flamengo').map((event) => event.id);
      expect(flamengoIds.length).toBeGreaterThan(0);
      expect(written.join('').match(/^id: .*$/gm)).toEqual(flamengoIds.map((id) => `id: ${id}`));
      // Long evicted from the memo: the stream kept its own answer for this build.
      hub.load(buildFeedSite('b2', [...events, ...buildGoalEvents(T0 + 100, 4)]));
      const more = buildGoalEvents(T0 + 100, 4).filter((event) => event.match.homeTeam.name === 'Flamengo');
      expect(written.join('').match(/^id: .*$/gm)).toEqual(
        [...flamengoIds, ...more.map((e) => e.id)].map((id) => `id: ${id}`),
      );
    } finally {
      hub.close();
    }
  });

  it('tells whether a query needs a filter it has not evaluated (spellings with one normal form are one)', () => {
    const hub = createEventHub({ perIp: 0, max: 10, log: () => undefined });
    try {
      hub.load(buildFeedSite('b1', buildGoalEvents(T0, 4)));
      expect(hub.needsNewFilter(query(null))).toBe(false);
      expect(hub.needsNewFilter(query('Mengão'))).toBe(true);
      hub.attach(response(), '192.0.2.1', query('Mengão'));
      expect(hub.needsNewFilter(query('  mengao '))).toBe(false);
      expect(hub.needsNewFilter(query('mengao', 'brasileirao'))).toBe(true);
      // A new build: answers depend on its events, so the memo starts over; the open stream's
      // filter is evaluated again by the hub itself (to send it the new events), no client's doing.
      hub.load(buildFeedSite('b2', buildGoalEvents(T0, 5)));
      expect(hub.needsNewFilter(query('mengao'))).toBe(false);
      expect(hub.needsNewFilter(query('palmeiras'))).toBe(true);
    } finally {
      hub.close();
    }
  });
});
