/**
 * The match page as a refresh renders it: the site bundle's handler (src/refresh/render/render-routes.ts)
 * with match data handed in Astro.locals, for what the sample page alone does not show — every part
 * of a detail (substitutions, a lineup without a shirt number, a statistic that draws no bar, venue
 * and referee), a detail not read yet (and why), an old one, a finished match — read back from the
 * HTML written into the build's folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMatchRoutes } from '../../../src/lib/api/data-routes.ts';
import type { MatchPageData } from '../../../src/lib/display/match-page-data.ts';
import { TIMEZONE, type Match, type MatchDetail } from '../../../src/lib/model/model.ts';
import { renderDataRoutes } from '../../../src/refresh/render/render-routes.ts';
import { ensureSiteBundle } from '../../../src/refresh/render/site-bundle.ts';
import { readExpectedMatchDetail } from '../../../harness/fixture-snapshot.ts';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import { buildSampleMatch } from '../../support/samples/sample-match.ts';

const UPSTREAM = 'http://127.0.0.1:9';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-match-render-'));
const clientDir = path.join(dataDir, 'out');

function buildMatch(id: string, overrides: Partial<Match> = {}): Match {
  return buildSampleMatch({
    id,
    url: `${UPSTREAM}/${id}.html`,
    homeTeam: {
      name: 'Flamengo',
      crest: `/escudos/${'a'.repeat(64)}.png`,
      crestSource: 'https://escudos.example/fla.png',
      slug: null,
    },
    ...overrides,
  });
}

const WHOLE: MatchDetail = {
  ...readExpectedMatchDetail(),
  substitutions: [
    { team: 'AWAY', minute: 75, injuryTime: null, playerIn: 'Dudu', playerOut: 'Estêvão' },
    { team: 'HOME', minute: 60, injuryTime: null, playerIn: 'Bruno Henrique', playerOut: 'Luiz Araújo' },
  ],
  lineups: {
    home: [
      { name: 'Rossi', number: 1 },
      { name: 'Pedro', number: null },
    ],
    away: [{ name: 'Weverton', number: 21 }],
  },
  statistics: [
    { label: 'Posse de bola', home: '58%', away: '42%' },
    { label: 'Chutes (no gol)', home: '6 (2)', away: '3 (1)' },
  ],
};

function page(match: Match, fields: Partial<MatchPageData['envelope']>): MatchPageData {
  return {
    envelope: {
      generatedAt: '2026-11-21T19:41:05-03:00',
      matchReadAt: null,
      timezone: TIMEZONE,
      source: match.url,
      stale: false,
      match,
      detail: WHOLE,
      ...fields,
    },
    upstreamUrl: UPSTREAM,
    today: '2026-11-21',
  };
}

const PAGES: Record<string, MatchPageData> = {
  'copa/inteiro': page(buildMatch('copa/inteiro'), {}),
  'copa/sem-detalhe': page(buildMatch('copa/sem-detalhe'), { generatedAt: null, detail: null }),
  'copa/a-comecar': page(
    buildMatch('copa/a-comecar', {
      status: 'SCHEDULED',
      statusLabel: '21:30',
      minute: null,
      score: { home: null, away: null, penalties: null },
    }),
    { generatedAt: null, detail: null },
  ),
  'copa/antigo': page(buildMatch('copa/antigo'), { stale: true }),
  'copa/encerrado': page(
    buildMatch('copa/encerrado', {
      status: 'FINISHED',
      minute: null,
      score: { home: 1, away: 1, penalties: { home: 4, away: 5 } },
    }),
    {
      detail: {
        ...WHOLE,
        goals: [],
        cards: [],
        lineups: null,
        statistics: [],
        substitutions: [],
        venue: null,
        referee: null,
      },
    },
  ),
};

beforeAll(async () => {
  const { bundle } = await ensureSiteBundle({
    projectRoot: PROJECT_ROOT,
    dataDir,
    upstreamUrl: UPSTREAM,
    timeoutMs: 170_000,
    env: process.env,
  });
  await renderDataRoutes({
    serverEntry: bundle.serverEntry,
    clientDir,
    dataDir,
    upstreamUrl: UPSTREAM,
    refreshIntervalSeconds: 60,
    routes: Object.keys(PAGES).flatMap((id) => buildMatchRoutes(id).filter((route) => route.path.startsWith('/jogo/'))),
    locals: { matchPages: new Map(Object.entries(PAGES)) },
    timeoutMs: 60_000,
  });
});

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function load(id: string): cheerio.CheerioAPI {
  return cheerio.load(fs.readFileSync(path.join(clientDir, 'jogo', `${id}.html`), 'utf8'));
}

/** Text of each element of `selector`, whitespace collapsed. */
function texts($: cheerio.CheerioAPI, selector: string): string[] {
  return $(selector)
    .toArray()
    .map((element) => $(element).text().replace(/\s+/g, ' ').trim());
}

/** Each element of `selector` as its children's texts, one space between (as laid out apart). */
function childTexts($: cheerio.CheerioAPI, selector: string): string[] {
  return $(selector)
    .toArray()
    .map((element) =>
      $(element)
        .children()
        .toArray()
        .map((child) => $(child).text())
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim(),
    );
}

