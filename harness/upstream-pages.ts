/**
 * Edits of the upstream sample pages for browser tests, in the upstream's own markup: a
 * changed score, a renamed team, a page with many matches. Names are set as text, so markup
 * in a name reaches the page HTML-escaped, as a real site would send it.
 */
import * as cheerio from 'cheerio';
import { LISTING_PATHS } from '../src/lib/model/model.ts';

function matchAnchor($: cheerio.CheerioAPI, matchPath: string) {
  const anchor = $(`a[href="${matchPath}"]`);
  if (anchor.length === 0) throw new Error(`no match ${matchPath} in the page`);
  return anchor;
}

/** The page with the score of the match at `matchPath` ("/liga/dd-mm-aaaa-a-x-b.html") changed. */
export function withScore(html: string, matchPath: string, home: number, away: number): string {
  const $ = cheerio.load(html);
  const cells = matchAnchor($, matchPath).find('.match-score span.badge-default');
  $(cells[0]).text(String(home));
  $(cells[1]).text(String(away));
  return $.html();
}

/** The page with the status text of the match at `matchPath` changed (e.g. "12'": under way, no kick-off shown). */
export function withStatusLabel(html: string, matchPath: string, label: string): string {
  const $ = cheerio.load(html);
  matchAnchor($, matchPath).find('.status-name').text(label);
  return $.html();
}

/** The page with a team name replaced (home or away side of the match at `matchPath`). */
export function withTeamName(html: string, matchPath: string, side: 'home' | 'away', name: string): string {
  const $ = cheerio.load(html);
  matchAnchor($, matchPath)
    .find(side === 'home' ? 'h5.text-right' : 'h5.text-left')
    .text(name);
  return $.html();
}

/**
 * A live page with `count` matches in groups of ten competitions, built by repeating the
 * first match row of `html` with new paths and names.
 */
export function buildManyMatchesPage(html: string, count: number): string {
  const $ = cheerio.load(html);
  const livescore = $('#livescore');
  const header = livescore.children('a').first().clone();
  const row = livescore.find('.container.content > a[href$=".html"]').first().clone();
  livescore.empty();
  for (let group = 0; group * 10 < count; group++) {
    const slug = `campeonato-${group + 1}`;
    const groupHeader = header.clone().attr('href', `/${slug}`);
    groupHeader.find('h3').text(`Campeonato Número ${group + 1}`);
    const content = $('<div class="container content"></div>');
    for (let i = group * 10; i < Math.min(count, group * 10 + 10); i++) {
      const copy = row.clone().attr('href', `/${slug}/21-11-2026-mandante-${i}-x-visitante-${i}.html`);
      copy.find('h5.text-right').text(`Mandante Futebol Clube ${i}`);
      copy.find('h5.text-left').text(`Visitante Esporte Clube ${i}`);
      content.append(copy);
    }
    livescore.append(groupHeader, content);
  }
  return $.html();
}

/**
 * The page with a copy of its first match row for each of `matchPaths` ("/liga/dd-mm-aaaa-a-x-b.html"),
 * appended to its first competition (not the featured block), the teams named after their place in the list.
 */
export function withMatchesAdded(html: string, matchPaths: readonly string[]): string {
  const $ = cheerio.load(html);
  const content = $('#livescore .container.content:not(.trending-box)').first();
  const row = content.children('a[href$=".html"]').first();
  matchPaths.forEach((matchPath, i) => {
    const copy = row.clone().attr('href', matchPath);
    copy.find('h5.text-right').text(`Mandante Acrescentado ${i + 1}`);
    copy.find('h5.text-left').text(`Visitante Acrescentado ${i + 1}`);
    content.append(copy);
  });
  return $.html();
}

/** The page without the match at `matchPath`. */
export function withoutMatch(html: string, matchPath: string): string {
  const $ = cheerio.load(html);
  matchAnchor($, matchPath).remove();
  return $.html();
}

const LISTING_PATH_SET: ReadonlySet<string> = new Set(Object.values(LISTING_PATHS));

/** The requests a fake upstream saw for the four listings (match pages and crests left out). */
export function listingRequests<T extends { path: string }>(requests: readonly T[]): T[] {
  return requests.filter((request) => LISTING_PATH_SET.has(request.path.split('?')[0] ?? ''));
}

/** The page with the status text of the match at `matchPath` replaced ("ENCERRADO", "INTERVALO"…). */
export function withStatus(html: string, matchPath: string, status: string): string {
  const $ = cheerio.load(html);
  matchAnchor($, matchPath).find('.status-name').text(status);
  return $.html();
}

/**
 * A match page (the newer layout, as test/fixtures/upstream/match-pages/) with one more goal: a
 * row in the events and the page's own scoreboard moved on, so page and listing agree.
 */
export function withMatchPageGoal(html: string, side: 'home' | 'away', player: string, minute: number): string {
  const $ = cheerio.load(html);
  const cell = (own: boolean): string => (own ? `${player} <img src="/images/goal.png" alt="" width="16">` : '');
  $('.events').append(
    `<div class="row align-items-center content"><div class="col-5 event-line text-right">${cell(side === 'home')}</div>` +
      `<div class="col-2 match-card-events-space text-center">${minute}'</div>` +
      `<div class="col-5 event-line text-left">${cell(side === 'away')}</div></div>`,
  );
  const score = $('.match-score-text').eq(side === 'home' ? 0 : 1);
  score.text(String(Number(score.text()) + 1));
  return $.html();
}
