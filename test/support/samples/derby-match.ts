/**
 * One match (Vasco da Gama x Flamengo, Brasileirão, 21/11/2026 at 21:30) in any state, for the unit
 * tests of match changes and of the alerts made from them. In play it is at the 67th minute.
 */
import type { Match, Score, Status } from '../../../src/lib/model/model.ts';

export function buildDerby(
  status: Status,
  home: number | null,
  away: number | null,
  overrides: Partial<Match> & { penalties?: Score['penalties'] } = {},
): Match {
  const { penalties = null, ...rest } = overrides;
  const id = rest.id ?? '/vasco-da-gama-x-flamengo';
  return {
    id,
    url: `https://www.placardefutebol.com.br${id}`,
    competition: { name: 'Brasileirão Série A', slug: 'brasileirao-serie-a' },
    date: '2026-11-21',
    kickoff: '2026-11-21T21:30:00-03:00',
    status,
    statusLabel: status,
    minute: status === 'IN_PLAY' ? 67 : null,
    injuryTime: null,
    homeTeam: { name: 'Vasco da Gama', crest: null, crestSource: null, slug: null },
    awayTeam: { name: 'Flamengo', crest: null, crestSource: null, slug: null },
    score: { home, away, penalties },
    ...rest,
  };
}
