import { describe, expect, it } from 'vitest';
import { buildMatchLink } from '../../../src/lib/display/match-link.ts';
import {
  buildDetailNotice,
  buildMatchDayText,
  buildMatchOfflineNotice,
  buildMatchTitle,
  buildShirtNumber,
  isMatchSettled,
} from '../../../src/lib/display/match-page-text.ts';
import { buildBarRects, buildStatBars, parseStatValue } from '../../../src/lib/display/match-statistics.ts';
import { buildSubstitutions, buildTimeline } from '../../../src/lib/display/match-timeline.ts';
import type { Card, Goal, Match, MatchDetail, MatchDetailEnvelope } from '../../../src/lib/model/model.ts';
import { SAMPLE_MATCH_ID, buildSampleMatch } from '../../support/samples/sample-match.ts';

const ID = SAMPLE_MATCH_ID;
const buildMatch = buildSampleMatch;

const goal = (overrides: Partial<Goal>): Goal => ({
  team: 'HOME',
  player: 'Pedro',
  minute: 23,
  injuryTime: null,
  ownGoal: false,
  penalty: false,
  cancelled: false,
  ...overrides,
});

const card = (overrides: Partial<Card>): Card => ({
  team: 'HOME',
  player: 'Gerson',
  minute: 35,
  injuryTime: null,
  color: 'YELLOW',
  secondYellow: false,
  ...overrides,
});

/** The goals and cards of the upstream's sample match page (Flamengo 2 x 1 Palmeiras). */
const SAMPLE: Pick<MatchDetail, 'goals' | 'cards'> = {
  goals: [
    goal({}),
    goal({ team: 'AWAY', player: 'Raphael Veiga', minute: 40, penalty: true }),
    goal({ player: 'Gustavo Gómez', minute: 45, injuryTime: 2, ownGoal: true }),
    goal({ minute: 60, cancelled: true }),
  ],
  cards: [
    card({}),
    card({ team: 'AWAY', player: 'Richard Ríos', minute: 70, color: 'RED', secondYellow: true }),
    card({ team: 'AWAY', player: 'Murilo', minute: 80, color: 'RED' }),
  ],
};

describe('match link', () => {
  it('leads to the match page on Placar', () => {
    expect(buildMatchLink(buildMatch())).toEqual({ href: `/jogo/${ID}`, external: false });
  });

  it.each(['copa/21-11-2026-s%C3%A3o-x-b', 'copa/a b', 'sem-barra', 'copa/../x'])(
    'leads to the upstream’s page for an id that is no plain path: %j',
    (id) => {
      const url = `https://www.placardefutebol.com.br/${id}.html`;
      expect(buildMatchLink({ id, url })).toEqual({ href: url, external: true });
    },
  );
});

