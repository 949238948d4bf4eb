/**
 * A team's home merged from what Placar holds and the upstream's team pages (issue 50 §2): each match once by id,
 * the freshest source winning, a team-page-only match as its card shows it, `next` soonest first, `last` latest
 * first; and the team's rows in the tables.
 */
import { describe, expect, it } from 'vitest';
import type { Match, StandingsEnvelope, StandingsRow, Team } from '../../../src/lib/model/model.ts';
import {
  indexTeamMatches,
  indexTeamStandings,
  mergeTeamMatches,
  namedTeams,
} from '../../../src/lib/model/team-home-merge.ts';
import { buildSampleMatch } from '../../support/samples/sample-match.ts';

const CREST = `/escudos/${'a'.repeat(64)}.png`;
const team = (name: string, slug: string, crest: string | null = null): Team => ({
  name,
  slug,
  crest,
  crestSource: null,
});
const FLAMENGO = team('Flamengo', 'flamengo', CREST);

function match(id: string, overrides: Partial<Match>): Match {
  return buildSampleMatch({ id, homeTeam: FLAMENGO, awayTeam: team('Vasco', 'vasco'), ...overrides });
}
const scheduled = (id: string, kickoff: string | null, date = kickoff?.slice(0, 10) ?? '2026-12-05'): Match =>
  match(id, { status: 'SCHEDULED', statusLabel: '', minute: null, kickoff, date, score: nil });
const finished = (id: string, kickoff: string, home = 1, away = 0): Match =>
  match(id, {
    status: 'FINISHED',
    statusLabel: 'ENCERRADO',
    minute: null,
    kickoff,
    date: kickoff.slice(0, 10),
    score: { home, away, penalties: null },
  });
const nil = { home: null, away: null, penalties: null };

describe('indexTeamMatches', () => {
  it('gives each team its matches once, from the freshest source that lists them', () => {
    const inPlay = match('a/1', { status: 'IN_PLAY' });
    const same = { ...inPlay, status: 'SCHEDULED' as const, statusLabel: '' };
    const other = match('a/2', { homeTeam: team('Vasco', 'vasco'), awayTeam: team('Botafogo', 'botafogo') });
    const index = indexTeamMatches([[inPlay], [same, other]]);
    expect(index.get('flamengo')).toEqual([inPlay]);
    expect(index.get('vasco')).toEqual([inPlay, other]);
    expect(index.get('botafogo')).toEqual([other]);
  });
});

describe('namedTeams', () => {
  it('names each team by slug with its first name and the first crest Placar holds', () => {
    const noCrest = match('a/1', { homeTeam: team('Vasco da Gama', 'vasco'), awayTeam: team('Flamengo', 'flamengo') });
    const crested = match('a/2', { homeTeam: team('Vasco', 'vasco', CREST) });
    const teams = namedTeams([[noCrest], [crested]]);
    expect(teams.get('vasco')).toEqual({ name: 'Vasco da Gama', slug: 'vasco', crest: CREST });
    expect(teams.get('flamengo')).toEqual({ name: 'Flamengo', slug: 'flamengo', crest: null });
  });
});

