/**
 * Hostile match pages (issue 26, item 2): huge, deeply nested, thousands of events. They cost
 * time linear in the page (a ratio with a generous margin, never an absolute time: see
 * parse-linear.test.ts), and a page past the model's limits fails alone, as a
 * MatchPageParseError that says why — never a silently cut detail, never a zod dump.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DETAIL_LIMITS } from '../../../src/lib/model/model.ts';
import { finishSteps } from '../../../src/lib/model/steps.ts';
import { MatchPageParseError } from '../../../src/upstream/match-page/match-page-parse-error.ts';
import { readMatchPage, readMatchPageSteps } from '../../../src/upstream/match-page/parse-match-page.ts';

const PAGE_URL = 'http://127.0.0.1:4000/liga/21-11-2026-casa-x-fora.html';
const SAMPLE = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../fixtures/upstream/match-pages/jogo-flamengo-x-palmeiras.html'),
  'utf8',
);
/** MAX_RESPONSE_BYTES' default: the biggest page a fetch hands the parser. */
const MAX_PAGE_BYTES = 5 * 1024 * 1024;

const goalRow = (i: number): string =>
  `<div class="row content"><div class="event-line text-right">Jogador ${i} <img src="/images/goal.png"></div>` +
  `<div class="match-card-events-space">${(i % 90) + 1}'</div><div class="event-line text-left"></div></div>`;
const cardRow = (i: number): string =>
  `<div class="row content"><div class="event-line text-right"></div><div class="match-card-events-space">${(i % 90) + 1}'</div>` +
  `<div class="event-line text-left">Jogador ${i} <img src="/images/yellowcard.png"></div></div>`;
const page = (body: string): string =>
  `<!DOCTYPE html><html><body><div class="match-scoreboard"><span class="status-name">ENCERRADO</span></div>${body}</body></html>`;

function failure(html: string): MatchPageParseError {
  try {
    readMatchPage(html, PAGE_URL);
  } catch (error) {
    if (error instanceof MatchPageParseError) return error;
    throw error;
  }
  throw new Error('the page was read');
}

/**
 * The least CPU time (ms) of `rounds` runs: unlike the wall clock, it does not grow while a busy
 * machine runs other processes in between (a ratio of wall times failed CI's loaded runs).
 */
