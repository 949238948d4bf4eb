/**
 * TEMPORARY (replaced by the match-page parser of issue 26's upstream work before landing):
 * the newer layout's goals and cards only, enough to drive the pipeline.
 */
import * as cheerio from 'cheerio';
import type { MatchDetail, Score } from '../lib/model/model.ts';
import type { Steps } from '../lib/model/steps.ts';
import { ParseError } from './errors.ts';

export interface MatchPageRead {
  detail: MatchDetail;
  pageScore: { home: number; away: number } | null;
  diagnostics: { layout: 'newer' | 'older' | 'none' };
}

export function* readMatchPageSteps(html: string, pageUrl: string): Steps<MatchPageRead> {
  const $ = cheerio.load(html);
  if ($('.match-scoreboard').length === 0) throw new ParseError(pageUrl, 'não é uma página de jogo');
  const detail: MatchDetail = {
    venue: null,
    referee: null,
    goals: [],
    cards: [],
    substitutions: [],
    lineups: null,
    statistics: [],
  };
  $('.events .row').each((_, row) => {
    const minuteText = $(row).find('.match-card-events-space').text().trim();
    const [, m = '0', extra] = /^(\d+)(?:\+(\d+))?/.exec(minuteText) ?? [];
    for (const [selector, team] of [
      ['.text-right', 'HOME'],
      ['.text-left', 'AWAY'],
    ] as const) {
      const cell = $(row).find(`.event-line${selector}`);
      const text = cell.text().trim();
      if (text === '') continue;
      const player = text.replace(/\s*\(.*\)\s*$/, '').trim();
      const src = cell.find('img').attr('src') ?? '';
      const timing = { minute: Number(m), injuryTime: extra ? Number(extra) : null };
      if (src.includes('goal') || text.includes('gol anulado'))
        detail.goals.push({
          team,
          player,
          ...timing,
          ownGoal: src.includes('own-goal'),
          penalty: text.includes('pênalti'),
          cancelled: text.includes('gol anulado'),
        });
      else if (src.includes('card') || src.includes('yellowred'))
        detail.cards.push({
          team,
          player,
          ...timing,
          color: src.includes('yellowcard') ? 'YELLOW' : 'RED',
          secondYellow: src.includes('yellowred'),
        });
    }
  });
  const scores = $('.match-score-text')
    .map((_, el) => Number($(el).text().trim()))
    .get();
  const pageScore = scores.length === 2 ? { home: scores[0] ?? 0, away: scores[1] ?? 0 } : null;
  return { detail, pageScore, diagnostics: { layout: 'newer' } };
}

export function findScoreContradiction(
  detail: MatchDetail,
  listingScore: Score,
  pageScore: { home: number; away: number } | null,
): string | null {
  const count = (team: 'HOME' | 'AWAY'): number => detail.goals.filter((g) => g.team === team && !g.cancelled).length;
  const read = { home: count('HOME'), away: count('AWAY') };
  for (const [name, score] of [
    ['listagem', listingScore],
    ['página', pageScore],
  ] as const) {
    if (!score || score.home === null || score.away === null) continue;
    if (score.home !== read.home || score.away !== read.away)
      return `os gols lidos (${read.home} x ${read.away}) não batem com o placar da ${name} (${score.home} x ${score.away})`;
  }
  return null;
}
