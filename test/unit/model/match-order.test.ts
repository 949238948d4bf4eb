/**
 * The one order of a day's matches (src/lib/model/match-order.ts): within a competition, a match
 * that has started never below one still to start, kick-offs in order where both are known, the
 * upstream's order where nothing tells two matches apart; competitions in the upstream's order.
 */
import { describe, expect, it } from 'vitest';
import { hasKickedOff, inMatchOrder, inPlayOrder } from '../../../src/lib/model/match-order.ts';
import type { Match, Status } from '../../../src/lib/model/model.ts';
import { buildSampleMatch } from '../../support/samples/sample-match.ts';

const at = (clock: string): string => `2026-11-21T${clock}:00-03:00`;

const NOT_PLAYED: readonly Status[] = ['SCHEDULED', 'POSTPONED', 'CANCELLED', 'UNKNOWN'];

/** A match of `competition`; goals only once played (the sample's 2 x 1). */
const match = (name: string, status: Status, kickoff: string | null, competition = 'copa-do-brasil'): Match =>
  buildSampleMatch({
    id: `${competition}/21-11-2026-${name}`,
    competition: { name: competition, slug: competition },
    status,
    kickoff,
    ...(NOT_PLAYED.includes(status) ? { score: { home: null, away: null, penalties: null } } : {}),
  });

const names = (matches: readonly Match[]): string[] => matches.map((m) => m.id.split('-2026-')[1] ?? m.id);

/** A day with every status, in an upstream order that tells nothing. */
const DAY: Match[] = [
  match('postponed-2130', 'POSTPONED', at('21:30')),
  match('finished-unknown', 'FINISHED', null),
  match('other-scheduled', 'SCHEDULED', at('20:00'), 'serie-b'),
  match('scheduled-1600', 'SCHEDULED', at('16:00')),
  match('postponed-unknown', 'POSTPONED', null),
  match('live-unknown', 'IN_PLAY', null),
  match('other-live', 'IN_PLAY', null, 'serie-b'),
  match('live-1900', 'IN_PLAY', at('19:00')),
  match('scheduled-1100', 'SCHEDULED', at('11:00')),
  match('suspended-unknown', 'SUSPENDED', null),
  match('cancelled-unknown', 'CANCELLED', null),
  match('paused-1700', 'PAUSED', at('17:00')),
  match('finished-1400', 'FINISHED', at('14:00')),
  // A status word not known yet, with goals: under way.
  { ...match('unknown-with-goals', 'UNKNOWN', null), score: { home: 1, away: 1, penalties: null } },
  match('unknown-no-goals', 'UNKNOWN', null),
];

describe('inMatchOrder', () => {
  it('puts every started match above every match to start, each part by known kick-off, unknown ones in their upstream place', () => {
    expect(names(inMatchOrder(DAY))).toEqual([
      // Started, upstream order [finished-unknown, live-unknown, live-1900, suspended-unknown, paused-1700,
      // finished-1400]: the three known kick-offs sorted into the places known ones held.
      'finished-unknown',
      'live-unknown',
      'finished-1400',
      'suspended-unknown',
      'paused-1700',
      'live-1900',
      'unknown-with-goals',
      // To start: postponed with a known kick-off among the scheduled ones, unknown ones where they were.
      'scheduled-1100',
      'scheduled-1600',
      'postponed-unknown',
      'postponed-2130',
      'cancelled-unknown',
      'unknown-no-goals',
      // The second competition after the first, as the upstream lists them.
      'other-live',
      'other-scheduled',
    ]);
  });

  it('holds the rule for every pair, whatever the upstream order', () => {
    for (const shift of [0, 3, 7]) {
      const upstream = [...DAY.slice(shift), ...DAY.slice(0, shift)];
      const ordered = inMatchOrder(upstream);
      expect(new Set(ordered)).toEqual(new Set(upstream));
      for (const [i, earlier] of ordered.entries()) {
        for (const later of ordered.slice(i + 1)) {
          if (earlier.competition.slug !== later.competition.slug) continue;
          expect(hasKickedOff(later) && !hasKickedOff(earlier), names([earlier, later]).join(' > ')).toBe(false);
          if (hasKickedOff(earlier) !== hasKickedOff(later)) continue;
          if (earlier.kickoff === null || later.kickoff === null) continue;
          expect(Date.parse(earlier.kickoff), names([earlier, later]).join(' > ')).toBeLessThanOrEqual(
            Date.parse(later.kickoff),
          );
        }
      }
    }
  });

  it('compares instants, not texts, keeps equal kick-offs and an ordered listing as they are', () => {
    const ordered = [
      match('early', 'SCHEDULED', at('12:00')),
      match('later-utc', 'SCHEDULED', '2026-11-21T16:30:00+00:00'),
      match('same-a', 'SCHEDULED', at('14:00')),
      match('same-b', 'SCHEDULED', at('14:00')),
    ];
    expect(names(inMatchOrder([ordered[2], ordered[3], ordered[0], ordered[1]] as Match[]))).toEqual(names(ordered));
    expect(inMatchOrder(ordered)).toEqual(ordered);
  });
});

describe('inPlayOrder', () => {
  it('orders any items by the match each carries (search results), one group', () => {
    const items = DAY.filter((m) => m.competition.slug === 'serie-b').map((m) => ({ m }));
    expect(names(inPlayOrder(items, ({ m }) => m).map(({ m }) => m))).toEqual(['other-live', 'other-scheduled']);
  });
});
