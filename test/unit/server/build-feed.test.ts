/**
 * /api/eventos is written one event per line, and a serving process reloading it parses only the lines of events it
 * does not keep yet; a feed in another layout is read whole, with the same result.
 */
import { describe, expect, it } from 'vitest';
import { serializeEventFeed } from '../../../src/lib/api/event-feed-body.ts';
import { TIMEZONE, type EventFeed, type MatchEvent } from '../../../src/lib/model/model.ts';
import { readKeptFeed, type KeptFeed } from '../../../src/server/event-stream/build-feed.ts';
import { buildFeedSite, buildGoalEvents } from '../../../harness/event-sites.ts';

const T0 = Date.parse('2026-11-21T20:00:00-03:00');
const NOTHING_KEPT: KeptFeed = { events: [], matches: new Map() };

function feedOf(events: MatchEvent[]): EventFeed {
  return { generatedAt: '2026-11-21T20:00:00-03:00', timezone: TIMEZONE, stale: false, count: events.length, events };
}

/** A build whose /api/eventos bytes are `body`. */
function siteWithBody(buildId: string, body: string) {
  const site = buildFeedSite(buildId, []);
  const entry = site.routes.get('/api/eventos');
  if (entry) entry.identity = Buffer.from(body);
  return site;
}

describe('serializeEventFeed', () => {
  it('is the feed as JSON, each event on a line of its own', () => {
    const feed = feedOf(buildGoalEvents(T0, 3));
    const body = serializeEventFeed(feed);
    expect(JSON.parse(body)).toEqual(feed);
    const lines = body.split('\n');
    expect(lines).toHaveLength(5);
    expect(lines.slice(1, 4).map((line) => JSON.parse(line.replace(/,$/, '')))).toEqual(feed.events);
    expect(serializeEventFeed(feedOf([]))).toBe(JSON.stringify(feedOf([])));
  });
});

describe('readKeptFeed', () => {
  it('reads the line layout and a compact feed alike, names beyond ASCII included', () => {
    const events = buildGoalEvents(T0, 4).map((event, index) =>
      index === 1
        ? {
            ...event,
            scorer: { player: 'Gonçalo Ñúñez 😀', minute: 75, injuryTime: null, ownGoal: false, penalty: false },
          }
        : event,
    );
    const feed = feedOf(events);
    const lines = readKeptFeed(siteWithBody('a', serializeEventFeed(feed)), NOTHING_KEPT);
    const whole = readKeptFeed(siteWithBody('b', JSON.stringify(feed)), NOTHING_KEPT);
    expect(lines?.events.map((event) => event.id)).toEqual(feed.events.map((event) => event.id));
    expect(lines).toEqual(whole);
    expect(lines?.events[1]?.wire).toContain('Gonçalo Ñúñez 😀');
  });

  it('reuses the events it keeps without parsing their lines, and parses the new ones', () => {
    const events = buildGoalEvents(T0, 3);
    const first = readKeptFeed(siteWithBody('a', serializeEventFeed(feedOf(events.slice(0, 2)))), NOTHING_KEPT);
    if (!first) throw new Error('no feed');
    const next = serializeEventFeed(feedOf(events)).split('\n');
    // The kept event's line no longer parses: only a reader that skips it gets the next feed whole.
    next[1] = `{"id":"${events[0]?.id}", not JSON any more,`;
    const second = readKeptFeed(siteWithBody('b', next.join('\n')), first);
    expect(second?.events.map((event) => event.id)).toEqual(events.map((event) => event.id));
    expect(second?.events[0]).toBe(first.events[0]);
    expect(second?.events[1]).toBe(first.events[1]);
    expect(second?.events[2]?.wire).toContain(`id: ${events[2]?.id}\n`);
  });

  it('leaves out a new line that is not an event, and throws when the head is not JSON', () => {
    const events = buildGoalEvents(T0, 3);
    const lines = serializeEventFeed(feedOf(events)).split('\n');
    lines[2] = '{"id":"1795000000000-0000","type":"PENALTY"},';
    const read = readKeptFeed(siteWithBody('a', lines.join('\n')), NOTHING_KEPT);
    expect(read?.events.map((event) => event.id)).toEqual([events[0]?.id, events[2]?.id]);
    lines[0] = `{"generatedAt":,${lines[0]?.slice(lines[0].indexOf('"timezone"'))}`;
    expect(() => readKeptFeed(siteWithBody('b', lines.join('\n')), NOTHING_KEPT)).toThrow(SyntaxError);
  });
});
