import { describe, expect, it } from 'vitest';
import {
  buildDayText,
  buildGoalAnnouncements,
  buildKickoffText,
  buildLastUpdateText,
  buildScoreText,
  buildStaleNotice,
  buildStatusBadge,
  buildWinner,
  groupByCompetition,
} from '../../../src/lib/display/match-display.ts';
import type { Match } from '../../../src/lib/model/model.ts';
import { buildSampleMatch } from '../../support/samples/sample-match.ts';

/** The sample's match, its kickoff not seen (as a listing first met in play). */
const buildMatch = (overrides: Partial<Match> = {}): Match => buildSampleMatch({ kickoff: null, ...overrides });

const TODAY = '2026-11-21';

describe('status badge (pt-BR)', () => {
  it.each([
    [{ status: 'IN_PLAY', minute: 67, injuryTime: null }, "67'", 'live'],
    [{ status: 'IN_PLAY', minute: 45, injuryTime: 2 }, "45+2'", 'live'],
    [{ status: 'IN_PLAY', minute: null, injuryTime: null, statusLabel: 'AO VIVO' }, 'Ao vivo', 'live'],
    [{ status: 'PAUSED', minute: null }, 'Intervalo', 'break'],
    [{ status: 'FINISHED', minute: null }, 'Encerrado', 'finished'],
    [{ status: 'POSTPONED', minute: null }, 'Adiado', 'off'],
    [{ status: 'SUSPENDED', minute: null }, 'Suspenso', 'off'],
    [{ status: 'CANCELLED', minute: null }, 'Cancelado', 'off'],
    [{ status: 'UNKNOWN', minute: null, statusLabel: 'W.O.' }, 'W.O.', 'unknown'],
    [{ status: 'UNKNOWN', minute: null, statusLabel: '' }, '—', 'unknown'],
  ] as const)('%o → %s', (overrides, text, tone) => {
    expect(buildStatusBadge(buildMatch(overrides), TODAY)).toEqual({ text, tone });
  });

  it('shows the day of a scheduled match relative to the data day', () => {
    const scheduled = (date: string): Match =>
      buildMatch({
        status: 'SCHEDULED',
        date,
        minute: null,
        kickoff: `${date}T21:30:00-03:00`,
        score: { home: null, away: null, penalties: null },
      });
    expect(buildStatusBadge(scheduled('2026-11-21'), TODAY)).toEqual({ text: 'Hoje', tone: 'scheduled' });
    expect(buildStatusBadge(scheduled('2026-11-22'), TODAY).text).toBe('Amanhã');
    expect(buildStatusBadge(scheduled('2026-11-25'), TODAY).text).toBe('25/11');
    expect(buildStatusBadge(scheduled('2026-11-21'), null).text).toBe('21/11');
  });

  it('crosses month and year ends when finding tomorrow', () => {
    expect(buildDayText('2027-01-01', '2026-12-31')).toBe('Amanhã');
    expect(buildDayText('2026-03-01', '2026-02-28')).toBe('Amanhã');
  });
});

describe('score text', () => {
  it('writes goals as "2 x 1"', () => {
    expect(buildScoreText(buildMatch())).toBe('2 x 1');
  });

  it('puts penalties after the goals, named and in the same order: "1 x 1 (4 x 5 pên.)"', () => {
    expect(buildScoreText(buildMatch({ score: { home: 1, away: 1, penalties: { home: 4, away: 5 } } }))).toBe(
      '1 x 1 (4 x 5 pên.)',
    );
  });

  it('names the winner of a finished match only, by goals and then by penalties', () => {
    const finished = (home: number, away: number, penalties: { home: number; away: number } | null = null): Match =>
      buildMatch({ status: 'FINISHED', score: { home, away, penalties } });
    expect(buildWinner(finished(2, 1))).toBe('home');
    expect(buildWinner(finished(0, 3))).toBe('away');
    expect(buildWinner(finished(1, 1))).toBeNull();
    expect(buildWinner(finished(1, 1, { home: 4, away: 5 }))).toBe('away');
    expect(buildWinner(buildMatch({ status: 'IN_PLAY' }))).toBeNull();
  });

  it('shows the kickoff time before the match starts, never a made-up 0 x 0', () => {
    const notStarted = buildMatch({
      status: 'SCHEDULED',
      kickoff: '2026-11-21T21:30:00-03:00',
      score: { home: null, away: null, penalties: null },
    });
    expect(buildScoreText(notStarted)).toBe('21:30');
    expect(buildScoreText({ ...notStarted, kickoff: null })).toBe('x');
  });

  it('reads the kickoff time as written (São Paulo time)', () => {
    expect(buildKickoffText('2026-11-22T09:05:00-03:00')).toBe('09:05');
    expect(buildKickoffText(null)).toBeNull();
  });
});

describe('grouping by competition', () => {
  it('keeps the upstream order of competitions and of matches inside each', () => {
    const a1 = buildMatch({ id: 'a/1', competition: { name: 'A', slug: 'a' } });
    const b1 = buildMatch({ id: 'b/1', competition: { name: 'B', slug: 'b' } });
    const a2 = buildMatch({ id: 'a/2', competition: { name: 'A', slug: 'a' } });
    const groups = groupByCompetition([a1, b1, a2]);
    expect(groups.map((g) => [g.name, g.matches.map((m) => m.id)])).toEqual([
      ['A', ['a/1', 'a/2']],
      ['B', ['b/1']],
    ]);
  });

  it('returns no group for no match', () => {
    expect(groupByCompetition([])).toEqual([]);
  });
});

describe('goal announcements', () => {
  const previous = new Map([['brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras', { home: 1, away: 1 }]]);

  it('announces a goal with the new score', () => {
    expect(buildGoalAnnouncements(previous, [buildMatch()])).toEqual(['Gol! Flamengo 2 x 1 Palmeiras']);
  });

  it('says nothing when the score did not go up or the match is new', () => {
    expect(buildGoalAnnouncements(previous, [buildMatch({ score: { home: 1, away: 1, penalties: null } })])).toEqual(
      [],
    );
    expect(buildGoalAnnouncements(new Map(), [buildMatch()])).toEqual([]);
  });

  it('treats a kick-off (no score → 0 x 0) as no goal', () => {
    const before = new Map([['brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras', { home: null, away: null }]]);
    expect(buildGoalAnnouncements(before, [buildMatch({ score: { home: 0, away: 0, penalties: null } })])).toEqual([]);
    expect(buildGoalAnnouncements(before, [buildMatch({ score: { home: 0, away: 1, penalties: null } })])).toHaveLength(
      1,
    );
  });
});

describe('last update and stale notice', () => {
  it('formats generatedAt as HH:MM:SS in São Paulo time', () => {
    expect(buildLastUpdateText('2026-11-21T19:41:05-03:00')).toBe('19:41:05');
    expect(buildLastUpdateText('2026-11-21T22:41:05Z')).toBe('19:41:05');
    expect(buildLastUpdateText(null)).toBe('—');
  });

  it('says nothing for fresh data', () => {
    expect(buildStaleNotice({ generatedAt: '2026-11-21T19:41:05-03:00', stale: false })).toBeNull();
  });

  it('says since when stale data was not updated', () => {
    expect(buildStaleNotice({ generatedAt: '2026-11-21T19:41:05-03:00', stale: true })).toBe(
      'Dados desatualizados: sem atualização desde 21/11 às 19:41:05. O placar mostrado pode estar antigo.',
    );
  });

  it('says the data is still being fetched when there never was any', () => {
    expect(buildStaleNotice({ generatedAt: null, stale: true })).toMatch(/^Ainda buscando os dados/);
  });
});