function fastest(html: string, rounds: number, check: (html: string) => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    const started = process.cpuUsage();
    check(html);
    const used = process.cpuUsage(started);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

describe('match pages past the model limits fail alone, saying why', () => {
  it('thousands of event rows: a MatchPageParseError counting them, read no further', () => {
    const error = failure(page(Array.from({ length: 5_000 }, (_, i) => cardRow(i)).join('')));
    expect(error.message).toMatch(/a página tem 5000 linhas de lances, mais do que as 600 que cabem no detalhe/);
    expect(error.pageDiagnostics).toMatchObject({ layout: 'newer', eventRows: 5_000, goals: 0 });
  });

  it('more goals than the model holds (within the row cap): the list is refused, not cut', () => {
    const error = failure(page(Array.from({ length: DETAIL_LIMITS.events + 50 }, (_, i) => goalRow(i)).join('')));
    expect(error.message).toContain(`a página tem ${DETAIL_LIMITS.events + 50} gols, mais do que os 200`);
    expect(error.pageDiagnostics?.goals).toBe(DETAIL_LIMITS.events + 50);
  });

  it('a lineup of more players than the model holds', () => {
    const row = (i: number): string =>
      `<tr><td><span><small>${i}.</small> Mandante ${i}</span></td><td><span><small>${i}.</small> Visitante ${i}</span></td></tr>`;
    const table = `<table>${Array.from({ length: DETAIL_LIMITS.lineup + 1 }, (_, i) => row(i + 1)).join('')}</table>`;
    expect(failure(page(table)).message).toContain('a escalação do mandante tem 61 jogadores, mais do que os 60');
  });

  it('more statistics than the model holds', () => {
    const row = (i: number): string =>
      `<tr><td class="stats-home-team"><small>${i}</small></td><td class="stats-category"><small>Dado ${i}</small></td>` +
      `<td class="stats-away-team"><small>${i}</small></td></tr>`;
    const table = `<table class="standing-table">${Array.from({ length: DETAIL_LIMITS.statistics + 1 }, (_, i) => row(i)).join('')}</table>`;
    expect(failure(page(table)).message).toContain('a página tem 61 estatísticas, mais do que as 60');
  });

  it('a name longer than the model allows skips its row, said with the reason', () => {
    const read = readMatchPage(page(goalRow(1).replace('Jogador 1', 'X'.repeat(DETAIL_LIMITS.text + 1))), PAGE_URL);
    expect(read.detail.goals).toEqual([]);
    expect(read.diagnostics.skippedRows[0]?.reason).toBe('nome com mais de 200 caracteres');
    // A long run of separators inside a name (the trim of stray dashes must stay linear).
    const dashes = readMatchPage(page(goalRow(1).replace('Jogador 1', `x${'-'.repeat(400_000)}x`)), PAGE_URL);
    expect(dashes.diagnostics.skippedRows[0]?.reason).toBe('nome com mais de 200 caracteres');
  });
});

describe('the match page parse on huge and deep pages', () => {
  it('takes about 10× as long for 10× the event rows (bound: 25×), refusing both', () => {
    const small = page(Array.from({ length: 2_500 }, (_, i) => cardRow(i)).join(''));
    const large = page(Array.from({ length: 25_000 }, (_, i) => cardRow(i)).join(''));
    const refuses = (html: string): void => void expect(failure(html).message).toMatch(/linhas de lances/);
    fastest(small, 1, refuses); // warm-up
    expect(fastest(large, 2, refuses) / fastest(small, 2, refuses)).toBeLessThan(25);
  }, 120_000);

  it('takes about 10× as long for a page 10× bigger (padding up to 5 MB), reading the same detail', () => {
    const padded = (bytes: number): string =>
      SAMPLE.replace(
        '<footer>',
        `${'<div class="ad"><p><span>publicidade</span></p></div>'.repeat(bytes / 52)}<footer>`,
      );
    const small = padded(MAX_PAGE_BYTES / 10);
    const large = padded(MAX_PAGE_BYTES);
    expect(large.length).toBeGreaterThan(MAX_PAGE_BYTES * 0.95);
    const reads = (html: string): void => void expect(readMatchPage(html, PAGE_URL).detail.goals).toHaveLength(4);
    fastest(small, 1, reads);
    expect(fastest(large, 2, reads) / fastest(small, 2, reads)).toBeLessThan(25);
  }, 120_000);

  it('refuses a page nested 100k levels deep at once, saying why; reads one nested 450 deep', () => {
    const deep = (depth: number, inner: string): string => `${'<div>'.repeat(depth)}${inner}${'</div>'.repeat(depth)}`;
    const error = failure(SAMPLE.replace('<footer>', `${deep(100_000, '<span>fundo</span>')}<footer>`));
    expect(error.message).toContain('a página aninha elementos em mais de 500 níveis');
    const nested = SAMPLE.replace('<footer>', `${deep(450, '<span>fundo</span>')}<footer>`);
    expect(readMatchPage(nested, PAGE_URL).detail).toEqual(readMatchPage(SAMPLE, PAGE_URL).detail);
  });

  it('takes about 10× as long for 10× the stray closing tags under a deep page (bound: 25×)', () => {
    const strays = (count: number): string =>
      SAMPLE.replace('<footer>', `${'<div>'.repeat(450)}${'</b>'.repeat(count)}${'</div>'.repeat(450)}<footer>`);
    const small = strays(50_000);
    const large = strays(500_000);
    const reads = (html: string): void => void expect(readMatchPage(html, PAGE_URL).detail.goals).toHaveLength(4);
    fastest(small, 1, reads);
    expect(fastest(large, 2, reads) / fastest(small, 2, reads)).toBeLessThan(25);
  }, 120_000);

  it('does not read an event cell far bigger than a cell, and says why', () => {
    const deepCell = page(
      `<div class="row content"><div class="event-line text-right">${'<b>'.repeat(350)}Pedro <img src="/images/goal.png">${'</b>'.repeat(350)}</div>` +
        `<div class="match-card-events-space">23'</div></div>`,
    );
    const read = readMatchPage(deepCell, PAGE_URL);
    expect(read.detail.goals).toEqual([]);
    expect(read.diagnostics.skippedRows[0]?.reason).toMatch(/grande demais/);
  });

  it('is cut in steps (a serving process answers in between), with the same result', () => {
    const html = SAMPLE.replace('<footer>', `${'<p>texto</p>'.repeat(100_000)}<footer>`);
    const steps = readMatchPageSteps(html, PAGE_URL);
    let count = 0;
    let next = steps.next();
    while (!next.done) {
      count++;
      next = steps.next();
    }
    expect(count).toBeGreaterThan(10);
    expect(next.value).toEqual(finishSteps(readMatchPageSteps(SAMPLE, PAGE_URL)));
  });
});
