/**
 * The match page parser (issue 26, item 2) on the reference sample, on hand-written pages of both
 * layouts and on small variations of them; what it refuses (pages that are not match pages)
 * and the names it cleans. Hostile pages: parse-match-page-hostile.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DETAIL_LIMITS, MatchDetailSchema, type MatchDetail } from '../../../src/lib/model/model.ts';
import { ParseError } from '../../../src/upstream/fetch/errors.ts';
import { MatchPageParseError } from '../../../src/upstream/match-page/match-page-parse-error.ts';
import { stripInvisibleCharacters } from '../../../src/lib/model/visible-text.ts';
import { readMatchPage } from '../../../src/upstream/match-page/parse-match-page.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/upstream');
const PAGE_URL = 'https://www.placardefutebol.com.br/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html';
const readFixture = (name: string): string => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const SAMPLE = readFixture('match-pages/jogo-flamengo-x-palmeiras.html');
const SAMPLE_DETAIL = JSON.parse(readFixture('match-pages/jogo-flamengo-x-palmeiras.expected.json')) as MatchDetail;

function expectDetail(actual: MatchDetail, expected: MatchDetail): void {
  expect(Object.keys(actual)).toEqual(Object.keys(expected));
  for (const key of Object.keys(expected) as (keyof MatchDetail)[])
    expect(actual[key], key).toStrictEqual(expected[key]);
  expect(MatchDetailSchema.safeParse(actual).success).toBe(true);
}

/** A minimal page of the newer layout around `events` (rows), with a scoreboard. */
function newerPage(events: string, extra = ''): string {
  return (
    '<!DOCTYPE html><html><body><div id="livescore"><div class="match-scoreboard"><span class="status-name">ENCERRADO</span>' +
    '<span class="match-score-text">1</span> x <span class="match-score-text">0</span></div>' +
    `<div class="container events">${events}</div>${extra}</div></body></html>`
  );
}
const newerRow = (home: string, minute: string, away = ''): string =>
  `<div class="row align-items-center content"><div class="col-5 event-line text-right">${home}</div>` +
  `<div class="col-2 match-card-events-space">${minute}</div><div class="col-5 event-line text-left">${away}</div></div>`;
const GOAL_IMG = '<img src="/images/goal.png" alt="">';

describe('readMatchPage on the reference sample', () => {
  it('gives exactly the expected detail, the page score and what it found', () => {
    const read = readMatchPage(SAMPLE, PAGE_URL);
    expectDetail(read.detail, SAMPLE_DETAIL);
    expect(read.pageScore).toEqual({ home: 2, away: 1 });
    expect(read.diagnostics).toEqual({
      layout: 'newer',
      statusLabel: '67 MIN',
      teams: { home: 'Flamengo', away: 'Palmeiras' },
      eventRows: 7,
      goals: 4,
      cards: 3,
      substitutions: 0,
      lineupPlayers: 22,
      benchPlayers: 0,
      statistics: 3,
      skipped: 0,
      skippedRows: [],
    });
  });

  it('reads the same detail from the page indented, one tag a line', () => {
    const indented = SAMPLE.replace(/></g, '>\n      <').replace(/> ([^<\s])/g, '>\n   $1');
    expect(indented).not.toBe(SAMPLE);
    expectDetail(readMatchPage(indented, PAGE_URL).detail, SAMPLE_DETAIL);
  });

  it('says "no lineups" (null) and no statistics when the page has neither table', () => {
    const bare = SAMPLE.replace(/<table[\s\S]*?<\/table>/g, '');
    const read = readMatchPage(bare, PAGE_URL);
    expect(read.detail.lineups).toBeNull();
    expect(read.detail.statistics).toEqual([]);
    expect(read.detail.goals).toEqual(SAMPLE_DETAIL.goals);
  });

  it('leaves venue and referee null when the page does not give them', () => {
    const read = readMatchPage(SAMPLE.replace(/<div class="match-details">[\s\S]*?<\/div>/, ''), PAGE_URL);
    expect([read.detail.venue, read.detail.referee]).toEqual([null, null]);
  });
});