describe('mergeTeamMatches', () => {
  const teams = namedTeams([[match('x/0', {})]]);

  it('splits live, next and last, next soonest first and last latest first (no known time: its day’s start)', () => {
    const held = [
      scheduled('n/late', '2026-12-09T21:00:00-03:00'),
      finished('l/old', '2026-11-01T16:00:00-03:00'),
      match('live/1', { status: 'PAUSED' }),
      scheduled('n/soon', '2026-12-03T16:00:00-03:00'),
      scheduled('n/untimed', null, '2026-12-05'),
      finished('l/new', '2026-11-20T16:00:00-03:00'),
    ];
    const merged = mergeTeamMatches(held, null, teams);
    expect(merged.live.map((m) => m.id)).toEqual(['live/1']);
    expect(merged.next.map((m) => m.id)).toEqual(['n/soon', 'n/untimed', 'n/late']);
    expect(merged.last.map((m) => m.id)).toEqual(['l/new', 'l/old']);
  });

  it('keeps a match Placar holds over its team-page card (the listings are fresher)', () => {
    const held = [finished('a/1', '2026-11-20T16:00:00-03:00', 3, 0)];
    const card = scheduled('a/1', '2026-11-20T16:00:00-03:00');
    const merged = mergeTeamMatches(held, { next: [card], last: [] }, teams);
    expect(merged.next).toEqual([]);
    expect(merged.last).toEqual(held);
  });

  it('adds a team-page-only match as its card shows it, with Placar’s crest copy of a team it holds', () => {
    const card: Match = {
      ...scheduled('b/2', '2026-12-12T18:00:00-03:00'),
      homeTeam: team('Flamengo', 'flamengo'),
      awayTeam: team('Bangu', 'bangu'),
      minute: null,
      injuryTime: null,
    };
    const old = { ...finished('b/1', '2026-10-01T16:00:00-03:00', 0, 2), awayTeam: team('Bangu', 'bangu') };
    const merged = mergeTeamMatches(
      [scheduled('a/1', '2026-12-03T16:00:00-03:00')],
      { next: [card], last: [old] },
      teams,
    );
    expect(merged.next.map((m) => m.id)).toEqual(['a/1', 'b/2']);
    expect(merged.next[1]?.homeTeam.crest).toBe(CREST);
    expect(merged.next[1]?.awayTeam).toEqual(team('Bangu', 'bangu'));
    expect(merged.next[1]?.minute).toBeNull();
    expect(merged.last.map((m) => m.id)).toEqual(['b/1']);
  });

  it('lists a match twice on the team pages once', () => {
    const card = scheduled('b/2', '2026-12-12T18:00:00-03:00');
    const merged = mergeTeamMatches([], { next: [card, card], last: [card] }, teams);
    expect(merged.next).toHaveLength(1);
    expect(merged.last).toHaveLength(0);
  });
});

describe('indexTeamStandings', () => {
  const numbers = {
    played: 9,
    won: 6,
    drawn: 1,
    lost: 2,
    goalsFor: 15,
    goalsAgainst: 8,
    goalDifference: 7,
    points: 19,
  };
  const row = (slug: string, position: number, live: { position: number; points: number } | null): StandingsRow => ({
    position,
    team: { name: slug, crest: null, slug },
    ...numbers,
    live: live === null ? null : { ...numbers, ...live, match: null },
  });
  const table = (slug: string, groups: StandingsEnvelope['groups']): StandingsEnvelope => ({
    generatedAt: null,
    timezone: 'America/Sao_Paulo',
    source: `https://upstream.test/${slug}`,
    readAt: null,
    stale: false,
    competition: { name: slug.toUpperCase(), slug },
    groups,
    pendingResults: [],
  });

  it('gives each team its rows, official and live, the group named only where a table has several', () => {
    const carioca = table('campeonato-carioca', [
      { name: null, rows: [row('fluminense', 1, null), row('flamengo', 2, { position: 1, points: 20 })] },
    ]);
    const cup = table('libertadores', [
      { name: 'Grupo A', rows: [row('flamengo', 3, null)] },
      { name: 'Grupo B', rows: [row('palmeiras', 1, null)] },
    ]);
    const standings = indexTeamStandings([carioca, cup]).get('flamengo');
    expect(standings).toEqual([
      {
        competition: { name: 'CAMPEONATO-CARIOCA', slug: 'campeonato-carioca' },
        group: null,
        position: 2,
        points: 19,
        played: 9,
        live: { position: 1, points: 20 },
      },
      {
        competition: { name: 'LIBERTADORES', slug: 'libertadores' },
        group: 'Grupo A',
        position: 3,
        points: 19,
        played: 9,
        live: null,
      },
    ]);
  });
});
