/**
 * A scrape that explains itself: `npm run scrape -- --explain` against the fake upstream serving
 * card pages, `--file` on saved pages with no network, the parse summary kept per listing in
 * scrape-state.json (what /healthz shows), and its log notices said once, not every minute.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCardLayout } from '../../../src/demo/card-layout.ts';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { parseConfig } from '../../../src/lib/config/config.ts';
import { LISTING_PATHS } from '../../../src/lib/model/model.ts';
import { readScrapeState } from '../../../src/lib/store/scraped/scrape-state-store.ts';
import { formatScrapeWarnings } from '../../../src/refresh/refresh-log.ts';
import { runScrape } from '../../../src/refresh/scrape/scrape.ts';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import { runChild } from '../../../harness/watched-child.ts';

const FIXTURES = path.join(PROJECT_ROOT, 'test/fixtures/upstream');
const fixture = (name: string): string => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const rowPages = readFixturePages();
/** live: cards; hoje: the card variants (2 skipped of 14, 2 unknown labels); amanha: every card malformed. */
const cardPages = {
  [LISTING_PATHS.live]: toCardLayout(rowPages[LISTING_PATHS.live] ?? ''),
  [LISTING_PATHS.hoje]: fixture('cards/variants.html'),
  [LISTING_PATHS.amanha]: fixture('cards/all-malformed.html'),
};

