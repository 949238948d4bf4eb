import { describe, expect, it } from 'vitest';
import {
  formatSaoPauloClock,
  formatSaoPauloIso,
  saoPauloDate,
  saoPauloKickoffIso,
} from '../../../src/lib/model/time.ts';

describe('São Paulo time', () => {
  const instant = new Date('2026-11-21T22:41:05.900Z');

  it('formats an instant as ISO 8601 with the -03:00 offset, whole seconds', () => {
    expect(formatSaoPauloIso(instant)).toBe('2026-11-21T19:41:05-03:00');
  });

  it('gives the local calendar day, which differs from UTC late at night', () => {
    expect(saoPauloDate(new Date('2026-11-22T02:30:00Z'))).toBe('2026-11-21');
  });

  it('formats the wall clock as 24 h HH:MM:SS', () => {
    expect(formatSaoPauloClock(new Date('2026-11-22T00:05:09Z'))).toBe('21:05:09');
  });

  it('builds a kickoff instant from a day and a local time', () => {
    expect(saoPauloKickoffIso('2026-11-21', '21:30')).toBe('2026-11-21T21:30:00-03:00');
  });
});