describe('timeline', () => {
  it('merges goals and cards in match order, by period, in the fan’s words', () => {
    const periods = buildTimeline(SAMPLE);
    expect(periods.map((period) => period.name)).toEqual(['1º tempo', '2º tempo']);
    const rows = periods.flatMap((period) =>
      period.entries.map((e) => [e.side, e.minute, e.label, e.player, e.note, e.cancelled, e.score]),
    );
    expect(rows).toEqual([
      ['home', "23'", 'Gol', 'Pedro', '', false, '1 x 0'],
      ['home', "35'", 'Cartão amarelo', 'Gerson', '', false, ''],
      ['away', "40'", 'Gol', 'Raphael Veiga', '(pênalti)', false, '1 x 1'],
      ['home', "45+2'", 'Gol', 'Gustavo Gómez', '(contra)', false, '2 x 1'],
      ['home', "60'", 'Gol', 'Pedro', '(gol anulado)', true, ''],
      ['away', "70'", 'Cartão vermelho (segundo amarelo)', 'Richard Ríos', '', false, ''],
      ['away', "80'", 'Cartão vermelho', 'Murilo', '', false, ''],
    ]);
    expect(periods.flatMap((period) => period.entries.map((e) => e.kind))).toEqual([
      'goal',
      'yellow',
      'goal',
      'goal',
      'goal',
      'second-yellow',
      'red',
    ]);
  });

  it('puts added time after its minute, a goal before a card of the same minute, and extra time apart', () => {
    const periods = buildTimeline({
      goals: [goal({ minute: 45, injuryTime: 1 }), goal({ minute: 105, player: 'Bruno Henrique' })],
      cards: [
        card({ minute: 45 }),
        card({ minute: 45, injuryTime: 1, player: 'Pulgar' }),
        card({ minute: 90, injuryTime: 4 }),
      ],
    });
    expect(periods.map((p) => [p.name, p.entries.map((e) => `${e.minute} ${e.player}`)])).toEqual([
      ['1º tempo', ["45' Gerson", "45+1' Pedro", "45+1' Pulgar"]],
      ['2º tempo', ["90+4' Gerson"]],
      ['Prorrogação', ["105' Bruno Henrique"]],
    ]);
  });

  it('writes a penalty that was cancelled with both notes, and counts neither a cancelled goal', () => {
    const [period] = buildTimeline({
      goals: [goal({ penalty: true, cancelled: true }), goal({ minute: 30 })],
      cards: [],
    });
    expect(period?.entries.map((e) => [e.note, e.score])).toEqual([
      ['(pênalti) (gol anulado)', ''],
      ['', '1 x 0'],
    ]);
  });

  it('is empty for a match without goals or cards', () => {
    expect(buildTimeline({ goals: [], cards: [] })).toEqual([]);
  });

  it('lists substitutions in match order with their side', () => {
    expect(
      buildSubstitutions([
        { team: 'AWAY', minute: 75, injuryTime: null, playerIn: 'Dudu', playerOut: 'Estêvão' },
        { team: 'HOME', minute: 60, injuryTime: null, playerIn: 'Bruno Henrique', playerOut: 'Luiz Araújo' },
      ]),
    ).toEqual([
      { side: 'home', minute: "60'", playerIn: 'Bruno Henrique', playerOut: 'Luiz Araújo' },
      { side: 'away', minute: "75'", playerIn: 'Dudu', playerOut: 'Estêvão' },
    ]);
  });
});

describe('statistics', () => {
  it.each([
    ['58%', 58],
    ['12', 12],
    [' 6 ', 6],
    ['0,8', 0.8],
    ['1.5', 1.5],
    ['1.234', 1234],
    ['12.345,6', 12345.6],
    ['100 %', 100],
    ['6 (2)', null],
    ['—', null],
    ['', null],
    ['-3', null],
  ])('reads %j as %s', (value, number) => {
    expect(parseStatValue(value)).toBe(number);
  });

  it('gives each side its share of the sum, keeps the values as written, and draws no bar it cannot read', () => {
    expect(
      buildStatBars([
        { label: 'Posse de bola', home: '58%', away: '42%' },
        { label: 'Finalizações', home: '12', away: '6' },
        { label: 'Impedimentos', home: '0', away: '0' },
        { label: 'Chutes (no gol)', home: '6 (2)', away: '3 (1)' },
      ]),
    ).toEqual([
      { label: 'Posse de bola', home: '58%', away: '42%', shares: { home: 0.58, away: 0.42 } },
      { label: 'Finalizações', home: '12', away: '6', shares: { home: 0.667, away: 0.333 } },
      { label: 'Impedimentos', home: '0', away: '0', shares: { home: 0, away: 0 } },
      { label: 'Chutes (no gol)', home: '6 (2)', away: '3 (1)', shares: null },
    ]);
  });
});

