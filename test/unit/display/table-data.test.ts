/**
 * What /api/tabela/{slug} and /tabela/{slug} are made from (issue 34, item 3): one table per
 * competition the listings name (no other), the kept read with Placar's crests, `stale` when never
 * read, failing or old, the live table from the listings' matches in play; and how a row is shown.
 */
import { describe, expect, it } from 'vitest';
import type { MatchPageData } from '../../../src/lib/display/match-page-data.ts';
import { buildStandingsPages, STANDINGS_STALE_MS, withTablePositions } from '../../../src/lib/display/table-data.ts';
import {
  buildMoveText,
  buildPendingResultsNote,
  buildPositionText,
  buildShownRows,
  buildStandingsNotice,
  formatGoalDifference,
} from '../../../src/lib/display/table-display.ts';
import { StandingsEnvelopeSchema, type Match, type Snapshot } from '../../../src/lib/model/model.ts';
import { freshStandingsRecord, type StandingsRecord } from '../../../src/lib/store/scraped/table-store.ts';
import { buildSampleMatch } from '../../support/samples/sample-match.ts';

const UPSTREAM = 'https://upstream.test';
const NOW = new Date('2026-11-21T19:00:00-03:00');
const CREST = `/escudos/${'b'.repeat(64)}.png`;

function envelope(matches: Match[]): Snapshot['live'] {
  return {
    generatedAt: '2026-11-21T18:59:00-03:00',
    timezone: 'America/Sao_Paulo',
    source: `${UPSTREAM}/x`,
    stale: false,
    count: matches.length,
    matches,
  };
}

const LIVE = buildSampleMatch({
  homeTeam: { name: 'Flamengo', crest: CREST, crestSource: null, slug: null },
  status: 'IN_PLAY',
  score: { home: 2, away: 1, penalties: null },
});
const ODD_SLUG = buildSampleMatch({
  id: 'Liga%20Rara/21-11-2026-a-x-b',
  competition: { name: 'Liga Rara', slug: 'Liga%20Rara' },
});
const SNAPSHOT: Snapshot = {
  live: envelope([LIVE]),
  hoje: envelope([LIVE, ODD_SLUG]),
  amanha: envelope([]),
  ontem: envelope([]),
};

function record(overrides: Partial<StandingsRecord> = {}): StandingsRecord {
  return {
    ...freshStandingsRecord('brasileirao-serie-a'),
    readAt: '2026-11-21T12:00:00-03:00',
    groups: [
      {
        name: null,
        rows: [
          {
            position: 1,
            team: { name: 'Palmeiras', crestSource: null, slug: null },
            points: 30,
            played: 12,
            won: 9,
            drawn: 3,
            lost: 0,
            goalsFor: null,
            goalsAgainst: null,
            goalDifference: 15,
          },
          {
            position: 2,
            team: { name: 'Flamengo', crestSource: 'https://upstream.test/f.png', slug: null },
            points: 28,
            played: 12,
            won: 9,
            drawn: 1,
            lost: 2,
            goalsFor: null,
            goalsAgainst: null,
            goalDifference: 12,
          },
        ],
      },
    ],
    ...overrides,
  };
}

