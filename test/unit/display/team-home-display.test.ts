import { describe, expect, it } from 'vitest';
import {
  buildBroadcastsLine,
  buildMatchWhenText,
  buildStandingLiveText,
  buildStandingText,
  buildTeamResult,
  teamHomeLayoutKey,
  teamSide,
} from '../../../src/lib/display/team-home-display.ts';
import type { Match } from '../../../src/lib/model/model.ts';
import type { TeamHomeEnvelope, TeamStanding } from '../../../src/lib/model/team-home.ts';
import { buildSampleMatch } from '../../support/samples/sample-match.ts';

const FLAMENGO = { name: 'Flamengo', slug: 'flamengo' };
const PALMEIRAS = { name: 'Palmeiras', slug: 'palmeiras' };

function finished(home: number, away: number, penalties: Match['score']['penalties'] = null): Match {
  return buildSampleMatch({
    status: 'FINISHED',
    minute: null,
    homeTeam: { name: 'Flamengo', crest: null, crestSource: null, slug: 'flamengo' },
    awayTeam: { name: 'Palmeiras', crest: null, crestSource: null, slug: 'palmeiras' },
    score: { home, away, penalties },
  });
}

describe("a finished match from the team's side", () => {
  it.each([
    [2, 1, FLAMENGO, 'V', 'Vitória'],
    [2, 1, PALMEIRAS, 'D', 'Derrota'],
    [0, 3, FLAMENGO, 'D', 'Derrota'],
    [0, 3, PALMEIRAS, 'V', 'Vitória'],
    [1, 1, FLAMENGO, 'E', 'Empate'],
    [1, 1, PALMEIRAS, 'E', 'Empate'],
  ] as const)('%i x %i for %o → %s', (home, away, team, letter, word) => {
    expect(buildTeamResult(finished(home, away), team)).toEqual({ letter, word });
  });

  it('counts a shoot-out for the side that went through', () => {
    const shootOut = finished(1, 1, { home: 4, away: 5 });
    expect(buildTeamResult(shootOut, PALMEIRAS)?.letter).toBe('V');
    expect(buildTeamResult(shootOut, FLAMENGO)?.letter).toBe('D');
  });

  it('says nothing of a match not finished, without a score, or not of the team', () => {
    expect(buildTeamResult(buildSampleMatch(), FLAMENGO)).toBeNull();
    expect(
      buildTeamResult({ ...finished(0, 0), score: { home: null, away: null, penalties: null } }, FLAMENGO),
    ).toBeNull();
    expect(buildTeamResult(finished(2, 0), { name: 'Santos', slug: 'santos' })).toBeNull();
  });

  it('finds the side by slug first, else by name (a team page card may spell the name otherwise)', () => {
    const spelled = { ...finished(2, 0), homeTeam: { ...finished(2, 0).homeTeam, name: 'C.R. Flamengo' } };
    expect(teamSide(spelled, FLAMENGO)).toBe('home');
    expect(teamSide(buildSampleMatch(), FLAMENGO)).toBe('home');
    expect(teamSide(buildSampleMatch(), PALMEIRAS)).toBe('away');
  });
});

describe('what the page says of a match and a table', () => {
  it('says the day and the kick-off, or that the time is not set', () => {
    expect(buildMatchWhenText({ date: '2026-11-21', kickoff: '2026-11-21T21:30:00-03:00' })).toBe(
      'sábado, 21 de novembro, 21:30',
    );
    expect(buildMatchWhenText({ date: '2026-11-22', kickoff: null })).toBe(
      'domingo, 22 de novembro (horário a definir)',
    );
  });

  it('names where to watch, with each channel’s note, or nothing when no channel is known', () => {
    expect(
      buildBroadcastsLine([
        { channel: 'Globo', note: null },
        { channel: 'Premiere', note: '7 dias grátis' },
      ]),
    ).toBe('Onde assistir: Globo, Premiere (7 dias grátis)');
    expect(buildBroadcastsLine([])).toBeNull();
  });

  it('says the place, points and matches, and the live place while the table counts matches in play', () => {
    const standing: TeamStanding = {
      competition: { name: 'Campeonato Carioca', slug: 'campeonato-carioca' },
      group: null,
      position: 2,
      points: 19,
      played: 9,
      live: { position: 1, points: 20 },
    };
    expect(buildStandingText(standing)).toBe('2º colocado · 19 pontos em 9 jogos');
    expect(buildStandingText({ position: 1, points: 1, played: 1 })).toBe('1º colocado · 1 ponto em 1 jogo');
    expect(buildStandingLiveText(standing)).toBe('Ao vivo: 1º, 20 pontos');
    expect(buildStandingLiveText({ ...standing, live: null })).toBe('');
    expect(buildStandingLiveText({ ...standing, live: { position: 2, points: 19 } })).toBe('');
    expect(buildStandingLiveText({ ...standing, live: { position: 3, points: 19 } })).toBe('Ao vivo: 3º, 19 pontos');
  });
});

describe("the page's layout key", () => {
  const envelope: Pick<TeamHomeEnvelope, 'live' | 'next' | 'last' | 'standings'> = {
    live: [buildSampleMatch()],
    next: [
      buildSampleMatch({
        id: 'brasileirao-serie-a/x',
        status: 'SCHEDULED',
        score: { home: null, away: null, penalties: null },
      }),
    ],
    last: [finished(2, 1)],
    standings: [],
  };

  it('stays the same when only a live score, minute or live place changes (the browser redraws those)', () => {
    const goal = {
      ...envelope,
      live: [buildSampleMatch({ minute: 70, score: { home: 3, away: 1, penalties: null } })],
    };
    expect(teamHomeLayoutKey(goal)).toBe(teamHomeLayoutKey(envelope));
  });

  it('changes when a match starts, ends, is put off, or a final score is corrected', () => {
    const key = teamHomeLayoutKey(envelope);
    expect(teamHomeLayoutKey({ ...envelope, live: [] })).not.toBe(key);
    expect(teamHomeLayoutKey({ ...envelope, next: [{ ...envelope.next[0]!, status: 'POSTPONED' }] })).not.toBe(key);
    expect(teamHomeLayoutKey({ ...envelope, last: [finished(2, 2)] })).not.toBe(key);
  });
});
