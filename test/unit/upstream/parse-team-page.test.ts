import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MatchSchema, type Match } from '../../../src/lib/model/model.ts';
import { TEAM_HOME_LIMITS } from '../../../src/lib/model/team-home.ts';
import { parseTeamPage } from '../../../src/upstream/team-page/parse-team-page.ts';
import { TeamPageParseError } from '../../../src/upstream/team-page/team-page-parse-error.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/upstream/team-pages');
const ORIGIN = 'https://www.placardefutebol.com.br';
const NEXT_URL = `${ORIGIN}/time/sport/proximos-jogos`;
const LAST_URL = `${ORIGIN}/time/sport/ultimos-jogos`;
const readFixture = (name: string): string => fs.readFileSync(path.join(FIXTURES, name), 'utf8');

/** The fields the expected files give (API.md: the rest of a Match follows the usual rules). */
function cardFields(match: Match) {
  const team = ({ name, slug }: Match['homeTeam']) => ({ name, slug });
  const { id, url, competition, date, kickoff, status, score } = match;
  return {
    id,
    url,
    competition,
    date,
    kickoff,
    status,
    homeTeam: team(match.homeTeam),
    awayTeam: team(match.awayTeam),
    score,
  };
}

interface CardSpec {
  href: string;
  league?: string;
  home?: string;
  away?: string;
  homeCrest?: string;
  awayCrest?: string;
  /** Inner HTML after the logos (datetime, date, scoreboard, live parts). */
  tail: string;
}

function card(spec: CardSpec): string {
  const { href, league = 'Copa do Nordeste', home = 'Sport', away = 'Náutico' } = spec;
  const homeCrest = spec.homeCrest ?? '/images/teams/sport.png';
  const awayCrest = spec.awayCrest ?? '/images/teams/nautico.png';
  return `<a class="match__lg" href="${href}"><div class="match__lg_card"><div class="match__lg_card--league">${league}</div><div class="match__lg_card--ht-name text">${home}</div><div class="match__lg_card--at-name text">${away}</div><div class="match__lg_card--ht-logo"><img src="${homeCrest}" alt=""></div><div class="match__lg_card--at-logo"><img src="${awayCrest}" alt=""></div>${spec.tail}</div></a>`;
}

const page = (cards: string): string =>
  `<!DOCTYPE html><html lang="pt-br"><head><meta charset="utf-8"><title>Sport - Próximos jogos</title></head><body><div id="main"><div class="team__header"><h1>Sport</h1></div><div class="matches">${cards}</div></div></body></html>`;

const NEXT_HREF = '/copa-do-nordeste/21-03-2027-sport-x-nautico.html';
const LAST_HREF = '/copa-do-nordeste/14-03-2027-sport-x-nautico.html';

describe('the two team page samples', () => {
  it.each([
    ['time-sport-proximos-jogos', NEXT_URL, 'next'],
    ['time-sport-ultimos-jogos', LAST_URL, 'last'],
  ] as const)('%s gives exactly its expected fields, in page order, each a valid Match', (name, url, key) => {
    const matches = parseTeamPage(readFixture(`${name}.html`), url);
    const expected = (JSON.parse(readFixture(`${name}.expected.json`)) as Record<string, unknown>)[key];
    expect(matches.map(cardFields)).toStrictEqual(expected);
    for (const match of matches) expect(MatchSchema.parse(match)).toStrictEqual(match);
  });

  it('keeps the crests as the page writes them, for the scrape to copy', () => {
    const [first] = parseTeamPage(readFixture('time-sport-proximos-jogos.html'), NEXT_URL);
    expect(first?.homeTeam).toStrictEqual({
      name: 'Sport',
      slug: 'sport',
      crest: null,
      crestSource: `${ORIGIN}/images/teams/sport.png`,
    });
  });
});