describe('buildStandingsPages', () => {
  it('makes one table per competition the listings name with a plain slug, and no other', () => {
    const pages = buildStandingsPages(UPSTREAM, SNAPSHOT, new Map(), NOW);
    expect([...pages.keys()]).toEqual(['brasileirao-serie-a']);
    const table = pages.get('brasileirao-serie-a')?.envelope;
    expect(table).toMatchObject({ readAt: null, stale: true, groups: [], source: `${UPSTREAM}/brasileirao-serie-a` });
    expect(StandingsEnvelopeSchema.safeParse(table).success).toBe(true);
  });

  it('serves the kept read with the listings’ crests and the live table', () => {
    const table = buildStandingsPages(UPSTREAM, SNAPSHOT, new Map([['brasileirao-serie-a', record()]]), NOW).get(
      'brasileirao-serie-a',
    )?.envelope;
    expect(StandingsEnvelopeSchema.safeParse(table).success).toBe(true);
    expect(table?.stale).toBe(false);
    const [palmeiras, flamengo] = table?.groups[0]?.rows ?? [];
    expect(flamengo?.team).toEqual({ name: 'Flamengo', crest: CREST, slug: 'flamengo' });
    expect(palmeiras?.team.crest).toBeNull();
    expect(flamengo?.live).toMatchObject({ position: 1, points: 31, played: 13, match: LIVE.id });
    // The sample match is Flamengo 2 x 1 Palmeiras: both in the group, both counted.
    expect(palmeiras?.live).toMatchObject({ position: 2, points: 30, played: 13, lost: 1, match: LIVE.id });
  });

  it('keeps a finished match counted until a read shows its teams’ played grown, then counts it once (issue 47)', () => {
    const finished = { ...LIVE, status: 'FINISHED' as const, minute: null };
    const over: Snapshot = { ...SNAPSHOT, live: envelope([]), hoje: envelope([finished]) };
    const tracked = [
      { match: LIVE.id, played: { palmeiras: 12, flamengo: 12 }, finishedAt: NOW.toISOString(), reads: 1 },
    ];
    const tableOf = (kept: StandingsRecord) =>
      buildStandingsPages(UPSTREAM, over, new Map([['brasileirao-serie-a', kept]]), NOW).get('brasileirao-serie-a')
        ?.envelope;
    // The read has not counted the 2 x 1 yet: the live table still does, and says so.
    const before = tableOf(record({ tracked }));
    expect(StandingsEnvelopeSchema.safeParse(before).success).toBe(true);
    expect(before?.pendingResults).toEqual([
      { match: LIVE.id, homeTeam: 'Flamengo', awayTeam: 'Palmeiras', score: { home: 2, away: 1 } },
    ]);
    const [palmeiras, flamengo] = before?.groups[0]?.rows ?? [];
    expect(flamengo?.live).toMatchObject({ position: 1, points: 31, played: 13, match: LIVE.id });
    expect(palmeiras?.live).toMatchObject({ position: 2, points: 30, played: 13 });
    // Nothing is in play: the table is dated by its read.
    expect(before?.generatedAt).toBe('2026-11-21T12:00:00-03:00');
    if (!before) throw new Error('no table');
    expect(buildStandingsNotice(before)).toBeNull();
    expect(buildPendingResultsNote(before)).toBe(
      'Resultado ainda fora da tabela oficial: Flamengo 2 x 1 Palmeiras. A classificação abaixo já o conta; a tabela ' +
        'do site de origem é lida de novo pouco depois de cada jogo, até trazer o resultado.',
    );
    // A finished match's teams are not marked playing.
    expect(
      buildShownRows(before.groups[0] ?? { name: null, rows: [] }, new Set([LIVE.id])).map((row) => row.playing),
    ).toEqual([false, false]);
    // A read that counts it: played grew; the match is not added again.
    const counted = record({ tracked });
    const rows = counted.groups[0]?.rows ?? [];
    counted.groups = [
      {
        name: null,
        rows: rows.map((row) =>
          row.team.name === 'Flamengo'
            ? { ...row, points: 31, played: 13, won: 10, goalDifference: 13, position: 1 }
            : { ...row, points: 30, played: 13, lost: 1, goalDifference: 14, position: 2 },
        ),
      },
    ];
    const after = tableOf(counted);
    expect(after?.pendingResults).toEqual([]);
    for (const row of after?.groups[0]?.rows ?? []) expect(row.live).toBeNull();
    expect(after?.groups[0]?.rows.find((row) => row.team.name === 'Flamengo')).toMatchObject({
      points: 31,
      played: 13,
    });
    // Half counted (one team's played grew): the other team's result still pending, the grown one not added again.
    counted.groups = [
      {
        name: null,
        rows: rows.map((row) => (row.team.name === 'Flamengo' ? { ...row, played: 13, points: 31 } : row)),
      },
    ];
    const half = tableOf(counted);
    expect(half?.pendingResults).toHaveLength(1);
    const flamengoHalf = half?.groups[0]?.rows.find((row) => row.team.name === 'Flamengo');
    const palmeirasHalf = half?.groups[0]?.rows.find((row) => row.team.name === 'Palmeiras');
    expect(flamengoHalf?.live).toMatchObject({ played: 13, points: 31 });
    expect(palmeirasHalf?.live).toMatchObject({ played: 13, points: 30, lost: 1 });
  });

  it('is stale after a failed read (the last good table kept) and when the read is old', () => {
    const failing = record({ fetch: { ...record().fetch, lastError: 'falhou' } });
    const old = record({ readAt: new Date(NOW.getTime() - STANDINGS_STALE_MS - 1000).toISOString() });
    for (const kept of [failing, old]) {
      const table = buildStandingsPages(UPSTREAM, SNAPSHOT, new Map([['brasileirao-serie-a', kept]]), NOW).get(
        'brasileirao-serie-a',
      )?.envelope;
      expect(table?.stale).toBe(true);
      expect(table?.groups[0]?.rows).toHaveLength(2);
    }
  });
});

