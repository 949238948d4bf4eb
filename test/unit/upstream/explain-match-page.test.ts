/**
 * `npm run scrape -- --file` on a saved match page (issue 26, item 2): the page told apart from
 * a listing, and the pt-BR lines that explain what was read (the live `--explain` prints the same
 * lines through formatMatchPageExplanation).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { explainMatchPage, formatMatchPageExplanation } from '../../../src/upstream/match-page/explain-match-page.ts';
import { detectPageKind } from '../../../src/upstream/page-kind.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/upstream');
const readFixture = (name: string): string => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const PAGE_URL = 'https://www.placardefutebol.com.br/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html';

describe('detectPageKind', () => {
  it('tells a match page from a listing by its markup, else by its name', () => {
    expect(detectPageKind(readFixture('match-pages/jogo-flamengo-x-palmeiras.html'), 'salvo.html')).toBe('match');
    expect(detectPageKind(readFixture('match-pages/jogo-antigo-corinthians-x-santos.html'), 'a.html')).toBe('match');
    expect(detectPageKind(readFixture('jogos-de-hoje.html'), '21-11-2026-a-x-b.html')).toBe('listing');
    expect(detectPageKind(readFixture('cards/variants.html'), 'x.html')).toBe('listing');
    const blank = '<html><body><h1>Erro</h1></body></html>';
    expect(detectPageKind(blank, '/tmp/21-11-2026-flamengo-x-palmeiras.html')).toBe('match');
    expect(detectPageKind(blank, 'pagina.html', PAGE_URL)).toBe('match');
    expect(detectPageKind(blank, 'jogos-de-hoje.html', 'https://x.test/jogos-de-hoje')).toBe('listing');
  });
});

describe('explainMatchPage', () => {
  it('explains the sample: layout, scoreboard, counts, goals that count, venue, referee', () => {
    const { lines, failed } = explainMatchPage(
      'jogo.html',
      readFixture('match-pages/jogo-flamengo-x-palmeiras.html'),
      PAGE_URL,
    );
    expect(failed).toBe(false);
    expect(lines).toEqual([
      '== jogo.html ==',
      'formato reconhecido: página de jogo, formato atual (.match-details, .event-line)',
      'placar da página: Flamengo 2 x 1 Palmeiras (67 MIN)',
      'linhas de lances: 7 (gols: 4, cartões: 3, substituições: 0)',
      'gols que contam: 2 x 1 (e 1 anulado)',
      'local: Maracanã, Rio de Janeiro - RJ',
      'árbitro: Wilton Pereira Sampaio',
      'escalações: 22 titulares',
      'estatísticas: 3',
      'ignorados: 0',
    ]);
  });

  it('says the older layout, the bench left out, and a match not started', () => {
    const older = explainMatchPage(
      'a.html',
      readFixture('match-pages/jogo-antigo-corinthians-x-santos.html'),
      PAGE_URL,
    );
    expect(older.lines).toContain(
      'formato reconhecido: página de jogo, formato antigo (.match-info, .match-card-events-home-team/-away-team)',
    );
    expect(older.lines).toContain('escalações: 12 titulares; reservas lidas e deixadas de fora do detalhe: 2');
    const scheduled = explainMatchPage('b.html', readFixture('match-pages/jogo-nao-comecou.html'), PAGE_URL);
    expect(scheduled.lines).toContain('placar da página: Atlético-MG x Red Bull Bragantino, sem placar (HOJE 21:30)');
    expect(scheduled.lines).toContain('escalações: nenhuma');
  });

  it('fails, saying why, for a page that is not a match page or whose goals contradict its scoreboard', () => {
    const blocked = explainMatchPage('c.html', '<html><body>Acesso negado</body></html>', PAGE_URL);
    expect(blocked.failed).toBe(true);
    expect(blocked.lines[1]).toBe(
      'formato reconhecido: nenhum (nem o placar .match-scoreboard nem os detalhes de jogo de um dos dois formatos)',
    );
    expect(blocked.lines.at(-1)).toMatch(/^erro: Página .* não reconhecida: a página não tem o placar/);
    const sample = readFixture('match-pages/jogo-flamengo-x-palmeiras.html');
    const wrongScore = sample.replace('match-score-text">1<', 'match-score-text">3<');
    const contradicted = explainMatchPage('d.html', wrongScore, PAGE_URL);
    expect(contradicted.failed).toBe(true);
    expect(contradicted.lines.at(-1)).toBe(
      'erro: os gols lidos (2 x 1) não batem com o placar da própria página (2 x 3)',
    );
  });

  it('lists skipped rows with their section, reason and snippet, and a 304', () => {
    const lines = formatMatchPageExplanation({
      title: 'flamengo',
      notModified: true,
      error: null,
      diagnostics: {
        layout: 'newer',
        statusLabel: null,
        teams: null,
        eventRows: 1,
        goals: 0,
        cards: 0,
        substitutions: 0,
        lineupPlayers: 0,
        benchPlayers: 0,
        statistics: 0,
        skipped: 51,
        skippedRows: [{ section: 'event', reason: 'sem o minuto do lance', snippet: '<div>Pedro</div>' }],
      },
    });
    expect(lines).toEqual([
      '== flamengo ==',
      'a página não mudou (304): nada foi lido de novo',
      'formato reconhecido: página de jogo, formato atual (.match-details, .event-line)',
      'placar da página: mandante x visitante, sem placar',
      'linhas de lances: 1 (gols: 0, cartões: 0, substituições: 0)',
      'escalações: nenhuma',
      'estatísticas: 0',
      'ignorados: 51',
      '  - lance: sem o minuto do lance',
      '    <div>Pedro</div>',
      '  … e mais 50',
    ]);
  });
});
