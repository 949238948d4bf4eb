/** Which changes alert the fan, and the words of the notification, the announcement and the title badge. */
import { describe, expect, it } from 'vitest';
import {
  buildAlert,
  buildAlerts,
  buildAlertSentence,
  buildBadgedTitle,
  chooseAlerts,
  withScorer,
} from '../../../src/lib/display/match-alerts.ts';
import { findGoalScorer } from '../../../src/lib/model/detail-events.ts';
import { changesOfMatch } from '../../../src/lib/model/match-events.ts';
import type { Match, MatchDetail, Status } from '../../../src/lib/model/model.ts';
import { buildDerby } from '../../support/samples/derby-match.ts';

const match = (status: Status, home: number | null, away: number | null, options: Partial<Match> = {}): Match =>
  buildDerby(status, home, away, { id: 'brasileirao-serie-a/21-11-2026-vasco-da-gama-x-flamengo', ...options });

const FLAMENGO = new Set(['Flamengo']);

describe('chooseAlerts', () => {
  it('keeps kick-off, goals, cancelled goals, half-time and full-time of followed teams', () => {
    const changes = changesOfMatch(match('SCHEDULED', null, null), match('PAUSED', 0, 1));
    expect(chooseAlerts(changes, FLAMENGO).map((c) => c.type)).toEqual(['KICK_OFF', 'GOAL', 'HALF_TIME']);
    const full = changesOfMatch(match('IN_PLAY', 0, 2), match('FINISHED', 0, 1));
    expect(chooseAlerts(full, new Set(['Vasco da Gama'])).map((c) => c.type)).toEqual(['GOAL_CANCELLED', 'FULL_TIME']);
  });

  it('says nothing of teams not followed, nor of the second half or a postponement', () => {
    expect(
      chooseAlerts(changesOfMatch(match('IN_PLAY', 0, 0), match('IN_PLAY', 0, 1)), new Set(['Palmeiras'])),
    ).toEqual([]);
    expect(chooseAlerts(changesOfMatch(match('PAUSED', 0, 0), match('IN_PLAY', 0, 0)), FLAMENGO)).toEqual([]);
    expect(
      chooseAlerts(changesOfMatch(match('SCHEDULED', null, null), match('POSTPONED', null, null)), FLAMENGO),
    ).toEqual([]);
  });
});

describe('buildAlert', () => {
  it('a goal: "Gol" and the scoring team in the title, the whole score and the minute in the body', () => {
    const [goal] = changesOfMatch(match('IN_PLAY', 0, 1), match('IN_PLAY', 0, 2));
    const alert = buildAlert(goal ?? expect.fail('no change'));
    expect(alert.title).toBe('Gol! Flamengo');
    expect(alert.body).toBe("Vasco da Gama 0 x 2 Flamengo · 67'");
    expect(alert.short).toBe('GOL Flamengo');
    expect(buildAlertSentence(alert)).toBe("Gol! Flamengo — Vasco da Gama 0 x 2 Flamengo · 67'");
  });

  it('a home goal names the home team; a cancelled goal says so, with the corrected score', () => {
    const [home] = changesOfMatch(match('IN_PLAY', 0, 0), match('IN_PLAY', 1, 0));
    expect(buildAlert(home ?? expect.fail('no change')).title).toBe('Gol! Vasco da Gama');
    const [cancelled] = changesOfMatch(
      match('IN_PLAY', 0, 2),
      match('IN_PLAY', 0, 1, { minute: 71, injuryTime: null }),
    );
    const alert = buildAlert(cancelled ?? expect.fail('no change'));
    expect(alert).toMatchObject({ title: 'Gol anulado: Flamengo', body: "Vasco da Gama 0 x 1 Flamengo · 71'" });
    expect(alert.short).toBe(alert.title);
  });

  it('kick-off, half-time and full-time (with penalties) name both teams and the moment', () => {
    const texts = (before: Match, after: Match): string[] =>
      changesOfMatch(before, after).map((change) => `${buildAlert(change).title} | ${buildAlert(change).body}`);
    expect(texts(match('SCHEDULED', null, null), match('IN_PLAY', 0, 0, { minute: 1 }))).toEqual([
      "Começou: Vasco da Gama x Flamengo | Vasco da Gama 0 x 0 Flamengo · 1'",
    ]);
    expect(texts(match('IN_PLAY', 1, 1), match('PAUSED', 1, 1))).toEqual([
      'Intervalo: Vasco da Gama x Flamengo | Vasco da Gama 1 x 1 Flamengo · Intervalo',
    ]);
    const shootout = match('FINISHED', 1, 1, { score: { home: 1, away: 1, penalties: { home: 4, away: 5 } } });
    expect(texts(match('IN_PLAY', 1, 1), shootout)).toEqual([
      'Fim de jogo: Vasco da Gama x Flamengo | Vasco da Gama 1 x 1 (4 x 5 pên.) Flamengo · Encerrado',
    ]);
  });
});

