/**
 * The sample match page's match (Flamengo x Palmeiras, Brasileirão, 21/11/2026 at 21:30), in play
 * at the 67th minute, 2 x 1: the row the display and match-page tests start from.
 */
import type { Match } from '../../../src/lib/model/model.ts';

export const SAMPLE_MATCH_ID = 'brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras';

export function buildSampleMatch(overrides: Partial<Match> = {}): Match {
  return {
    id: SAMPLE_MATCH_ID,
    url: `https://www.placardefutebol.com.br/${SAMPLE_MATCH_ID}.html`,
    competition: { name: 'Brasileirão Série A', slug: 'brasileirao-serie-a' },
    date: '2026-11-21',
    kickoff: '2026-11-21T21:30:00-03:00',
    status: 'IN_PLAY',
    statusLabel: '67 MIN',
    minute: 67,
    injuryTime: null,
    homeTeam: { name: 'Flamengo', crest: null, crestSource: null, slug: null },
    awayTeam: { name: 'Palmeiras', crest: null, crestSource: null, slug: null },
    score: { home: 2, away: 1, penalties: null },
    ...overrides,
  };
}