describe('the match page, rendered by the site bundle', () => {
  it('shows every part of a whole detail', () => {
    const $ = load('copa/inteiro');
    expect($('title').text()).toBe('Flamengo 2 x 1 Palmeiras · Placar');
    expect($('.scoreboard-crest').attr('src')).toBe(`/escudos/${'a'.repeat(64)}.png`);
    expect($('.scoreboard img')).toHaveLength(1);
    expect($('[data-match-page]').attr('data-endpoint')).toBe('/api/jogo/copa/inteiro');
    expect(texts($, '[data-list="timeline"] .event')).toHaveLength(7);
    expect(texts($, '[data-list="timeline"] del')).toEqual(['Pedro']);
    expect(texts($, '[data-list="substitutions"] .event')).toEqual([
      "60' ↑Entra: Bruno Henrique ↓Sai: Luiz Araújo",
      "75' ↑Entra: Dudu ↓Sai: Estêvão",
    ]);
    expect(
      $('[data-list="substitutions"] .event')
        .toArray()
        .map((e) => $(e).attr('class')),
    ).toEqual(['event event--home', 'event event--away']);
    expect(texts($, '[data-list="lineup-home"] li')).toEqual(['1 Rossi', 'Pedro']);
    expect(texts($, '[data-list="lineup-away"] li')).toEqual(['21 Weverton']);
    expect(texts($, '.lineup h3')).toEqual(['Flamengo', 'Palmeiras']);
    expect(texts($, '[data-list="statistics"] .stat')).toEqual([
      'Posse de bola Flamengo: 58% Palmeiras: 42%',
      'Chutes (no gol) Flamengo: 6 (2) Palmeiras: 3 (1)',
    ]);
    const bars = $('[data-list="statistics"] [data-bar]');
    expect(bars.toArray().map((bar) => $(bar).attr('hidden') !== undefined)).toEqual([false, true]);
    expect($(bars[0]).find('svg').attr('aria-hidden')).toBe('true');
    expect($(bars[0]).find('.stat-fill--home').attr('width')).toBe('28.4');
    expect($(bars[0]).find('.stat-fill--home').attr('x')).toBe('20.6');
    expect($(bars[0]).find('.stat-fill--away').attr('width')).toBe('20.6');
    expect(childTexts($, '.match-facts div:not([hidden])')).toEqual([
      'Competição Brasileirão Série A',
      'Data sábado, 21/11/2026',
      'Início 21:30',
      'Fase Rodada 12',
      'Estádio Maracanã, Rio de Janeiro - RJ',
      'Árbitro Wilton Pereira Sampaio',
    ]);
    for (const section of ['substitutions', 'lineups', 'statistics'])
      expect($(`[data-section="${section}"]`).attr('hidden'), section).toBeUndefined();
    expect($('[data-detail-notice]').attr('hidden')).toBeDefined();
    expect($('[data-settled]')).toHaveLength(0);
    expect($('.auto-refresh').text()).toBe('Auto-refresh em 60s');
  });

  it('says why the detail is missing, and shows no empty section', () => {
    expect(load('copa/sem-detalhe')('[data-detail-notice]').text()).toBe(
      'Detalhes ainda não disponíveis: a página do jogo ainda não foi lida no site de origem. Eles aparecem aqui assim que forem lidos.',
    );
    const $ = load('copa/a-comecar');
    expect($('[data-detail-notice]').text()).toBe(
      'Detalhes ainda não disponíveis: o jogo ainda não começou. Gols, cartões e escalações aparecem aqui depois do início.',
    );
    expect($('[data-detail]').attr('hidden')).toBeDefined();
    expect(childTexts($, '.scoreboard-center')).toEqual(['Hoje 21:30']);
    expect($('title').text()).toBe('Flamengo x Palmeiras · Placar');
    expect($('[data-fact="venue"]').attr('hidden')).toBeDefined();
  });

  it('says since when an old detail was read', () => {
    expect(load('copa/antigo')('[data-detail-notice]').text()).toBe(
      'Detalhes desatualizados: a página do jogo não é lida desde 21/11 às 19:41:05. Os lances mostrados podem estar incompletos.',
    );
  });

  it('renders a finished match settled: no refresh, the shoot-out, the winner, no empty section', () => {
    const $ = load('copa/encerrado');
    expect($('[data-match-page]').attr('data-settled')).toBe('true');
    expect($('.auto-refresh')).toHaveLength(0);
    expect(childTexts($, '.scoreboard-center')).toEqual(['Encerrado 1 x 1 (4 x 5 pên.)']);
    expect($('.scoreboard').attr('data-winner')).toBe('away');
    expect(texts($, '[data-empty="timeline"]')).toEqual(['Nenhum gol ou cartão.']);
    for (const section of ['substitutions', 'lineups', 'statistics'])
      expect($(`[data-section="${section}"]`).attr('hidden'), section).toBeDefined();
    expect($('[data-fact="referee"]').attr('hidden')).toBeDefined();
  });
});