describe('buildAlerts', () => {
  it('gives each change its own tag, also two goals of one jump, and the same change the same tag', () => {
    const jump = buildAlerts(changesOfMatch(match('IN_PLAY', 0, 0), match('IN_PLAY', 0, 2)));
    expect(jump.map((alert) => alert.title)).toEqual(['Gol! Flamengo', 'Gol! Flamengo']);
    expect(new Set(jump.map((alert) => alert.tag)).size).toBe(2);
    const again = buildAlerts(changesOfMatch(match('IN_PLAY', 0, 0), match('IN_PLAY', 0, 2)));
    expect(again.map((alert) => alert.tag)).toEqual(jump.map((alert) => alert.tag));
  });
});

describe('buildBadgedTitle', () => {
  it('counts the unseen alerts and shows the latest; none: the page title', () => {
    const [first, second] = buildAlerts(changesOfMatch(match('IN_PLAY', 0, 0), match('IN_PLAY', 1, 1)));
    expect(buildBadgedTitle('Hoje · Placar', [])).toBe('Hoje · Placar');
    expect(buildBadgedTitle('Hoje · Placar', [second ?? expect.fail('no alert')])).toBe('(1) GOL Flamengo · Placar');
    expect(
      buildBadgedTitle(
        'Hoje · Placar',
        [second, first].filter((a) => a !== undefined),
      ),
    ).toBe('(2) GOL Vasco da Gama · Placar');
  });
});

describe('the scorer in a goal alert', () => {
  it('numbers each goal of a jump on its side, so each finds its own scorer', () => {
    const alerts = buildAlerts(changesOfMatch(match('IN_PLAY', 0, 0), match('IN_PLAY', 0, 2)));
    expect(alerts.map((alert) => alert.goal)).toEqual([
      { team: 'AWAY', number: 1, sideScore: 2 },
      { team: 'AWAY', number: 2, sideScore: 2 },
    ]);
    expect(buildAlerts(changesOfMatch(match('IN_PLAY', 0, 0), match('PAUSED', 0, 0)))[0]?.goal).toBeUndefined();
  });

  it('names scorer and minute, own goals and penalties, after the team', () => {
    const [alert] = buildAlerts(changesOfMatch(match('IN_PLAY', 0, 1), match('IN_PLAY', 0, 2)));
    if (!alert?.goal) throw new Error('no goal alert');
    const detail: MatchDetail = {
      venue: null,
      referee: null,
      round: null,
      broadcasts: [],
      substitutions: [],
      lineups: null,
      statistics: [],
      cards: [],
      goals: [
        {
          team: 'AWAY',
          player: 'Pedro',
          minute: 23,
          injuryTime: null,
          ownGoal: false,
          penalty: false,
          cancelled: false,
        },
        {
          team: 'AWAY',
          player: 'Léo Ortiz',
          minute: 45,
          injuryTime: 2,
          ownGoal: true,
          penalty: false,
          cancelled: false,
        },
      ],
    };
    const scorer = findGoalScorer(detail, alert.goal.team, alert.goal.number, alert.goal.sideScore);
    if (!scorer) throw new Error('no scorer');
    const named = withScorer(alert, scorer);
    expect(named.title).toBe("Gol! Flamengo: Léo Ortiz (contra), 45+2'");
    expect(buildAlertSentence(named)).toBe(
      "Gol! Flamengo: Léo Ortiz (contra), 45+2' — Vasco da Gama 0 x 2 Flamengo · 67'",
    );
    expect(named.tag).toBe(alert.tag);
  });
});