describe('match page text', () => {
  it('titles the match with its score once it has one', () => {
    expect(buildMatchTitle(buildMatch())).toBe('Flamengo 2 x 1 Palmeiras');
    expect(
      buildMatchTitle(buildMatch({ status: 'SCHEDULED', score: { home: null, away: null, penalties: null } })),
    ).toBe('Flamengo x Palmeiras');
    expect(
      buildMatchTitle(buildMatch({ status: 'FINISHED', score: { home: 1, away: 1, penalties: { home: 4, away: 5 } } })),
    ).toBe('Flamengo 1 x 1 (4 x 5 pên.) Palmeiras');
  });

  it.each([
    ['2026-11-21', 'sábado, 21/11/2026'],
    ['2026-11-22', 'domingo, 22/11/2026'],
    ['2027-01-01', 'sexta-feira, 01/01/2027'],
  ])('writes the day %s as %s', (date, text) => {
    expect(buildMatchDayText(date)).toBe(text);
  });

  it('stops asking only once the match is over', () => {
    expect(['FINISHED', 'POSTPONED', 'CANCELLED'].every((s) => isMatchSettled(s as Match['status']))).toBe(true);
    expect(
      ['SCHEDULED', 'IN_PLAY', 'PAUSED', 'SUSPENDED', 'UNKNOWN'].some((s) => isMatchSettled(s as Match['status'])),
    ).toBe(false);
  });

  it('says offline what it shows: the detail of its time, or the match as last received', () => {
    expect(buildMatchOfflineNotice('2026-11-21T19:41:05-03:00')).toBe('Sem conexão — mostrando os dados de 19:41:05');
    expect(buildMatchOfflineNotice(null)).toBe('Sem conexão — mostrando os últimos dados recebidos.');
  });

  it('writes a missing shirt number as nothing', () => {
    expect(buildShirtNumber({ name: 'Rossi', number: 1 })).toBe('1');
    expect(buildShirtNumber({ name: 'Rossi', number: null })).toBe('');
  });
});

describe('detail notice', () => {
  const DETAIL: MatchDetail = {
    venue: null,
    referee: null,
    round: null,
    broadcasts: [],
    goals: [],
    cards: [],
    substitutions: [],
    lineups: null,
    statistics: [],
  };
  const envelope = (
    overrides: Partial<MatchDetailEnvelope>,
  ): Pick<MatchDetailEnvelope, 'generatedAt' | 'stale' | 'match' | 'detail'> => ({
    generatedAt: '2026-11-21T19:41:05-03:00',
    stale: false,
    match: buildMatch(),
    detail: DETAIL,
    ...overrides,
  });

  it('says nothing when the detail is there and fresh', () => {
    expect(buildDetailNotice(envelope({}))).toBeNull();
  });

  it('says a match to come has not started when its page was read before kick-off (for its channels)', () => {
    const toCome = buildMatch({ status: 'SCHEDULED', score: { home: null, away: null, penalties: null } });
    expect(buildDetailNotice(envelope({ match: toCome }))).toBe(
      'O jogo ainda não começou: gols e cartões aparecem aqui depois do início.',
    );
  });

  it('says why the detail is missing: not started, postponed, cancelled, not read yet, not on the page', () => {
    const missing = (status: Match['status'], generatedAt: string | null = null): string | null =>
      buildDetailNotice(envelope({ generatedAt, detail: null, match: buildMatch({ status }) }));
    expect(missing('SCHEDULED')).toBe(
      'Detalhes ainda não disponíveis: o jogo ainda não começou. Gols, cartões e escalações aparecem aqui depois do início.',
    );
    expect(missing('POSTPONED')).toBe('Detalhes não disponíveis: o jogo foi adiado.');
    expect(missing('CANCELLED')).toBe('Detalhes não disponíveis: o jogo foi cancelado.');
    expect(missing('IN_PLAY')).toBe(
      'Detalhes ainda não disponíveis: a página do jogo ainda não foi lida no site de origem. Eles aparecem aqui assim que forem lidos.',
    );
    expect(missing('FINISHED', '2026-11-21T19:41:05-03:00')).toBe(
      'Detalhes não disponíveis: a página do jogo no site de origem não os traz.',
    );
  });

  it('says since when stale detail was last read', () => {
    expect(buildDetailNotice(envelope({ stale: true }))).toBe(
      'Detalhes desatualizados: a página do jogo não é lida desde 21/11 às 19:41:05. Os lances mostrados podem estar incompletos.',
    );
  });
});

describe('statistic bar widths', () => {
  it('draws each share in its half of the box, and nothing without shares', () => {
    expect(buildBarRects({ home: 0.58, away: 0.42 })).toEqual({ homeX: 20.6, home: 28.4, away: 20.6 });
    expect(buildBarRects({ home: 1, away: 0 })).toEqual({ homeX: 0, home: 49, away: 0 });
    expect(buildBarRects({ home: 0, away: 0 })).toEqual({ homeX: 49, home: 0, away: 0 });
    expect(buildBarRects(null)).toBeNull();
  });
});
