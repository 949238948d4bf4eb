/**
 * Issue 35 (a fan and an integrator): what a match page adds to its listing row — the kick-off
 * of its date line (both layouts), each team's key from its team link — read at the edge, and
 * given to the rows with the listing's own kick-off first; the teams' and competitions' keys in
 * the model (their order: test/unit/model/match-order.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureMatchPages } from '../../../src/demo/demo-match-pages.ts';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { LISTING_PATHS, MatchSchema, TeamSchema } from '../../../src/lib/model/model.ts';
import { withMatchPageFacts } from '../../../src/refresh/match-pages/match-page-facts.ts';
import { teamSlugOf } from '../../../src/upstream/match-page/parse-match-facts.ts';
import { readMatchPage } from '../../../src/upstream/match-page/parse-match-page.ts';
import { buildSampleMatch } from '../../support/samples/sample-match.ts';

const ORIGIN = 'https://www.placardefutebol.com.br';
const PAGE_URL = `${ORIGIN}/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html`;
const readPage = (name: string): string =>
  fs.readFileSync(path.resolve(import.meta.dirname, `../../fixtures/upstream/match-pages/${name}.html`), 'utf8');

describe('the match page: kick-off and team keys', () => {
  it.each([
    ['jogo-flamengo-x-palmeiras', '2027-03-14T16:00:00-03:00', 'flamengo', 'palmeiras'],
    ['jogo-antigo-corinthians-x-santos', '2020-02-02T16:00:00-03:00', 'corinthians', 'santos'],
    ['jogo-gremio-x-internacional-compacto', '2026-11-22T18:30:00-03:00', 'gremio', 'internacional'],
    ['jogo-nao-comecou', '2026-11-21T21:30:00-03:00', 'atletico-mg', 'bragantino'],
  ])('%s: its date line and team links', (name, kickoff, homeSlug, awaySlug) => {
    expect(readMatchPage(readPage(name), PAGE_URL).facts).toEqual({ kickoff, homeSlug, awaySlug });
  });

  it('reads the kick-off of a finished match page too (the date line keeps its time after the whistle)', () => {
    const live = readPage('jogo-flamengo-x-palmeiras');
    const finished = live.replace(
      '<span class="badge badge-danger status-name">67 MIN</span>',
      '<span class="badge badge-danger status-name">ENCERRADO</span>',
    );
    expect(finished).not.toBe(live);
    expect(readMatchPage(finished, PAGE_URL).facts).toEqual({
      kickoff: '2027-03-14T16:00:00-03:00',
      homeSlug: 'flamengo',
      awaySlug: 'palmeiras',
    });
  });

  it('reads no kick-off from an impossible date or time, and no key from a link elsewhere or out of charset', () => {
    const page = (dateLine: string, homeHref: string, awayHref: string): string =>
      '<!DOCTYPE html><html><body><div class="match-scoreboard"><span class="status-name">ENCERRADO</span>' +
      '<span class="match-score-text">1</span> x <span class="match-score-text">0</span></div>' +
      `<div class="row match-card-second-row"><a href="${homeHref}"><h4 class="team_link">Casa</h4></a>` +
      `<h4 class="team_link"><a href="${awayHref}">Fora</a></h4></div>` +
      `<div class="match-details"><p>${dateLine}</p></div></body></html>`;
    expect(readMatchPage(page('31/02/2026 às 16:00', '/times/a.html', '/times/b'), PAGE_URL).facts).toEqual({
      kickoff: null,
      homeSlug: 'a',
      awaySlug: 'b',
    });
    expect(readMatchPage(page('21/11/2026 às 25:10', '/times/a.html', '/times/b.html'), PAGE_URL).facts.kickoff).toBe(
      null,
    );
    expect(readMatchPage(page('Sábado, 21/11/2026 - 9h05', '', ''), PAGE_URL).facts).toEqual({
      kickoff: '2026-11-21T09:05:00-03:00',
      homeSlug: null,
      awaySlug: null,
    });
    for (const href of [
      'http://outro.example/times/flamengo.html',
      `${ORIGIN}:8443/times/flamengo.html`,
      '/times/Flamengo.html',
      '/times/fla%20mengo.html',
      '/times/flamengo--rj.html',
      '/clubes/flamengo.html',
      '/times/flamengo/elenco.html',
      `/times/${'a'.repeat(101)}.html`,
      'javascript:alert(1)',
    ])
      expect(teamSlugOf(href, PAGE_URL), href).toBe(null);
    expect(teamSlugOf(`${ORIGIN}/times/atletico-mg.html`, PAGE_URL)).toBe('atletico-mg');
  });
});

describe("the demo upstream's match pages (every test's fake upstream)", () => {
  it.each(['newer', 'older'] as const)('%s layout: team links and date line as the upstream writes them', (layout) => {
    const pages = fixtureMatchPages({ [LISTING_PATHS.hoje]: readFixturePages()[LISTING_PATHS.hoje] ?? '' }, { layout });
    const path = '/brasileirao-serie-a/21-11-2026-atletico-mg-x-red-bull-bragantino.html';
    expect(readMatchPage(pages[path] ?? '', `${ORIGIN}${path}`).facts).toEqual({
      kickoff: '2026-11-21T21:30:00-03:00',
      homeSlug: 'atletico-mg',
      awaySlug: 'red-bull-bragantino',
    });
  });
});

describe('the model: team and competition keys', () => {
  it('a team carries slug (null when unknown); a file written before it reads as null; a bad key is refused', () => {
    expect(TeamSchema.parse({ name: 'Flamengo', crest: null, crestSource: null })).toEqual({
      name: 'Flamengo',
      crest: null,
      crestSource: null,
      slug: null,
    });
    expect(TeamSchema.safeParse({ name: 'A', crest: null, crestSource: null, slug: 'flamengo' }).success).toBe(true);
    for (const slug of ['Flamengo', 'fla mengo', '-fla', 'fla-', '', 'a'.repeat(101), '../x'])
      expect(TeamSchema.safeParse({ name: 'A', crest: null, crestSource: null, slug }).success, slug).toBe(false);
    expect(MatchSchema.safeParse(buildSampleMatch()).success).toBe(true);
  });
});

describe('withMatchPageFacts', () => {
  const facts = { kickoff: '2026-11-21T16:00:00-03:00', homeSlug: 'flamengo', awaySlug: 'palmeiras' };

  it("fills a kick-off still unknown from the page's date line, and gives each team its key", () => {
    const [filled] = withMatchPageFacts([buildSampleMatch({ kickoff: null })], () => facts);
    expect(filled?.kickoff).toBe('2026-11-21T16:00:00-03:00');
    expect([filled?.homeTeam.slug, filled?.awayTeam.slug]).toEqual(['flamengo', 'palmeiras']);
    expect(MatchSchema.safeParse(filled).success).toBe(true);
  });

  it("keeps the listing's kick-off (or one seen before), refuses a page's kick-off on another day, changes nothing without facts", () => {
    const listed = buildSampleMatch({ kickoff: '2026-11-21T21:30:00-03:00' });
    expect(withMatchPageFacts([listed], () => facts)[0]?.kickoff).toBe('2026-11-21T21:30:00-03:00');
    const otherDay = { ...facts, kickoff: '2027-03-14T16:00:00-03:00' };
    expect(withMatchPageFacts([buildSampleMatch({ kickoff: null })], () => otherDay)[0]?.kickoff).toBe(null);
    const untouched = buildSampleMatch({ kickoff: null });
    expect(withMatchPageFacts([untouched], () => null)[0]).toBe(untouched);
    expect(withMatchPageFacts([untouched], () => ({ kickoff: null, homeSlug: null, awaySlug: null }))[0]).toBe(
      untouched,
    );
  });
});