describe('readMatchPage on hand-written pages of both layouts', () => {
  it.each([
    ['jogo-antigo-corinthians-x-santos', 'older', { home: 2, away: 1 }, { rows: 11, bench: 2 }],
    ['jogo-gremio-x-internacional-compacto', 'newer', { home: 2, away: 2 }, { rows: 10, bench: 2 }],
    ['jogo-nao-comecou', 'newer', null, { rows: 0, bench: 0 }],
  ] as const)('%s gives the expected detail (%s layout)', (name, layout, pageScore, found) => {
    const read = readMatchPage(readFixture(`match-pages/${name}.html`), PAGE_URL);
    expectDetail(read.detail, JSON.parse(readFixture(`match-pages/${name}.expected.json`)) as MatchDetail);
    expect(read.pageScore).toEqual(pageScore);
    expect(read.diagnostics).toMatchObject({
      layout,
      eventRows: found.rows,
      benchPlayers: found.bench,
      skipped: 0,
    });
  });

  it('reads the older layout with the minute written in the player cell and no minute cell', () => {
    const cell = (side: string, body: string): string =>
      `<div class="w-25 match-card-events-${side}-team">${body}</div>`;
    const html =
      '<html><body><div class="match-info"><p><i class="fa fa-map-marker"></i> <strong>Estádio Municipal</strong></p></div>' +
      `<div class="content">${cell('home', '<p>Pedro Lima <i class="fa fa-futbol-o"></i> - 23\'</p>')}${cell('away', '')}` +
      `${cell('home', '')}${cell('away', '<p>88\' - <i class="fa fa-square red-card"></i> Caio Torres</p>')}</div></body></html>`;
    const read = readMatchPage(html, PAGE_URL);
    expect(read.diagnostics.layout).toBe('older');
    expect(read.detail.venue).toBe('Estádio Municipal');
    expect(read.detail.goals).toEqual([
      {
        team: 'HOME',
        player: 'Pedro Lima',
        minute: 23,
        injuryTime: null,
        ownGoal: false,
        penalty: false,
        cancelled: false,
      },
    ]);
    expect(read.detail.cards).toEqual([
      { team: 'AWAY', player: 'Caio Torres', minute: 88, injuryTime: null, color: 'RED', secondYellow: false },
    ]);
  });

  it('reads qualifiers together ("(pênalti) (gol anulado)" at 90+5\') and "(P)" as a penalty, in match order', () => {
    const html = newerPage(
      newerRow(`Ana Souza (pênalti) (gol anulado) ${GOAL_IMG}`, "90+5'") + newerRow(`Bia Reis (P) ${GOAL_IMG}`, "12'"),
    );
    expect(readMatchPage(html, PAGE_URL).detail.goals.map((g) => [g.player, g.minute, g.penalty, g.cancelled])).toEqual(
      [
        ['Bia Reis', 12, true, false],
        ['Ana Souza', 90, true, true],
      ],
    );
  });

  it('skips an event row it cannot read, with the reason and the start of its HTML, and keeps the others', () => {
    const html = newerPage(
      newerRow(`Pedro ${GOAL_IMG}`, "23'") +
        newerRow('Gerson <img src="/images/new-icon.png">', "30'") +
        newerRow(`Léo ${GOAL_IMG}`, '') +
        newerRow('', "45'"),
    );
    const read = readMatchPage(html, PAGE_URL);
    expect(read.detail.goals.map((g) => g.player)).toEqual(['Pedro']);
    expect(read.diagnostics.skipped).toBe(3);
    expect(read.diagnostics.skippedRows.map((row) => [row.section, row.reason])).toEqual([
      ['event', 'tipo de lance não reconhecido (nem imagem, nem ícone, nem palavra conhecida)'],
      ['event', 'sem o minuto do lance'],
      ['event', 'linha de lance vazia (sem jogador nem ícone)'],
    ]);
    expect(read.diagnostics.skippedRows[0]?.snippet).toMatch(/^<div class="col-5 event-line text-right">Gerson/);
  });

  it('skips a statistic or a player it cannot read', () => {
    const tables =
      '<table class="standing-table"><tr><td class="stats-home-team"><small>3</small></td>' +
      '<td class="stats-category"><small></small></td><td class="stats-away-team"><small>1</small></td></tr></table>' +
      '<table><tr><td><span><small>1.</small> </span></td><td><span><small>2.</small> Caio</span></td></tr></table>';
    const read = readMatchPage(newerPage('', tables), PAGE_URL);
    expect(read.detail.statistics).toEqual([]);
    expect(read.detail.lineups).toEqual({ home: [], away: [{ name: 'Caio', number: 2 }] });
    expect(read.diagnostics.skippedRows.map((row) => row.section)).toEqual(['statistic', 'lineup']);
  });
});