describe('variations the public scrapers met', () => {
  it('reads a scoreboard written as text "2 - 1" as it reads two <b>', () => {
    const [asText, asBold] = parseTeamPage(
      page(
        card({
          href: LAST_HREF,
          tail: '<div class="match__lg_card--date">SÁB, 14/03</div><div class="match__lg_card--scoreboard">2 - 1</div>',
        }) +
          card({
            href: '/copa-do-nordeste/07-03-2027-sport-x-nautico.html',
            tail: '<div class="match__lg_card--date">SÁB, 07/03</div><div class="match__lg_card--scoreboard"><b>2</b> - <b>1</b></div>',
          }),
      ),
      LAST_URL,
    );
    for (const match of [asText, asBold]) {
      expect(match).toMatchObject({ status: 'FINISHED', kickoff: null, score: { home: 2, away: 1, penalties: null } });
    }
  });

  it('a card with only its date ("SÁB 21/03") is to come with no kick-off, its date from the match path', () => {
    const [match] = parseTeamPage(
      page(card({ href: NEXT_HREF, tail: '<div class="match__lg_card--datetime">SÁB 22/03</div>' })),
      NEXT_URL,
    );
    expect(match).toMatchObject({ status: 'SCHEDULED', kickoff: null, date: '2027-03-21' });
  });

  it.each([
    [`<div class="match__lg_card--live">67'</div>`, 67],
    ['<div class="match__lg_card--live">AO VIVO</div>', null],
  ])('a live card (%s) at the top of the upcoming page is IN_PLAY, above the ones to come', (live, minute) => {
    const matches = parseTeamPage(
      page(
        card({
          href: '/campeonato-pernambucano/02-12-2026-sport-x-santa-cruz.html',
          league: 'Campeonato Pernambucano',
          away: 'Santa Cruz',
          awayCrest: '/images/teams/santa-cruz.png',
          tail: `<div class="match__lg_card--scoreboard"><b>1</b><b>0</b></div>${live}`,
        }) + card({ href: NEXT_HREF, tail: '<div class="match__lg_card--datetime">SÁB 21/03<br>16:00</div>' }),
      ),
      NEXT_URL,
    );
    expect(matches.map((m) => [m.id, m.status])).toStrictEqual([
      ['campeonato-pernambucano/02-12-2026-sport-x-santa-cruz', 'IN_PLAY'],
      ['copa-do-nordeste/21-03-2027-sport-x-nautico', 'SCHEDULED'],
    ]);
    expect(matches[0]).toMatchObject({ minute, score: { home: 1, away: 0 }, awayTeam: { slug: 'santa-cruz' } });
  });

  it('whitespace and line breaks anywhere change nothing', () => {
    const tight = readFixture('time-sport-proximos-jogos.html');
    const loose = tight
      .replace(/></g, '>\n   \t<')
      .replace(/<br>/g, '\n<br>\n ')
      .replace(/(>)([^<\s][^<]*)(<)/g, '$1\n  $2  \n$3');
    expect(loose).not.toBe(tight);
    expect(parseTeamPage(loose, NEXT_URL)).toStrictEqual(parseTeamPage(tight, NEXT_URL));
  });

  it('a team with nothing listed is an empty list, not an error', () => {
    expect(parseTeamPage(page(''), NEXT_URL)).toStrictEqual([]);
  });

  it('takes the team keys from the crest address first, then the match link, then the name', () => {
    const [match] = parseTeamPage(
      page(
        card({
          href: '/copa-do-nordeste/21-03-2027-sport-recife-x-nautico.html',
          homeCrest: '/images/teams/sport.png',
          awayCrest: '/img/escudo-sem-nome.png',
          away: 'Náutico-PE',
          tail: '<div class="match__lg_card--datetime">SÁB 21/03<br>16:00</div>',
        }),
      ),
      NEXT_URL,
    );
    expect([match?.homeTeam.slug, match?.awayTeam.slug]).toStrictEqual(['sport', 'nautico']);
  });
});

describe('hostile and broken pages', () => {
  const scheduled = (href: string, extra: Partial<CardSpec> = {}): string =>
    card({ href, tail: '<div class="match__lg_card--datetime">SÁB 21/03<br>16:00</div>', ...extra });

  it('refuses a page nested past the depth bound', () => {
    const deep = '<div>'.repeat(600) + scheduled(NEXT_HREF) + '</div>'.repeat(600);
    expect(() => parseTeamPage(page(deep), NEXT_URL)).toThrow(TeamPageParseError);
  });

  it('refuses an error page, a cut-off page and a page of cards not one of which reads', () => {
    expect(() => parseTeamPage('<html><body><h1>Erro 500</h1></body></html>', NEXT_URL)).toThrow(
      /cabeçalho de um time/,
    );
    expect(() => parseTeamPage(page(scheduled(NEXT_HREF)).replace('</body></html>', ''), NEXT_URL)).toThrow(
      /incompleta/,
    );
    expect(() => parseTeamPage(page(scheduled('/time/sport')), NEXT_URL)).toThrow(/nenhum dos 1 cartões/);
  });

  it('skips a card linking off the upstream, an impossible date, a name past the model, and reads the rest', () => {
    const matches = parseTeamPage(
      page(
        scheduled('https://evil.example/copa-do-nordeste/21-03-2027-sport-x-nautico.html') +
          scheduled('/copa-do-nordeste/31-02-2027-sport-x-nautico.html') +
          scheduled('/copa-do-nordeste/01-03-2027-sport-x-nautico.html', { home: 'S'.repeat(5_000) }) +
          scheduled(NEXT_HREF),
      ),
      NEXT_URL,
    );
    expect(matches.map((m) => m.id)).toStrictEqual(['copa-do-nordeste/21-03-2027-sport-x-nautico']);
  });

  it('drops invisible characters from names and keeps a match listed twice once', () => {
    const matches = parseTeamPage(
      page(scheduled(NEXT_HREF, { home: 'Sp\u200bo\u00adrt\u202e' }) + scheduled(NEXT_HREF)),
      NEXT_URL,
    );
    expect(matches).toHaveLength(1);
    expect(matches[0]?.homeTeam.name).toBe('Sport');
  });

  it('keeps at most the model bound of cards, the first ones', () => {
    const many = Array.from({ length: TEAM_HOME_LIMITS.pageMatches + 30 }, (_, index) =>
      scheduled(`/copa-do-nordeste/21-03-2027-sport-x-time-${index}.html`),
    ).join('');
    const matches = parseTeamPage(page(many), NEXT_URL);
    expect(matches).toHaveLength(TEAM_HOME_LIMITS.pageMatches);
    expect(matches[0]?.id).toBe('copa-do-nordeste/21-03-2027-sport-x-time-0');
  });
});
