import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MatchSchema, type Match } from '../../../src/lib/model/model.ts';
import { ParseError } from '../../../src/upstream/fetch/errors.ts';
import { parseListingPage, readListingPage } from '../../../src/upstream/listing/parse-listing.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/upstream');
const ORIGIN = 'https://www.placardefutebol.com.br';
const readFixture = (name: string): string => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const parseVariant = (name: string): Match[] =>
  parseListingPage(readFixture(`variants/${name}.html`), `${ORIGIN}/jogos-de-hoje`);

describe('parseListingPage on the reference samples', () => {
  it.each([
    ['jogos-em-andamento', '/jogos-em-andamento', 4],
    ['jogos-de-hoje', '/jogos-de-hoje', 13],
    ['jogos-de-amanha', '/jogos-de-amanha', 6],
    ['jogos-de-ontem', '/jogos-de-ontem', 6],
    ['jogos-em-andamento-vazio', '/jogos-em-andamento', 0],
  ])('%s gives the expected matches, field by field, in page order', (name, upstreamPath, count) => {
    const expected = JSON.parse(readFixture(`${name}.expected.json`)) as Record<string, unknown>[];
    const actual = parseListingPage(readFixture(`${name}.html`), ORIGIN + upstreamPath);
    expect(actual).toHaveLength(count);
    expect(actual.map((m) => m.id)).toEqual(expected.map((m) => m.id));
    actual.forEach((match, index) => {
      const want = expected[index] ?? {};
      expect(Object.keys(match), `keys of ${match.id}`).toEqual(Object.keys(want));
      for (const [key, value] of Object.entries(want)) {
        expect((match as Record<string, unknown>)[key], `${match.id}.${key}`).toStrictEqual(value);
      }
      expect(MatchSchema.safeParse(match).success).toBe(true);
    });
  });

  it('keeps a match listed in the featured block and below once, at its first position', () => {
    const matches = parseListingPage(readFixture('jogos-de-hoje.html'), `${ORIGIN}/jogos-de-hoje`);
    const ids = matches.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toBe('brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras');
    expect(ids.some((id) => !id.includes('/21-11-2026-'))).toBe(false); // "Ver tabela" links are not matches
  });

  it('makes match URLs absolute against the page URL it was fetched from', () => {
    const [first] = parseListingPage(readFixture('jogos-em-andamento.html'), 'http://127.0.0.1:9/jogos-em-andamento');
    expect(first?.url).toBe('http://127.0.0.1:9/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html');
  });
});

