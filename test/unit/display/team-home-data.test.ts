/**
 * What /time/{slug}, /api/time/{slug} and its calendar are made from (issue 50 §2): one home per team the listings
 * or kept days name, each a valid envelope of its matches from every source (listings over kept days over team
 * pages), its rows in the tables Placar holds (the same slug), the team pages' read time, and what the details add.
 */
import { describe, expect, it } from 'vitest';
import { buildEnvelope } from '../../../harness/fixture-snapshot.ts';
import { buildStandingsPages } from '../../../src/lib/display/table-data.ts';
import { buildTeamHomePages, type TeamHomeSources } from '../../../src/lib/display/team-home-data.ts';
import type { Snapshot, Team } from '../../../src/lib/model/model.ts';
import { TeamHomeEnvelopeSchema } from '../../../src/lib/model/team-home.ts';
import { freshDetailRecord } from '../../../src/lib/store/scraped/detail-store.ts';
import { freshStandingsRecord } from '../../../src/lib/store/scraped/table-store.ts';
import { buildSampleMatch } from '../../support/samples/sample-match.ts';

const UPSTREAM = 'https://upstream.test';
const NOW = new Date('2026-11-21T22:00:00-03:00');
const CREST = `/escudos/${'c'.repeat(64)}.png`;
const team = (name: string, slug: string, crest: string | null = null): Team => ({
  name,
  slug,
  crest,
  crestSource: null,
});

const LIVE = buildSampleMatch({
  homeTeam: team('Flamengo', 'flamengo', CREST),
  awayTeam: team('Palmeiras', 'palmeiras'),
});
const KEPT = buildSampleMatch({
  id: 'brasileirao-serie-a/15-11-2026-santos-x-flamengo',
  date: '2026-11-15',
  kickoff: '2026-11-15T16:00:00-03:00',
  status: 'FINISHED',
  statusLabel: 'ENCERRADO',
  minute: null,
  homeTeam: team('Santos', 'santos'),
  awayTeam: team('Flamengo', 'flamengo'),
  score: { home: 0, away: 1, penalties: null },
});
/** On the team pages only: Placar lists no match of that day. */
const CARD = buildSampleMatch({
  id: 'copa-do-brasil/02-12-2026-flamengo-x-bahia',
  date: '2026-12-02',
  kickoff: null,
  status: 'SCHEDULED',
  statusLabel: '',
  minute: null,
  homeTeam: team('Flamengo', 'flamengo'),
  awayTeam: team('Bahia', 'bahia'),
  score: { home: null, away: null, penalties: null },
});

const LISTED_AT = '2026-11-21T21:59:00-03:00';
const SNAPSHOT: Snapshot = {
  live: buildEnvelope(UPSTREAM, 'live', [LIVE], LISTED_AT),
  hoje: buildEnvelope(UPSTREAM, 'hoje', [LIVE], LISTED_AT),
  amanha: buildEnvelope(UPSTREAM, 'amanha', [], LISTED_AT),
  ontem: buildEnvelope(UPSTREAM, 'ontem', [], LISTED_AT),
};

function sources(overrides: Partial<TeamHomeSources> = {}): TeamHomeSources {
  const table = {
    ...freshStandingsRecord('brasileirao-serie-a'),
    readAt: '2026-11-21T12:00:00-03:00',
    groups: [
      {
        name: null,
        rows: [1, 2].map((position) => ({
          position,
          team: { name: position === 1 ? 'Palmeiras' : 'Flamengo', crestSource: null, slug: null },
          points: 30 - position,
          played: 12,
          won: 9,
          drawn: 3 - position,
          lost: position - 1,
          goalsFor: null,
          goalsAgainst: null,
          goalDifference: 10,
        })),
      },
    ],
  };
  const detail = {
    ...freshDetailRecord(LIVE.id),
    generatedAt: '2026-11-21T21:00:00-03:00',
    detail: {
      venue: 'Maracanã',
      referee: null,
      round: null,
      goals: [],
      cards: [],
      substitutions: [],
      lineups: null,
      statistics: [],
      broadcasts: [{ channel: 'Globo', note: null }],
    },
  };
  return {
    upstreamUrl: UPSTREAM,
    snapshot: SNAPSHOT,
    keptDays: [[KEPT]],
    teamPages: new Map(),
    standingsPages: buildStandingsPages(UPSTREAM, SNAPSHOT, new Map([['brasileirao-serie-a', table]]), NOW),
    detailRecords: new Map([[LIVE.id, detail]]),
    ...overrides,
  };
}

describe('buildTeamHomePages', () => {
  it('makes one valid home per team the listings or kept days name', () => {
    const homes = buildTeamHomePages(sources(), NOW);
    expect([...homes.keys()].sort()).toEqual(['flamengo', 'palmeiras', 'santos']);
    for (const home of homes.values()) expect(TeamHomeEnvelopeSchema.safeParse(home.envelope).success).toBe(true);
    const flamengo = homes.get('flamengo')?.envelope;
    expect(flamengo?.team).toEqual({ name: 'Flamengo', slug: 'flamengo', crest: CREST });
    expect(flamengo?.source).toBe(`${UPSTREAM}/time/flamengo/proximos-jogos`);
    expect(flamengo?.live.map((match) => match.id)).toEqual([LIVE.id]);
    expect(flamengo?.last.map((match) => match.id)).toEqual([KEPT.id]);
    expect(flamengo?.readAt).toBeNull();
    expect(homes.get('flamengo')?.today).toBe('2026-11-21');
  });

  it('joins the team’s table row by its slug, with the live numbers while it plays', () => {
    const standings = buildTeamHomePages(sources(), NOW).get('flamengo')?.envelope.standings;
    expect(standings).toEqual([
      {
        competition: { name: 'Brasileirão Série A', slug: 'brasileirao-serie-a' },
        group: null,
        position: 2,
        points: 28,
        played: 12,
        live: { position: 1, points: 31 },
      },
    ]);
  });

  it('adds the team pages’ matches Placar does not hold, and their read time', () => {
    const teamPages = new Map([
      ['flamengo', { readAt: '2026-11-21T18:02:11-03:00', pages: { next: [CARD, LIVE], last: [KEPT] } }],
    ]);
    const home = buildTeamHomePages(sources({ teamPages }), NOW).get('flamengo');
    expect(home?.envelope.readAt).toBe('2026-11-21T18:02:11-03:00');
    expect(home?.envelope.next).toEqual([{ ...CARD, homeTeam: team('Flamengo', 'flamengo', CREST) }]);
    expect(home?.envelope.live).toEqual([LIVE]);
    // Only the listings' and kept days' matches have a page on Placar.
    expect(Object.keys(home?.matchPaths ?? {}).sort()).toEqual([KEPT.id, LIVE.id].sort());
    expect(TeamHomeEnvelopeSchema.safeParse(home?.envelope).success).toBe(true);
  });

  it('gives each held match’s venue and where to watch', () => {
    const home = buildTeamHomePages(sources(), NOW).get('palmeiras');
    expect(home?.details).toEqual({ [LIVE.id]: { venue: 'Maracanã', broadcasts: [{ channel: 'Globo', note: null }] } });
    expect(home?.matchPaths[LIVE.id]).toBe(`/jogo/${LIVE.id}`);
  });
});