describe('the round line (issue 34, item 4)', () => {
  const withGroup = (group: string): string =>
    newerPage(newerRow(`Pedro ${GOAL_IMG}`, "10'")).replace('<div id="livescore">', `<div id="livescore">${group}`);

  it('is the first .match-group, trimmed, entities decoded, inner markup read as text', () => {
    expect(readMatchPage(withGroup('<p class="match-group">\n  Rodada   12 \n</p>'), PAGE_URL).detail.round).toBe(
      'Rodada 12',
    );
    expect(
      readMatchPage(
        withGroup('<p class="match-group"><b>Oitavas</b> de final &amp; volta</p><p class="match-group">x</p>'),
        PAGE_URL,
      ).detail.round,
    ).toBe('Oitavas de final & volta');
  });

  it('is null when the page has none or an empty one, and bounded when hostile', () => {
    expect(readMatchPage(withGroup(''), PAGE_URL).detail.round).toBeNull();
    expect(readMatchPage(withGroup('<p class="match-group">  </p>'), PAGE_URL).detail.round).toBeNull();
    const long = readMatchPage(withGroup(`<p class="match-group">${'R'.repeat(100_000)}</p>`), PAGE_URL).detail.round;
    expect(long?.length).toBeLessThanOrEqual(DETAIL_LIMITS.text);
  });
});

describe('where to watch: the channel row (issue 50, item 1)', () => {
  const OLDER = readFixture('match-pages/jogo-antigo-corinthians-x-santos.html');
  const SAMPLE_ROW = /<p><img src="\/images\/tv\.png"[^>]*> <strong>[^<]*<\/strong><\/p>/;
  /** The sample with its channel row replaced by `row`. */
  const newerWith = (row: string): string => {
    expect(SAMPLE).toMatch(SAMPLE_ROW);
    return SAMPLE.replace(SAMPLE_ROW, row);
  };
  /** The older layout's page with `row` as the last paragraph of its `.match-info`. */
  const olderWith = (row: string): string => OLDER.replace(/(<div class="match-info">[\s\S]*?)(<\/div>)/, `$1${row}$2`);

  it("reads the sample's row in order, the note after a channel, and leaves the other facts alone", () => {
    const { detail } = readMatchPage(SAMPLE, PAGE_URL);
    expect(detail.broadcasts).toEqual([
      { channel: 'SporTV', note: '7 dias grátis' },
      { channel: 'Premiere', note: null },
    ]);
    expect([detail.venue, detail.referee]).toEqual([SAMPLE_DETAIL.venue, SAMPLE_DETAIL.referee]);
  });

  it('is [] when the page has no channel row, in both layouts', () => {
    expect(readMatchPage(newerWith(''), PAGE_URL).detail.broadcasts).toEqual([]);
    expect(readMatchPage(OLDER, PAGE_URL).detail.broadcasts).toEqual([]);
  });

  it("reads the row in the older layout's block too, with neither alt nor title on the icon", () => {
    const read = readMatchPage(
      olderWith('<p><img src="/images/tv.png"> <strong>Premiere, TV Globo</strong></p>'),
      PAGE_URL,
    );
    expect(read.diagnostics.layout).toBe('older');
    expect(read.detail.broadcasts).toEqual([
      { channel: 'Premiere', note: null },
      { channel: 'TV Globo', note: null },
    ]);
    expect(read.detail.venue).toBe('Arena do Parque Novo, São Paulo - SP');
  });

  it('reads a row without any note, and one with only a channel', () => {
    const row = (text: string): string =>
      `<p><img src="/images/tv.png" alt="Ícone de TV"> <strong>${text}</strong></p>`;
    expect(readMatchPage(newerWith(row('Premiere, Globoplay')), PAGE_URL).detail.broadcasts).toEqual([
      { channel: 'Premiere', note: null },
      { channel: 'Globoplay', note: null },
    ]);
    expect(readMatchPage(newerWith(row('ESPN')), PAGE_URL).detail.broadcasts).toEqual([
      { channel: 'ESPN', note: null },
    ]);
  });

  it('survives line breaks and spaces anywhere, an absolute icon address, no <strong>, and a comma inside a note', () => {
    const row =
      '<p>\n  <img\n src="https://www.placardefutebol.com.br/images/tv.png?v=3"\n title="Transmissão">\n' +
      '  SporTV\n   (7 dias   grátis,\n no app) ,\n\n  Premiere  ,  , Globoplay ( ) \n</p>';
    expect(readMatchPage(newerWith(row), PAGE_URL).detail.broadcasts).toEqual([
      { channel: 'SporTV', note: '7 dias grátis, no app' },
      { channel: 'Premiere', note: null },
      { channel: 'Globoplay', note: null },
    ]);
  });

  it('takes invisible characters and entities out of the names', () => {
    const row =
      '<p><img src="/images/tv.png"> <strong>&#x202E;Spor&#8203;TV\u2066 (7&nbsp;dias\u00ad gr&aacute;tis), \u3164Premiere&#xFEFF;</strong></p>';
    expect(readMatchPage(newerWith(row), PAGE_URL).detail.broadcasts).toEqual([
      { channel: 'SporTV', note: '7 dias grátis' },
      { channel: 'Premiere', note: null },
    ]);
  });

  it('reads no channel from a paragraph whose icon is not the TV one, and bounds a hostile row', () => {
    const other = '<p><img src="/images/estadio-tv.png.bak" title="Transmissão"> <strong>SporTV</strong></p>';
    expect(readMatchPage(newerWith(other), PAGE_URL).detail.broadcasts).toEqual([]);
    const many = Array.from({ length: 500 }, (_, index) => `Canal ${index}`).join(', ');
    const hostile = `<p><img src="/images/tv.png"> <strong>${'X'.repeat(5000)} (nota), ${many}</strong></p>`;
    const read = readMatchPage(newerWith(hostile), PAGE_URL);
    expect(read.detail.broadcasts).toHaveLength(DETAIL_LIMITS.broadcasts);
    expect(read.detail.broadcasts[0]).toEqual({
      channel: 'Canal 0',
      note: null,
    });
    expect(read.diagnostics.skipped).toBeGreaterThan(0);
    expect(MatchDetailSchema.safeParse(read.detail).success).toBe(true);
  });
});