describe('parseListingPage on hand-written variants', () => {
  it('reads a league header without its <a> link', () => {
    const matches = parseVariant('header-without-link');
    expect(matches.map((m) => [m.competition.name, m.competition.slug])).toEqual([
      ['Campeonato Paulista', 'campeonato-paulista'],
      ['Campeonato Carioca', 'campeonato-carioca'],
    ]);
    expect(matches[1]?.kickoff).toBe('2026-11-21T20:00:00-03:00');
    expect(matches[1]?.score).toEqual({ home: null, away: null, penalties: null });
  });

  it("reads live minutes written 67', 45+2', 90 + 4’ and 12 MIN", () => {
    const matches = parseVariant('minute-formats');
    expect(matches.map((m) => [m.statusLabel, m.status, m.minute, m.injuryTime])).toEqual([
      ["67'", 'IN_PLAY', 67, null],
      ["45+2'", 'IN_PLAY', 45, 2],
      ['90 + 4’', 'IN_PLAY', 90, 4],
      ['12 MIN', 'IN_PLAY', 12, null],
    ]);
  });

  it('reads compact one-line markup and normalises whitespace inside texts', () => {
    const matches = parseVariant('compact');
    expect(matches).toHaveLength(2);
    expect(matches[0]).toMatchObject({
      id: 'copa-do-nordeste/21-11-2026-bahia-x-sport',
      statusLabel: 'AO VIVO',
      score: { home: 1, away: 1 },
    });
    expect(matches[1]).toMatchObject({
      competition: { name: 'Copa do Nordeste', slug: 'copa-do-nordeste' },
      statusLabel: 'HOJE 21:30',
      kickoff: '2026-11-21T21:30:00-03:00',
      homeTeam: { name: 'Fortaleza Esporte Clube', crest: null, crestSource: null, slug: 'fortaleza' },
      awayTeam: { name: 'Ceará', crest: null, crestSource: null, slug: 'ceara' },
      score: { home: null, away: null, penalties: null },
    });
  });

  it('gives null scores (never 0) for empty or missing <h4>, and a real 0 when shown', () => {
    const scores = parseVariant('missing-score').map((m) => m.score);
    expect(scores).toEqual([
      { home: null, away: null, penalties: null },
      { home: null, away: null, penalties: null },
      { home: null, away: null, penalties: null },
      { home: 0, away: 0, penalties: null },
    ]);
  });

  it('resolves crest images to absolute http(s) URLs and drops data: and javascript: ones', () => {
    const matches = parseVariant('crests');
    expect(matches.map((m) => [m.homeTeam, m.awayTeam])).toEqual([
      [
        { name: 'Flamengo', crest: null, crestSource: `${ORIGIN}/escudos/flamengo.png`, slug: 'flamengo' },
        {
          name: 'Palmeiras',
          crest: null,
          crestSource: 'https://cdn.placardefutebol.com.br/escudos/palmeiras.png',
          slug: 'palmeiras',
        },
      ],
      [
        { name: 'Santos', crest: null, crestSource: `${ORIGIN}/escudos/santos.png`, slug: 'santos' },
        {
          name: 'Corinthians',
          crest: null,
          crestSource: 'https://cdn.placardefutebol.com.br/escudos/corinthians.png',
          slug: 'corinthians',
        },
      ],
      [
        { name: 'Bahia', crest: null, crestSource: null, slug: 'bahia' },
        { name: 'Fortaleza', crest: null, crestSource: null, slug: 'fortaleza' },
      ],
      [
        { name: 'Grêmio', crest: null, crestSource: `${ORIGIN}/escudos/gremio.png`, slug: 'gremio' },
        { name: 'Internacional', crest: null, crestSource: null, slug: 'internacional' },
      ],
    ]);
  });

  it('decodes HTML entities into plain text', () => {
    const matches = parseVariant('entities');
    expect(matches[0]?.competition.name).toBe('Premier League & Copa da Liga – Inglaterra');
    expect(matches[0]?.homeTeam.name).toBe('Brighton & Hove Albion');
    expect(matches[0]?.awayTeam.name).toBe('Nottingham Forest');
    expect(matches[0]?.status).toBe('FINISHED');
    expect(matches[1]?.homeTeam.name).toBe('<script>alert(1)</script> FC');
    expect(matches[1]?.awayTeam.name).toBe('Atlético "B" \'Sub-23\'');
  });

  it('maps every known status word, and unknown words to UNKNOWN', () => {
    const matches = parseVariant('statuses');
    expect(matches.map((m) => [m.statusLabel, m.status, m.kickoff])).toEqual([
      ['ADIADO', 'POSTPONED', null],
      ['CANCELADO', 'CANCELLED', null],
      ['FIM DE JOGO', 'FINISHED', null],
      ['FINALIZADO', 'FINISHED', null],
      ['SUSPENSO', 'SUSPENDED', null],
      ['PRORROGAÇÃO', 'UNKNOWN', null],
      ['A DEFINIR', 'UNKNOWN', null],
      ['21:30', 'SCHEDULED', '2026-11-22T21:30:00-03:00'],
      ['AMANHÃ 16:00', 'SCHEDULED', '2026-11-22T16:00:00-03:00'],
    ]);
    expect(matches[7]?.date).toBe('2026-11-22');
  });

  it('keeps a featured-only match with the league of its card, and the repeated one once, in its own block', () => {
    const matches = parseVariant('featured-only');
    expect(matches.map((m) => [m.id, m.competition.name])).toEqual([
      ['copa-libertadores/21-11-2026-palmeiras-x-river-plate', 'Copa Libertadores'],
      ['brasileirao-serie-a/21-11-2026-bahia-x-gremio', 'Brasileirão Série A'],
      ['brasileirao-serie-a/21-11-2026-flamengo-x-botafogo', 'Brasileirão Série A'],
    ]);
    expect(matches[0]).toMatchObject({ status: 'IN_PLAY', minute: 75, score: { home: 1, away: 0, penalties: null } });
  });

  it('skips malformed rows (no date in the path, impossible date, one team, non-http link) and keeps the rest', () => {
    const matches = parseVariant('malformed-rows');
    expect(matches.map((m) => m.id)).toEqual([
      'campeonato-mineiro/21-11-2026-cruzeiro-x-atletico-mg',
      'campeonato-mineiro/21-11-2026-caldense-x-ipatinga',
    ]);
  });

  it('treats a page where every match row is malformed as a ParseError (the markup changed)', () => {
    expect(() => parseVariant('all-malformed')).toThrow(ParseError);
    expect(() => parseVariant('all-malformed')).toThrow(/nenhuma das 2 linhas de jogo/);
  });

  it('treats a page without #livescore as a ParseError naming the URL', () => {
    let caught: unknown;
    try {
      parseVariant('no-livescore');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ParseError);
    expect((caught as ParseError).name).toBe('ParseError');
    expect((caught as ParseError).url).toBe(`${ORIGIN}/jogos-de-hoje`);
    expect((caught as ParseError).message).toMatch(/#livescore.*últimos dados válidos foram mantidos/);
  });

  it('gives an empty list for #livescore with no matches', () => {
    expect(parseVariant('empty-livescore')).toEqual([]);
  });

  it('treats a page cut off mid-way as a ParseError, not a shorter list', () => {
    const html = readFixture('jogos-de-hoje.html');
    expect(() => parseListingPage(html.slice(0, Math.floor(html.length / 2)), `${ORIGIN}/jogos-de-hoje`)).toThrow(
      /incompleta/,
    );
  });

  it('returns only schema-valid matches for every variant', () => {
    for (const name of [
      'header-without-link',
      'minute-formats',
      'compact',
      'missing-score',
      'crests',
      'entities',
      'statuses',
      'featured-only',
      'malformed-rows',
    ]) {
      for (const match of parseVariant(name))
        expect(MatchSchema.safeParse(match).success, `${name}: ${match.id}`).toBe(true);
    }
  });

  it('skips a row whose name is past the model limits, with its reason, and keeps the rest of the listing', () => {
    const html = readFixture('jogos-de-hoje.html');
    const whole = parseListingPage(html, `${ORIGIN}/jogos-de-hoje`);
    const longName = 'Flamengo '.repeat(30).trim();
    const read = readListingPage(
      html.replaceAll('team_link">Flamengo<', `team_link">${longName}<`),
      `${ORIGIN}/jogos-de-hoje`,
    );
    const flamengo = whole.filter((match) => match.homeTeam.name === 'Flamengo' || match.awayTeam.name === 'Flamengo');
    expect(flamengo.length).toBeGreaterThan(0);
    expect(read.matches.map((match) => match.id)).toEqual(
      whole.filter((match) => !flamengo.includes(match)).map((match) => match.id),
    );
    expect(
      read.diagnostics.skippedCandidates.some((skip) => /limites do modelo .*: homeTeam\.name$/.test(skip.reason)),
    ).toBe(true);
  });
});

// Issue 27 L2: bidi controls and zero-width characters from the upstream never reach a name; issue 35: nor any
// other Default_Ignorable_Code_Point (tag characters, Hangul fillers, soft hyphen…) or C0/C1 control.
describe('invisible characters and controls in the upstream text', () => {
  const INVISIBLE = ['\u202e', '\u202a', '\u202b', '\u202c', '\u202d', '\u2066', '\u2067', '\u2068', '\u2069'];
  const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u061c', '\ufeff', '\u2060'];
  const IGNORABLE = ['\u00ad', '\u034f', '\u115f', '\u1160', '\u3164', '\uffa0', '\u180e', '\u17b4', '\ufe0f'];
  const TAGS = ['\u{e0001}', '\u{e0062}', '\u{e0072}', '\u{e007f}'];
  const CONTROLS = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0080', '\u009b', '\u009f'];
  /** Issue 48: format characters (Cf) that are not default-ignorable, and the Braille blank. */
  const FORMAT = ['\ufff9', '\ufffa', '\ufffb', '\u0600', '\u06dd', '\u070f', '\u{110bd}', '\u{1d173}'];
  /** Each name with invisible characters around and inside it, some as numeric character references. */
  const spoilers: Record<string, (html: string) => string> = {
    'bidi and zero-width': (html) =>
      html
        .replaceAll('>Flamengo<', `>\u202eFlamengo${'\u200b'}\u202c<`)
        .replaceAll('>Palmeiras<', `>${INVISIBLE.join('')}Palm&#x200B;eiras&#x202E;<`)
        .replaceAll('Brasileirão Série A<', `Brasileirão${ZERO_WIDTH.join('')} Série A\u2069<`),
    'every default-ignorable and control': (html) =>
      html
        .replaceAll('>Flamengo<', `>${TAGS.join('')}Fla${IGNORABLE.join('')}mengo\u3164<`)
        .replaceAll('>Palmeiras<', '>\u115fPalm&#xAD;ei&#x1b;ras&#xE0041;<')
        .replaceAll('Brasileirão Série A<', `Brasi${CONTROLS.join('')}leirão Série\u180e A\uffa0<`)
        .replaceAll('>ENCERRADO<', '>ENCER\u0007RADO\u001b<')
        .replaceAll('>encerrado<', '>encer\u0007rado\u009b<')
        .replaceAll('>INTERVALO<', '>\u0000INTER\u200bVALO\u00ad<'),
    'every format character and the Braille blank': (html) =>
      html
        .replaceAll('>Flamengo<', `>\u2800${FORMAT.join('')}Fla\ufff9mengo\u2800<`)
        .replaceAll('>Palmeiras<', '>Palm&#xFFF9;eiras&#x2800;<')
        .replaceAll('Brasileirão Série A<', `Brasileirão\u2800Série${FORMAT.join('')} A<`),
  };

  it.each(
    ['jogos-de-hoje.html', 'cards/jogos-de-hoje.html'].flatMap((file) =>
      Object.keys(spoilers).map((kind) => [file, kind]),
    ),
  )('%s: names, competitions and status labels read as without them (%s)', (file, kind) => {
    const original = readFixture(file);
    const spoiled = spoilers[kind]?.(original) ?? original;
    expect(spoiled).not.toBe(original);
    const matches = parseListingPage(spoiled, `${ORIGIN}/jogos-de-hoje`);
    expect(matches).toStrictEqual(parseListingPage(original, `${ORIGIN}/jogos-de-hoje`));
    const texts = matches.flatMap((m) => [m.homeTeam.name, m.awayTeam.name, m.competition.name, m.statusLabel]);
    expect(texts.filter((text) => /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\u2800]/u.test(text))).toEqual([]);
    expect(texts).toContain('Flamengo');
    expect(texts).toContain('Palmeiras');
  });
});
