import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MatchSchema, type Match } from '../../../src/lib/model/model.ts';
import { ListingParseError } from '../../../src/upstream/listing/listing-parse-error.ts';
import { orderListing } from '../../../src/upstream/listing/order-listing.ts';
import { parseListingPage, readListingPage } from '../../../src/upstream/listing/parse-listing.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/upstream');
const ORIGIN = 'https://www.placardefutebol.com.br';
const HOJE = `${ORIGIN}/jogos-de-hoje`;
const readFixture = (name: string): string => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const expectedHoje = (): Match[] => JSON.parse(readFixture('jogos-de-hoje.expected.json')) as Match[];
const byId = (matches: Match[], suffix: string): Match => {
  const match = matches.find((m) => m.id.endsWith(suffix));
  if (!match) throw new Error(`no match ${suffix} in ${matches.map((m) => m.id).join(', ')}`);
  return match;
};

describe('card layout: the same Match objects as the row layout', () => {
  it.each([
    ['cards/jogos-de-hoje.html', 'cards'],
    ['cards/jogos-de-hoje-mixed.html', 'mixed'],
    ['jogos-de-hoje.html', 'rows'],
  ])('%s gives jogos-de-hoje.expected.json field by field (markup %s)', (file, markup) => {
    const { matches, diagnostics } = readListingPage(readFixture(file), HOJE);
    expect(matches).toStrictEqual(expectedHoje());
    expect(diagnostics).toMatchObject({
      markup,
      container: '#livescore',
      matches: 13,
      skipped: 0,
      unknownStatusLabels: [],
    });
    expect(diagnostics.duplicates).toBe(1); // the featured block repeats Flamengo x Palmeiras
  });
});

