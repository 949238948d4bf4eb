import { describe, expect, it } from 'vitest';
import { parseStatus } from '../../../src/upstream/parse-status.ts';

describe('parseStatus', () => {
  it.each([
    ['67 MIN', 'IN_PLAY', 67, null],
    ['67MIN', 'IN_PLAY', 67, null],
    ["67'", 'IN_PLAY', 67, null],
    ['88’', 'IN_PLAY', 88, null],
    ["45+2'", 'IN_PLAY', 45, 2],
    ["90 + 4'", 'IN_PLAY', 90, 4],
    ['45+2 MIN', 'IN_PLAY', 45, 2],
    ["0'", 'IN_PLAY', 0, null],
    ['120 min', 'IN_PLAY', 120, null],
  ])('%s → %s, minute %s, injury %s', (label, status, minute, injuryTime) => {
    expect(parseStatus(label)).toEqual({ status, minute, injuryTime, kickoffTime: null });
  });

  it.each([
    ['AO VIVO', 'IN_PLAY'],
    ['INTERVALO', 'PAUSED'],
    ['ENCERRADO', 'FINISHED'],
    ['FIM DE JOGO', 'FINISHED'],
    ['FINALIZADO', 'FINISHED'],
    ['ADIADO', 'POSTPONED'],
    ['SUSPENSO', 'SUSPENDED'],
    ['CANCELADO', 'CANCELLED'],
    ['  fim   de\n jogo ', 'FINISHED'],
    ['Intervalo', 'PAUSED'],
  ])('%j → %s with no minute or kickoff', (label, status) => {
    expect(parseStatus(label)).toEqual({ status, minute: null, injuryTime: null, kickoffTime: null });
  });

  it.each([
    ['HOJE 21:30', '21:30'],
    ['AMANHÃ 16:00', '16:00'],
    ['AMANHA 16:00', '16:00'],
    ['amanhã 9:05', '09:05'],
    ['21:30', '21:30'],
    ['21h30', '21:30'],
    ['HOJE\n  00:00', '00:00'],
  ])('%j → SCHEDULED at %s', (label, kickoffTime) => {
    expect(parseStatus(label)).toEqual({ status: 'SCHEDULED', minute: null, injuryTime: null, kickoffTime });
  });

  it.each([
    '',
    'PRORROGAÇÃO',
    'PÊNALTIS',
    'A DEFINIR',
    'W.O.',
    'ONTEM 21:30',
    'HOJE 25:00',
    '21:75',
    "1000'",
    'MIN',
    "45+'",
    'AO VIVO AGORA',
  ])('%j → UNKNOWN, never guessed', (label) => {
    expect(parseStatus(label)).toEqual({ status: 'UNKNOWN', minute: null, injuryTime: null, kickoffTime: null });
  });
});