const tempDirs: string[] = [];
function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-explain-'));
  tempDirs.push(dir);
  return dir;
}

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream({ pages: cardPages });
});
afterAll(async () => {
  await upstream.close();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}
function runScrapeScript(args: string[], env: Record<string, string>): Promise<ScriptRun> {
  return runChild(process.execPath, ['scripts/scrape.ts', ...args], {
    name: 'scripts/scrape.ts',
    cwd: PROJECT_ROOT,
    env: { ...process.env, REQUEST_TIMEOUT_MS: '5000', ...env },
  });
}

/** The lines of one listing's explanation block ("== hoje — … ==" up to the next block). */
function block(stdout: string, title: RegExp): string[] {
  const lines = stdout.split('\n');
  const start = lines.findIndex((line) => line.startsWith('== ') && title.test(line));
  if (start < 0) throw new Error(`no block ${title} in:\n${stdout}`);
  const end = lines.findIndex((line, i) => i > start && line.startsWith('== '));
  return lines.slice(start, end < 0 ? undefined : end).filter((line) => line !== '');
}

describe('npm run scrape -- --explain', () => {
  it('explains each listing: markup, candidates, matches, each skipped one with reason and HTML, unknown labels; exit 1 when a listing had candidates and none parsed', async () => {
    const dataDir = tempDataDir();
    const run = await runScrapeScript(['--explain'], { UPSTREAM_URL: upstream.url, DATA_DIR: dataDir });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(block(run.stdout, /^== live — /)).toEqual([
      `== live — ${upstream.url}/jogos-em-andamento ==`,
      'formato reconhecido: cartões (em #livescore)',
      'candidatos: 4 (0 linhas, 4 cartões)',
      'jogos lidos: 4',
      'ignorados: 0',
      'situações não reconhecidas: nenhuma',
    ]);
    const hoje = block(run.stdout, /^== hoje — /);
    expect(hoje.slice(1, 5)).toEqual([
      'formato reconhecido: cartões (em #main)',
      'candidatos: 14 (0 linhas, 14 cartões)',
      'jogos lidos: 12',
      'ignorados: 2',
    ]);
    expect(hoje).toContain('  - cartão: sem os nomes dos dois times');
    expect(hoje.find((line) => line.includes('criciuma-x-a-definir'))).toMatch(
      /^ {4}<a href="\/copa-do-brasil\/21-11-2026-criciuma-x-a-definir\.html" class="match__md">/,
    );
    expect(hoje).toContain('situações não reconhecidas: "2º TEMPO", "A DEFINIR"');
    const amanha = block(run.stdout, /^== amanha — /);
    expect(amanha).toContain('ignorados: 3');
    // Never fetched before: the message does not claim to have kept data (issue 23).
    expect(amanha.at(-1)).toMatch(
      /^erro: .*nenhum dos 3 cartões de jogo pôde ser lido.*ainda não há dados desta lista/,
    );
    // The summary lines and the notices come first, once.
    expect(run.stdout).toMatch(/^hoje: 12 jogos em \d+ ms$/m);
    expect(run.stdout.match(/situação não reconhecida "2º TEMPO", "A DEFINIR"/g)).toHaveLength(1);
  });

  it('reads the pages in full even when it holds their validators (never "304: nothing read")', async () => {
    const dataDir = tempDataDir();
    const config = parseConfig({ UPSTREAM_URL: upstream.url, DATA_DIR: dataDir, REQUEST_TIMEOUT_MS: '5000' });
    await runScrape(config);
    const before = upstream.requests.length;
    const run = await runScrapeScript(['--explain'], { UPSTREAM_URL: upstream.url, DATA_DIR: dataDir });
    const sent = upstream.requests.slice(before);
    // --explain reads every listing, ontem too (its hourly rhythm does not apply).
    expect(sent).toHaveLength(4);
    for (const request of sent) expect(request.headers['if-none-match']).toBeUndefined();
    expect(run.stdout).not.toMatch(/não mudou \(304\)/);
    expect(block(run.stdout, /^== hoje — /)).toContain('jogos lidos: 12');
  });
});

describe('npm run scrape -- --file', () => {
  it('explains saved pages offline, leaving DATA_DIR untouched; exit 0 when they parse', async () => {
    const dataDir = tempDataDir();
    const file = path.join(FIXTURES, 'cards/jogos-de-hoje-mixed.html');
    // Port 9 (discard) on loopback: nothing answers there, so any request would fail the run.
    const run = await runScrapeScript(['--file', file], { UPSTREAM_URL: 'http://127.0.0.1:9', DATA_DIR: dataDir });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n').slice(0, 4)).toEqual([
      `== ${file} (lido como http://127.0.0.1:9/jogos-de-hoje) ==`,
      'formato reconhecido: linhas e cartões (em #livescore)',
      'candidatos: 14 (9 linhas, 5 cartões); repetidos no bloco de destaque: 1',
      'jogos lidos: 13',
    ]);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('exits 1 for a saved page where nothing parses (every card malformed, or no known markup), 2 for a missing file', async () => {
    const dataDir = tempDataDir();
    const env = { UPSTREAM_URL: 'http://127.0.0.1:9', DATA_DIR: dataDir };
    const malformed = await runScrapeScript(
      ['--file', path.join(FIXTURES, 'cards/all-malformed.html'), '--url', 'https://www.placardefutebol.com.br/x'],
      env,
    );
    expect(malformed.code).toBe(1);
    expect(malformed.stdout).toContain('formato reconhecido: cartões (em #main)');
    expect(malformed.stdout).toContain('  - cartão: sem os nomes dos dois times');
    const none = await runScrapeScript(['--file', path.join(FIXTURES, 'variants/no-livescore.html')], env);
    expect(none.code).toBe(1);
    expect(none.stdout).toMatch(/^formato reconhecido: nenhum/m);
    const missing = await runScrapeScript(['--file', path.join(dataDir, 'nao-existe.html')], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^Erro: não foi possível ler .*nao-existe\.html: ENOENT\n$/);
  });
});

describe('npm run scrape -- --file on saved match pages', () => {
  it('tells match pages from listings and explains each; exit 1 when a match page has no known markup', async () => {
    const dataDir = tempDataDir();
    const env = { UPSTREAM_URL: 'http://127.0.0.1:9', DATA_DIR: dataDir };
    const matchPage = path.join(FIXTURES, 'match-pages/jogo-antigo-corinthians-x-santos.html');
    const listing = path.join(FIXTURES, 'jogos-de-amanha.html');
    const run = await runScrapeScript(['--file', matchPage, '--file', listing], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(block(run.stdout, /página de jogo/)).toEqual([
      `== ${matchPage} (página de jogo) ==`,
      'formato reconhecido: página de jogo, formato antigo (.match-info, .match-card-events-home-team/-away-team)',
      'placar da página: Corinthians 2 x 1 Santos (ENCERRADO)',
      'linhas de lances: 11 (gols: 4, cartões: 6, substituições: 2)',
      'gols que contam: 2 x 1 (e 1 anulado)',
      'local: Arena do Parque Novo, São Paulo - SP',
      'árbitro: Edson Tavares Lima',
      'escalações: 12 titulares; reservas lidas e deixadas de fora do detalhe: 2',
      'estatísticas: 3',
      'ignorados: 0',
    ]);
    expect(block(run.stdout, /jogos-de-amanha/)).toContain('jogos lidos: 6');
    const blocked = path.join(dataDir, '21-11-2026-flamengo-x-palmeiras.html');
    fs.writeFileSync(blocked, '<!DOCTYPE html><html><body><h1>Acesso negado</h1></body></html>');
    const failed = await runScrapeScript(['--file', blocked], env);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('formato reconhecido: nenhum (nem o placar .match-scoreboard');
  });
});

describe('the parse summary kept per listing, and its notices', () => {
  it('keeps markup, skipped count and unknown labels in scrape-state.json (also for a page that failed to parse)', async () => {
    const dataDir = tempDataDir();
    await runScrape(parseConfig({ UPSTREAM_URL: upstream.url, DATA_DIR: dataDir, REQUEST_TIMEOUT_MS: '5000' }));
    const state = readScrapeState(dataDir);
    expect(state.live.parse).toEqual({
      markup: 'cards',
      candidates: 4,
      matches: 4,
      skipped: 0,
      unknownStatusLabels: [],
    });
    expect(state.hoje.parse).toEqual({
      markup: 'cards',
      candidates: 14,
      matches: 12,
      skipped: 2,
      unknownStatusLabels: ['2º TEMPO', 'A DEFINIR'],
    });
    expect(state.amanha.parse).toEqual({
      markup: 'cards',
      candidates: 3,
      matches: 0,
      skipped: 3,
      unknownStatusLabels: [],
    });
    expect(state.amanha.lastError).toMatch(/nenhum dos 3 cartões/);
  });

  it('logs a new unknown label and a >10 % skipped share once, not on every refresh, and again for a label never seen', async () => {
    const own = await startFakeUpstream({ pages: cardPages });
    try {
      const dataDir = tempDataDir();
      const config = parseConfig({ UPSTREAM_URL: own.url, DATA_DIR: dataDir, REQUEST_TIMEOUT_MS: '5000' });
      const warnings = async (): Promise<string[]> =>
        formatScrapeWarnings(await runScrape(config, { unconditional: true })).filter((w) =>
          w.startsWith('aviso: hoje'),
        );

      const first = await warnings();
      expect(first).toEqual([
        expect.stringMatching(
          /^aviso: hoje: situação não reconhecida "2º TEMPO", "A DEFINIR" \(os jogos aparecem como UNKNOWN\)/,
        ),
        expect.stringMatching(/^aviso: hoje: 2 de 14 jogos da página foram ignorados \(mais de 10 %/),
      ]);
      expect(await warnings()).toEqual([]);
      expect(await warnings()).toEqual([]);

      own.setPage(LISTING_PATHS.hoje, fixture('cards/variants.html').replace('a definir</div>', 'w.o.</div>'));
      expect(await warnings()).toEqual([expect.stringMatching(/^aviso: hoje: situação não reconhecida "W.O." /)]);

      // Back under 10 %, then over again: said again.
      own.setPage(LISTING_PATHS.hoje, toCardLayout(rowPages[LISTING_PATHS.hoje] ?? ''));
      expect(await warnings()).toEqual([]);
      own.setPage(LISTING_PATHS.hoje, fixture('cards/variants.html'));
      expect(await warnings()).toEqual([
        expect.stringMatching(/situação não reconhecida "2º TEMPO", "A DEFINIR"/),
        expect.stringMatching(/2 de 14 jogos da página foram ignorados/),
      ]);
    } finally {
      await own.close();
    }
  });
});