describe('card layout variants (reconstructed, in #main, md and lg cards)', () => {
  const { matches, diagnostics } = readListingPage(readFixture('cards/variants.html'), HOJE);

  it('reads a live lg card: names in span.text, minute from --live-minute, scores from the two <b>, crests absolute', () => {
    expect(byId(matches, 'palmeiras-x-porto')).toStrictEqual({
      id: 'mundial-clubes-fifa/21-11-2026-palmeiras-x-porto',
      url: `${ORIGIN}/mundial-clubes-fifa/21-11-2026-palmeiras-x-porto.html`,
      competition: { name: 'Mundial de Clubes FIFA', slug: 'mundial-clubes-fifa' },
      date: '2026-11-21',
      kickoff: null,
      status: 'IN_PLAY',
      statusLabel: "45+2'",
      minute: 45,
      injuryTime: 2,
      homeTeam: { name: 'Palmeiras', crest: null, crestSource: `${ORIGIN}/escudos/palmeiras.png`, slug: 'palmeiras' },
      awayTeam: {
        name: 'Porto',
        crest: null,
        crestSource: 'https://cdn.placardefutebol.com.br/escudos/porto.png',
        slug: 'porto',
      },
      score: { home: 1, away: 0, penalties: null },
    });
  });

  it('reads finished cards ("fim de jogo", "encerrado") with the label upper-cased like the rows', () => {
    expect(byId(matches, 'chelsea-x-flamengo')).toMatchObject({
      status: 'FINISHED',
      statusLabel: 'FIM DE JOGO',
      score: { home: 1, away: 3 },
    });
    expect(byId(matches, 'brighton-x-atletico-b')).toMatchObject({
      status: 'FINISHED',
      statusLabel: 'ENCERRADO',
      kickoff: null,
    });
  });

  it('reads the kickoff from --datetime ("amanhã<br>18:00", "Sáb, 22/11<br>16:00") on the date of the link', () => {
    expect(byId(matches, 'santos-x-al-ahly')).toMatchObject({
      status: 'SCHEDULED',
      statusLabel: 'AMANHÃ 18:00',
      date: '2026-11-22',
      kickoff: '2026-11-22T18:00:00-03:00',
      score: { home: null, away: null, penalties: null },
      // lazy-loaded crest from data-src; a javascript: crest is dropped
      homeTeam: { name: 'Santos', crest: null, crestSource: `${ORIGIN}/escudos/santos.png`, slug: 'santos' },
      awayTeam: { name: 'Al Ahly', crest: null, crestSource: null, slug: 'al-ahly' },
    });
    expect(byId(matches, 'botafogo-x-psg')).toMatchObject({
      status: 'SCHEDULED',
      statusLabel: 'SÁB, 22/11 16:00',
      kickoff: '2026-11-22T16:00:00-03:00',
      score: { home: null, away: null, penalties: null }, // empty <b> are not 0
    });
  });

  it('decodes entities in names and competitions', () => {
    const match = byId(matches, 'brighton-x-atletico-b');
    expect(match.competition.name).toBe('Premier League & Copa da Liga – Inglaterra');
    expect(match.homeTeam).toEqual({
      name: 'Brighton & Hove Albion',
      crest: null,
      crestSource: null,
      slug: 'brighton',
    });
    expect(match.awayTeam.name).toBe('Atlético "B" \'Sub-23\'');
    expect(byId(matches, 'script-x-fc').homeTeam.name).toBe('<script>alert(1)</script> FC');
  });

  it('reads penalties shown beside the <b> pair, and "pên." as finished', () => {
    expect(byId(matches, 'fortaleza-x-cruzeiro')).toMatchObject({
      status: 'FINISHED',
      statusLabel: 'PÊN.',
      score: { home: 1, away: 1, penalties: { home: 4, away: 5 } },
      // an old "a.match" link without --league takes the header before it
      competition: { name: 'Copa do Brasil', slug: 'copa-do-brasil' },
    });
  });

  it('maps half-time, live without minute, suspended and postponed cards', () => {
    expect(byId(matches, 'bahia-x-vitoria')).toMatchObject({
      status: 'PAUSED',
      statusLabel: 'INTERVALO',
      minute: null,
    });
    expect(byId(matches, 'gremio-x-inter')).toMatchObject({
      status: 'IN_PLAY',
      statusLabel: 'AO VIVO',
      minute: null,
      score: { home: 2, away: 1 },
    });
    expect(byId(matches, 'ceara-x-sport')).toMatchObject({
      status: 'SUSPENDED',
      statusLabel: 'SUSPENSO',
      score: { home: 0, away: 0 },
    });
    // a postponed card keeps the kick-off its --datetime still shows
    expect(byId(matches, 'goias-x-vila-nova')).toMatchObject({
      status: 'POSTPONED',
      statusLabel: 'ADIADO',
      kickoff: '2026-11-22T20:00:00-03:00',
    });
  });

  it('trusts the --live marker over an unknown text, and reports unknown texts', () => {
    expect(byId(matches, 'script-x-fc')).toMatchObject({ status: 'IN_PLAY', statusLabel: '2º TEMPO', minute: null });
    expect(byId(matches, 'remo-x-paysandu')).toMatchObject({ status: 'UNKNOWN', statusLabel: 'A DEFINIR' });
    expect(diagnostics.unknownStatusLabels).toEqual(['2º TEMPO', 'A DEFINIR']);
  });

  it('skips a card outside any link and a card with one team, saying why, and keeps the rest in page order', () => {
    expect(matches).toHaveLength(12);
    expect(diagnostics).toMatchObject({
      markup: 'cards',
      container: '#main',
      candidates: 14,
      cardCandidates: 14,
      rowCandidates: 0,
      matches: 12,
      skipped: 2,
    });
    expect(diagnostics.skippedCandidates.map((s) => [s.markup, s.reason])).toEqual([
      ['card', expect.stringMatching(/^sem link de partida/)],
      ['card', 'sem os nomes dos dois times'],
    ]);
    expect(diagnostics.skippedCandidates[0]?.snippet).toMatch(
      /^<div class="match__md_card"> <div class="match__md_card--league">Copa do Brasil/,
    );
    expect(diagnostics.skippedCandidates[1]?.snippet).toMatch(/criciuma-x-a-definir/);
    expect(matches.map((m) => m.id.split('/')[0])).toEqual([
      ...Array<string>(4).fill('mundial-clubes-fifa'),
      'premier-league',
      'premier-league',
      ...Array<string>(6).fill('copa-do-brasil'),
    ]);
    for (const match of matches) expect(MatchSchema.safeParse(match).success, match.id).toBe(true);
  });

  it('treats a card page where every card is malformed as a ListingParseError that keeps what it found', () => {
    let caught: unknown;
    try {
      parseListingPage(readFixture('cards/all-malformed.html'), HOJE);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ListingParseError);
    expect((caught as ListingParseError).message).toMatch(
      /nenhum dos 3 cartões de jogo pôde ser lido.*últimos dados válidos foram mantidos/,
    );
    expect((caught as ListingParseError).diagnostics).toMatchObject({
      markup: 'cards',
      candidates: 3,
      matches: 0,
      skipped: 3,
    });
  });

  it('treats a page with neither markup as a ListingParseError (markup "none")', () => {
    let caught: unknown;
    try {
      readListingPage('<!DOCTYPE html><html><body><div id="main"><p>Manutenção</p></div></body></html>', HOJE);
    } catch (error) {
      caught = error;
    }
    expect((caught as ListingParseError).diagnostics?.markup).toBe('none');
    expect((caught as ListingParseError).message).toMatch(
      /não tem o contêiner de jogos #livescore \(linhas\) nem cartões de jogo/,
    );
  });
});

