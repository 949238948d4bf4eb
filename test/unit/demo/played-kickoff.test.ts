/**
 * The kick-off the demo's page of a played match shows (src/demo/played-kickoff.ts): on a usual
 * slot, the same for the same seed and match, and on the demo's first day early enough for a match
 * over before the demo started.
 */
import { describe, expect, it } from 'vitest';
import { playedKickoffClock } from '../../../src/demo/played-kickoff.ts';

const KEYS = Array.from({ length: 40 }, (_, i) => `/liga/21-11-2026-time-${i}-x-outro-${i}.html`);
const minutes = (clock: string): number => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

describe('playedKickoffClock', () => {
  it('gives a clock on a usual slot, the same for the same seed and match', () => {
    const clocks = KEYS.map((key) => playedKickoffClock(1, key, '2026-11-20', null));
    for (const clock of clocks)
      expect(['11:00', '13:30', '16:00', '17:30', '18:30', '19:00', '20:00', '21:30']).toContain(clock);
    expect(KEYS.map((key) => playedKickoffClock(1, key, '2026-11-20', null))).toEqual(clocks);
    expect(new Set(clocks).size).toBeGreaterThan(1);
  });

  it("on the demo's first day, a match shown over kicked off a match's length before the start at the latest", () => {
    for (const startMinute of [15 * 60, 20 * 60 + 40, 23 * 60 + 59, 12 * 60, 60])
      for (const key of KEYS) {
        const clock = playedKickoffClock(1, key, '2026-11-21', { day: '2026-11-21', startMinute });
        expect(minutes(clock), `${key} at ${startMinute}`).toBeLessThanOrEqual(Math.max(0, startMinute - 115));
      }
    // Another day is not bound by the start.
    const other = KEYS.map((key) => playedKickoffClock(1, key, '2026-11-20', { day: '2026-11-21', startMinute: 60 }));
    expect(other).toEqual(KEYS.map((key) => playedKickoffClock(1, key, '2026-11-20', null)));
  });
});
