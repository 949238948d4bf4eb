/** What match pages add to the events: the scorer of a GOAL, and RED_CARD (src/lib/model/detail-events.ts). */
import { describe, expect, it } from 'vitest';
import type { Match, MatchDetail } from '../../../src/lib/model/model.ts';
import { advanceEventStore, type MatchPageSightings } from '../../../src/lib/store/scraped/event-store.ts';
import { readExpectedMatchDetail, readExpectedMatches } from '../../../harness/fixture-snapshot.ts';

const T0 = Date.parse('2026-11-21T20:00:00-03:00');
// The live sample's first match: Flamengo 2 x 1 Palmeiras, the match of the sample match page.
const [FLAMENGO] = readExpectedMatches('live') as [Match];
const DETAIL = readExpectedMatchDetail();

function scored(home: number, away: number): Match {
  return { ...FLAMENGO, score: { ...FLAMENGO.score, home, away } };
}

function read(detail: MatchDetail): MatchPageSightings {
  return { readNow: new Map([[FLAMENGO.id, detail]]), latest: new Map([[FLAMENGO.id, detail]]) };
}

function compareThen(before: Match, now: Match, sightings: MatchPageSightings, at = T0 + 60_000) {
  const first = advanceEventStore(null, [before], new Date(T0)).store;
  return advanceEventStore(first, [now], new Date(at), sightings);
}

describe('GOAL scorer', () => {
  it('names the goal the listing just counted, own goal and penalty included', () => {
    const { added } = compareThen(scored(1, 1), scored(2, 1), read(DETAIL));
    expect(added.map((event) => [event.type, event.team, event.scorer])).toEqual([
      ['GOAL', 'HOME', { player: 'Gustavo Gómez', minute: 45, injuryTime: 2, ownGoal: true, penalty: false }],
    ]);
  });

  it('names each goal of a jump by its number on its side, skipping cancelled goals', () => {
    const { added } = compareThen(scored(0, 0), scored(2, 1), read(DETAIL));
    expect(added.map((event) => `${event.team} ${event.scorer?.player} ${event.scorer?.minute}`)).toEqual([
      'HOME Pedro 23',
      'HOME Gustavo Gómez 45',
      'AWAY Raphael Veiga 40',
    ]);
    expect(added[2]?.scorer?.penalty).toBe(true);
  });

  it('is null when the page read does not hold that many goals, or no page was read this refresh', () => {
    const lagging = { ...DETAIL, goals: DETAIL.goals.filter((goal) => goal.player !== 'Gustavo Gómez') };
    expect(compareThen(scored(1, 1), scored(2, 1), read(lagging)).added.map((event) => event.scorer)).toEqual([null]);
    const heldOnly = { readNow: new Map(), latest: new Map([[FLAMENGO.id, DETAIL]]) };
    expect(compareThen(scored(1, 1), scored(2, 1), heldOnly).added.map((event) => event.scorer)).toEqual([null]);
  });

  it('other events carry no scorer', () => {
    const { added } = compareThen(scored(2, 1), { ...scored(2, 1), status: 'PAUSED' }, read(DETAIL));
    expect(added.map((event) => event.type)).toEqual(['HALF_TIME']);
    expect(added[0]).not.toHaveProperty('scorer');
  });
});

describe('RED_CARD', () => {
  const withoutReds: MatchDetail = { ...DETAIL, cards: DETAIL.cards.filter((card) => card.color !== 'RED') };

  it('the first page read is the baseline: red cards already shown raise nothing', () => {
    const { added, store } = compareThen(scored(2, 1), scored(2, 1), read(DETAIL));
    expect(added).toEqual([]);
    expect(advanceEventStore(store, [scored(2, 1)], new Date(T0 + 120_000), read(DETAIL)).added).toEqual([]);
  });

  it('a red card new on the page is one RED_CARD with the card, once', () => {
    const first = advanceEventStore(null, [scored(2, 1)], new Date(T0), read(withoutReds)).store;
    const { added, store } = advanceEventStore(first, [scored(2, 1)], new Date(T0 + 60_000), read(DETAIL));
    expect(added.map((event) => [event.type, event.team, event.card])).toEqual([
      ['RED_CARD', 'AWAY', { player: 'Richard Ríos', minute: 70, injuryTime: null, secondYellow: true }],
      ['RED_CARD', 'AWAY', { player: 'Murilo', minute: 80, injuryTime: null, secondYellow: false }],
    ]);
    expect(added[0]?.previous).toEqual({ status: FLAMENGO.status, score: scored(2, 1).score });
    expect(advanceEventStore(store, [scored(2, 1)], new Date(T0 + 120_000), read(DETAIL)).added).toEqual([]);
  });

  it('a page read in an earlier, incomplete refresh still raises its red card at the next comparison', () => {
    const first = advanceEventStore(null, [scored(2, 1)], new Date(T0), read(withoutReds)).store;
    const heldOnly = { readNow: new Map(), latest: new Map([[FLAMENGO.id, DETAIL]]) };
    const { added } = advanceEventStore(first, [scored(2, 1)], new Date(T0 + 60_000), heldOnly);
    expect(added.map((event) => event.type)).toEqual(['RED_CARD', 'RED_CARD']);
  });
});