describe('the featured block does not reorder the listing', () => {
  const expectedIds = [
    'campeonato-paulista/21-11-2026-santos-x-corinthians',
    'campeonato-paulista/21-11-2026-palmeiras-x-sao-paulo',
    'campeonato-carioca/21-11-2026-flamengo-x-botafogo',
    'campeonato-carioca/21-11-2026-vasco-x-fluminense',
    'campeonato-mineiro/21-11-2026-caldense-x-ipatinga',
    'campeonato-mineiro/21-11-2026-cruzeiro-x-atletico-mg',
    // listed only in the featured block: after its own competition's block
    'campeonato-mineiro/21-11-2026-america-mg-x-tombense',
  ];

  it.each(['variants/featured-later-competitions.html', 'cards/featured-later-competitions.html'])(
    '%s: featured matches of the second and last competitions stay in their competition blocks',
    (file) => {
      const { matches, diagnostics } = readListingPage(readFixture(file), HOJE);
      expect(matches.map((m) => m.id)).toEqual(expectedIds);
      expect([...new Set(matches.map((m) => m.competition.name))]).toEqual([
        'Campeonato Paulista',
        'Campeonato Carioca',
        'Campeonato Mineiro',
      ]);
      expect(diagnostics.duplicates).toBe(2);
    },
  );

  it('gives the same matches from the row and the card version of the page', () => {
    expect(parseListingPage(readFixture('cards/featured-later-competitions.html'), HOJE)).toStrictEqual(
      parseListingPage(readFixture('variants/featured-later-competitions.html'), HOJE),
    );
  });
});

describe('orderListing', () => {
  const match = (id: string, name: string): Match => ({
    ...expectedHoje()[0]!,
    id,
    competition: { name, slug: id.split('/')[0] ?? '' },
  });

  it('puts a featured-only match after its own block, keeps one-name-two-slugs apart, and joins a competition split in two blocks', () => {
    const { ordered, duplicates } = orderListing([
      { match: match('italiano/a', 'Série A'), featured: true }, // featured only, its competition has a block below
      { match: match('brasileirao/b', 'Série A'), featured: true }, // repeated below
      { match: match('brasileirao/c', 'Série A'), featured: false },
      { match: match('brasileirao/b', 'Série A'), featured: false },
      { match: match('italiano/d', 'Série A'), featured: false },
      { match: match('brasileirao/e', 'Série A'), featured: false }, // a second block of the first competition
    ]);
    expect(ordered.map((entry) => entry.match.id)).toEqual([
      'brasileirao/c',
      'brasileirao/b',
      'brasileirao/e',
      'italiano/d',
      'italiano/a',
    ]);
    expect(duplicates).toBe(1);
  });
});

describe('where the listing is', () => {
  it('reads #livescore when the page has it, even empty, not cards elsewhere on the page', () => {
    const card =
      readFixture('cards/variants.html').match(
        /<a href="\/mundial-clubes-fifa\/21-11-2026-chelsea-x-flamengo\.html"[\s\S]*?<\/a>/,
      )?.[0] ?? '';
    const html = `<!DOCTYPE html><html><body><div id="livescore"><div class="alert">Nenhuma partida</div></div><aside>${card}</aside></body></html>`;
    expect(readListingPage(html, HOJE)).toMatchObject({
      matches: [],
      diagnostics: { markup: 'rows', container: '#livescore', candidates: 0 },
    });
    expect(readListingPage(html.replace('id="livescore"', 'id="other"'), HOJE).diagnostics).toMatchObject({
      markup: 'cards',
      container: 'body',
      matches: 1,
    });
  });
});