describe('how a table is shown', () => {
  it('orders a live group by its live positions with each move, and says why a table is missing or old', () => {
    const table = buildStandingsPages(UPSTREAM, SNAPSHOT, new Map([['brasileirao-serie-a', record()]]), NOW).get(
      'brasileirao-serie-a',
    )?.envelope;
    const group = table?.groups[0];
    if (!table || !group) throw new Error('no table');
    expect(
      buildShownRows(group).map((row) => [row.position, row.team.name, row.points, row.move, row.playing]),
    ).toEqual([
      [1, 'Flamengo', 31, 1, true],
      [2, 'Palmeiras', 30, -1, true],
    ]);
    expect(buildStandingsNotice(table)).toBeNull();
    expect(buildStandingsNotice({ ...table, readAt: null, groups: [] })).toMatch(/ainda não foi lida/);
    expect(buildStandingsNotice({ ...table, groups: [] })).toMatch(/não tem tabela/);
    expect(buildStandingsNotice({ ...table, stale: true })).toMatch(/desatualizada/);
  });

  it('writes the goal difference with a sign and a move as ↑/↓ with words for screen readers', () => {
    expect([formatGoalDifference(5), formatGoalDifference(0), formatGoalDifference(-3)]).toEqual([
      '+5',
      '0',
      '\u22123',
    ]);
    expect(buildMoveText(2)).toEqual({ symbol: '↑2', label: 'subiu 2 posições' });
    expect(buildMoveText(-1)).toEqual({ symbol: '↓1', label: 'caiu 1 posição' });
    expect(buildMoveText(0)).toBeNull();
  });
});

describe('withTablePositions', () => {
  const pageOf = (match: Match): MatchPageData => ({
    envelope: {
      generatedAt: null,
      matchReadAt: null,
      timezone: 'America/Sao_Paulo',
      source: `${UPSTREAM}/x`,
      stale: false,
      match,
      detail: null,
    },
    upstreamUrl: UPSTREAM,
    today: null,
  });

  it("gives each match its teams' places, by the table's spelling of their names, and leaves the others as they were", () => {
    const tables = buildStandingsPages(UPSTREAM, SNAPSHOT, new Map([['brasileirao-serie-a', record()]]), NOW);
    const respelled = buildSampleMatch({
      id: 'brasileirao-serie-a/21-11-2026-palmeiras-x-gremio',
      homeTeam: { name: 'PALMEIRAS', crest: null, crestSource: null, slug: null },
      awayTeam: { name: 'Grêmio', crest: null, crestSource: null, slug: null },
    });
    const elsewhere = pageOf(ODD_SLUG);
    const pages = withTablePositions(
      new Map([
        [LIVE.id, pageOf(LIVE)],
        [respelled.id, pageOf(respelled)],
        [ODD_SLUG.id, elsewhere],
      ]),
      tables,
    );
    // Flamengo 2-1 in play: second in the table as read, first live.
    expect(pages.get(LIVE.id)?.positions).toEqual({
      home: { position: 2, live: 1, group: null },
      away: { position: 1, live: 2, group: null },
    });
    expect(pages.get(respelled.id)?.positions).toEqual({
      home: { position: 1, live: 2, group: null },
      away: null,
    });
    expect(pages.get(ODD_SLUG.id)).toBe(elsewhere);
  });

  it('names the group only when the competition has several: a league\'s one table, even headed "Grupo único", says "colocado"', () => {
    const single = record();
    const headed = { ...single, groups: single.groups.map((group) => ({ ...group, name: 'Grupo único' })) };
    const twoGroups = {
      ...single,
      groups: [
        { name: 'Grupo A', rows: single.groups[0]?.rows.slice(0, 1) ?? [] },
        { name: 'Grupo B', rows: single.groups[0]?.rows.slice(1) ?? [] },
      ],
    };
    const placeText = (kept: StandingsRecord): (string | null)[] => {
      const tables = buildStandingsPages(UPSTREAM, SNAPSHOT, new Map([['brasileirao-serie-a', kept]]), NOW);
      const positions = withTablePositions(new Map([[LIVE.id, pageOf(LIVE)]]), tables).get(LIVE.id)?.positions;
      return [positions?.home ?? null, positions?.away ?? null].map((place) => place && buildPositionText(place));
    };
    expect(placeText(headed)).toEqual(['2º colocado (1º ao vivo)', '1º colocado (2º ao vivo)']);
    expect(placeText(single)).toEqual(['2º colocado (1º ao vivo)', '1º colocado (2º ao vivo)']);
    expect(placeText(twoGroups)).toEqual(['2º no Grupo B (1º ao vivo)', '1º no Grupo A']);
  });
});
