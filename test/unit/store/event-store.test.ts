/** Event ids and the event store's one pure step (what a complete scrape adds, keeps and forgets). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_KEEP_MS, MATCH_EVENT_ID_PATTERN, MAX_KEPT_EVENTS, type Match } from '../../../src/lib/model/model.ts';
import { nextEventIds } from '../../../src/lib/store/scraped/event-ids.ts';
import {
  advanceEventStore,
  readEventStore,
  writeEventStoreAtomically,
  EventStoreFileError,
} from '../../../src/lib/store/scraped/event-store.ts';
import { readExpectedMatches } from '../../../harness/fixture-snapshot.ts';

const T0 = Date.parse('2026-11-21T20:00:00-03:00');
const [FLAMENGO, SAO_PAULO] = readExpectedMatches('live') as [Match, Match];

function scored(match: Match, home: number, away: number): Match {
  return { ...match, score: { ...match.score, home, away } };
}

describe('nextEventIds', () => {
  it('makes ids that match the model, sort as text and only grow', () => {
    const ids = nextEventIds(null, T0, 3);
    expect(ids).toEqual([`${T0}-0000`, `${T0}-0001`, `${T0}-0002`]);
    for (const id of ids) expect(id).toMatch(MATCH_EVENT_ID_PATTERN);
  });
  it('continues after the last id in the same millisecond, and when the clock went back', () => {
    expect(nextEventIds(`${T0}-0002`, T0, 1)).toEqual([`${T0}-0003`]);
    expect(nextEventIds(`${T0}-0002`, T0 - 60_000, 1)).toEqual([`${T0}-0003`]);
    expect(nextEventIds(`${T0}-0002`, T0 + 5, 1)).toEqual([`${T0 + 5}-0000`]);
  });
  it('moves to the next millisecond after 10,000 ids in one', () => {
    const ids = nextEventIds(`${T0}-9998`, T0, 3);
    expect(ids).toEqual([`${T0}-9999`, `${T0 + 1}-0000`, `${T0 + 1}-0001`]);
    expect([...ids].sort()).toEqual(ids);
  });
});

describe('advanceEventStore', () => {
  it('first run: the current matches are the baseline, no event', () => {
    const { store, added } = advanceEventStore(null, [FLAMENGO, SAO_PAULO], new Date(T0));
    expect(added).toEqual([]);
    expect(store.events).toEqual([]);
    expect(store.lastId).toBeNull();
    expect(store.known.map((entry) => entry.match.id)).toEqual([FLAMENGO.id, SAO_PAULO.id]);
  });

  it('events get ids, São Paulo time and the change; the baseline moves on', () => {
    const first = advanceEventStore(null, [FLAMENGO], new Date(T0)).store;
    const goal = scored(FLAMENGO, 3, 1);
    const { store, added } = advanceEventStore(first, [goal], new Date(T0 + 60_000));
    expect(added).toEqual([
      {
        id: `${T0 + 60_000}-0000`,
        type: 'GOAL',
        at: '2026-11-21T20:01:00-03:00',
        match: goal,
        team: 'HOME',
        previous: { status: 'IN_PLAY', score: FLAMENGO.score },
        // No match page read in this refresh: the scorer is not known.
        scorer: null,
      },
    ]);
    expect(store.lastId).toBe(`${T0 + 60_000}-0000`);
    // The same sighting again raises nothing (a restart repeats nothing).
    expect(advanceEventStore(store, [goal], new Date(T0 + 120_000)).added).toEqual([]);
  });

  it('a match that leaves the listings is no event; back with another score, it is', () => {
    const first = advanceEventStore(null, [FLAMENGO, SAO_PAULO], new Date(T0)).store;
    const gone = advanceEventStore(first, [SAO_PAULO], new Date(T0 + 60_000));
    expect(gone.added).toEqual([]);
    const back = advanceEventStore(gone.store, [scored(FLAMENGO, 2, 2), SAO_PAULO], new Date(T0 + 120_000));
    expect(back.added.map((event) => `${event.type}:${event.team}`)).toEqual(['GOAL:AWAY']);
  });

  it('keeps the last 24 hours, at most MAX_KEPT_EVENTS, and the last id even when its event expired', () => {
    let store = advanceEventStore(null, [FLAMENGO], new Date(T0)).store;
    store = advanceEventStore(store, [scored(FLAMENGO, 3, 1)], new Date(T0 + 1000)).store;
    const lastId = store.lastId;
    const later = advanceEventStore(store, [scored(FLAMENGO, 3, 1)], new Date(T0 + 1000 + EVENT_KEEP_MS + 1)).store;
    expect(later.events).toEqual([]);
    expect(later.lastId).toBe(lastId);
    const [goal] = store.events;
    if (!goal) throw new Error('no goal event');
    const events = Array.from({ length: MAX_KEPT_EVENTS }, (_, i) => ({
      ...goal,
      id: `${T0 + 1000}-${String(i).padStart(4, '0')}`,
    }));
    const big = { ...store, events, lastId: `${T0 + 1000}-4999` };
    const capped = advanceEventStore(big, [scored(FLAMENGO, 4, 1)], new Date(T0 + 2000));
    expect(capped.store.events).toHaveLength(MAX_KEPT_EVENTS);
    expect(capped.store.events.at(-1)).toEqual(capped.added[0]);
  });

  it('round-trips through DATA_DIR; a broken file is an EventStoreFileError, not a crash', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-event-store-'));
    try {
      expect(readEventStore(dir)).toBeNull();
      const first = advanceEventStore(null, [FLAMENGO], new Date(T0)).store;
      const { store } = advanceEventStore(first, [scored(FLAMENGO, 3, 1)], new Date(T0 + 1000));
      writeEventStoreAtomically(dir, store);
      expect(readEventStore(dir)).toEqual(store);
      fs.writeFileSync(path.join(dir, 'events.json'), '{"lastId": 3');
      expect(() => readEventStore(dir)).toThrow(EventStoreFileError);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