describe('names read from the page', () => {
  it('lose bidi controls and zero-width characters', () => {
    const hidden = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
    const zeroWidth = ['\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u061c', '\u2060', '\ufeff'];
    for (const char of [...hidden, ...zeroWidth]) expect(stripInvisibleCharacters(`Pe${char}dro`)).toBe('Pedro');
    expect(stripInvisibleCharacters('São Paulo — Grêmio ⚽')).toBe('São Paulo — Grêmio ⚽');
    const html = newerPage(newerRow(`&#x202E;Pe&#8203;dro&#x2066; ${GOAL_IMG}`, "23'"));
    expect(readMatchPage(html, PAGE_URL).detail.goals[0]?.player).toBe('Pedro');
  });

  // Issue 35: one rule for every text field, the Unicode property rather than a list.
  it('lose every default-ignorable character and every C0/C1 control; controls that separate words leave a space', () => {
    const ignorable = ['\u00ad', '\u034f', '\u115f', '\u1160', '\u180e', '\u3164', '\uffa0', '\u{e0001}', '\u{e007f}'];
    const controls = ['\u0000', '\u0008', '\u001b', '\u007f', '\u0080', '\u009b', '\u009f'];
    for (const char of [...ignorable, ...controls]) expect(stripInvisibleCharacters(`Pe${char}dro`)).toBe('Pedro');
    for (const separator of ['\t', '\n', '\r', '\v', '\f', '\u0085'])
      expect(stripInvisibleCharacters(`São${separator}Paulo`)).toBe('São Paulo');
    const html = newerPage(newerRow(`\u3164Pe&#xAD;dro&#xE0041;\u0007 ${GOAL_IMG}`, "23'"));
    expect(readMatchPage(html, PAGE_URL).detail.goals[0]?.player).toBe('Pedro');
  });

  it('decode entities and keep what is not a known qualifier', () => {
    const html = newerPage(newerRow(`Jo&atilde;o &amp; Cia (Jr.) ${GOAL_IMG}`, '7&#39;'));
    expect(readMatchPage(html, PAGE_URL).detail.goals[0]).toMatchObject({ player: 'João & Cia (Jr.)', minute: 7 });
  });
});

describe('pages that are not match pages', () => {
  it.each([
    ['an error page', '<!DOCTYPE html><html><body><h1>Erro 500</h1></body></html>'],
    ['a block page', '<html><body><div class="cf-browser-verification">Checking your browser…</div></body></html>'],
    ['a listing', readFixture('jogos-de-hoje.html')],
  ])('%s is a MatchPageParseError (a ParseError) with the layout "none", never an empty detail', (_, html) => {
    let error: unknown;
    try {
      readMatchPage(html, PAGE_URL);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(MatchPageParseError);
    expect(error).toBeInstanceOf(ParseError);
    const failure = error as MatchPageParseError;
    expect(failure.message).toContain(PAGE_URL);
    expect(failure.message).toMatch(/não tem o placar .* nem os detalhes/);
    expect(failure.pageDiagnostics?.layout).toBe('none');
  });

  it('a page cut short is a MatchPageParseError, not a match with fewer events', () => {
    const cut = SAMPLE.slice(0, SAMPLE.indexOf('Richard Ríos'));
    expect(() => readMatchPage(cut, PAGE_URL)).toThrow(/chegou incompleta/);
  });
});
