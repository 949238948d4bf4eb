/** The archive's window of past days and what its 404/400 problems say (pure). */
import { describe, expect, it } from 'vitest';
import { buildBadDayProblem, buildNotFoundProblem, buildUnknownDayProblem } from '../../../src/lib/api/problem.ts';
import {
  isCalendarDay,
  isKeptAfterListing,
  isKeptDay,
  lastListedDay,
  oldestKeptDay,
  shiftDay,
  yesterdayOf,
} from '../../../src/lib/model/archive-days.ts';

describe('archive days', () => {
  it('takes only real calendar days written AAAA-MM-DD', () => {
    for (const day of ['2026-11-20', '2028-02-29', '2026-12-31']) expect(isCalendarDay(day), day).toBe(true);
    for (const day of ['2026-02-30', '2026-13-01', '2026-1-01', '20261120', 'ontem', '2026-11-20 ', '', '2027-02-29'])
      expect(isCalendarDay(day), day).toBe(false);
  });

  it('moves days across months and years', () => {
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(yesterdayOf('2026-11-22')).toBe('2026-11-21');
  });

  it('keeps yesterday and the ARCHIVE_DAYS days before it, never today', () => {
    const today = '2026-11-25';
    expect(oldestKeptDay(today, 3)).toBe('2026-11-21');
    expect(isKeptDay('2026-11-25', today, 3), 'today').toBe(false);
    expect(isKeptDay('2026-11-24', today, 3), 'yesterday').toBe(true);
    expect(isKeptDay('2026-11-21', today, 3), 'three days after it left /ontem').toBe(true);
    expect(isKeptDay('2026-11-20', today, 3), 'one more').toBe(false);
    expect(isKeptDay('2026-10-27', '2026-11-27', 30)).toBe(true);
    expect(isKeptDay('2026-10-26', '2026-11-27', 30)).toBe(false);
  });
});

describe('the archive’s problems', () => {
  it('says how long Placar keeps matches and days, and which days it has', () => {
    const match = buildNotFoundProblem('/api/jogo/a/20-11-2026-a-x-b', 7);
    expect(match).toMatchObject({ status: 404, title: 'Partida não encontrada' });
    expect(match.detail).toContain('por 7 dias');
    const day = buildUnknownDayProblem('/api/dia/2020-01-01', 30, ['2026-11-26', '2026-11-20']);
    expect(day).toMatchObject({ status: 404, title: 'Dia não encontrado', instance: '/api/dia/2020-01-01' });
    expect(day.detail).toContain('por 30 dias');
    expect(day.detail).toContain('de 2026-11-20 a 2026-11-26');
    expect(buildUnknownDayProblem('/api/dia/2020-01-01', 30, []).detail).toContain('Nenhum dia está guardado');
    expect(buildBadDayProblem('/api/dia/ontem')).toMatchObject({ status: 400, title: 'Data inválida' });
  });

  // Issue 48 §3: a finished match is kept from the last day a listing showed it, whichever list that was.
  it('keeps a match ARCHIVE_DAYS from the last day a listing showed it, as long as a day its yesterday listing last showed', () => {
    expect(lastListedDay('2026-11-21', '2026-11-21'), 'today’s list dropped it').toBe('2026-11-21');
    expect(lastListedDay('2026-11-20', '2026-11-22'), 'the yesterday listing held it until midnight').toBe(
      '2026-11-21',
    );
    for (const today of ['2026-11-21', '2026-11-24'])
      expect(isKeptAfterListing('2026-11-21', today, 3), today).toBe(true);
    expect(isKeptAfterListing('2026-11-21', '2026-11-25', 3)).toBe(false);
    // A day's matches, archived the day they left the yesterday listing, go with the day.
    const lastListed = lastListedDay('2026-11-20', '2026-11-22');
    for (const today of ['2026-11-22', '2026-11-24', '2026-11-25'])
      expect(isKeptAfterListing(lastListed, today, 3), today).toBe(isKeptDay('2026-11-20', today, 3));
  });
});
