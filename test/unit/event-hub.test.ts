/** The event hub reads each build's feed once: a broken feed is logged and skipped, a bad entry ignored. */
import { describe, expect, it } from 'vitest';
import { createEventHub } from '../../src/server/event-hub.ts';
import { buildFeedSite, buildGoalEvents } from '../support/event-sites.ts';

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
