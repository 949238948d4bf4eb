/**
 * The demo upstream's card layout: a listing page in the row markup rewritten, match by match,
 * in the upstream's card markup (see src/upstream/listing/parse-match-card.ts), so Placar can be run
 * against listings that moved to cards. Pure and independent of Placar's parsers (it reads the
 * rows by their classes and only asks parseStatus which kind of badge text it holds).
 *
 *   row badge "67 MIN" / "88'" / "AO VIVO"  → <div class="match__md_card--live">67 min</div>
 *   row badge "HOJE 21:30" / "AMANHÃ 16:00" → <div class="match__md_card--datetime">hoje<br>21:30</div>
 *   row badge "INTERVALO"                   → --status "intervalo" plus the --live marker
 *   any other badge ("ENCERRADO", "ADIADO") → <div class="match__md_card--status">encerrado</div>
 *   scores (and shoot-out badges)           → <b>1</b> (4) - (5) <b>1</b>
 * The listing's #livescore container and its league headers stay (the scenario: the listings
 * keep their page and move their matches to cards), so an empty listing still reads as empty.
 */
import * as cheerio from 'cheerio';
import type { CheerioAPI } from 'cheerio';
import { parseStatus } from '../upstream/parse-status.ts';
import { escapeHtml } from './escape-html.ts';

export type ListingLayout = 'rows' | 'cards';

const P = 'match__md_card';
type Node = ReturnType<CheerioAPI>;

const lower = (text: string): string => text.toLocaleLowerCase('pt-BR');

function infoHtml(label: string): string {
  const { status, kickoffTime } = parseStatus(label);
  const text = escapeHtml(lower(label));
  if (status === 'SCHEDULED' && kickoffTime) {
    const day = label.replace(/\s*\d{1,2}\s*[:hH]\s*\d{2}$/, '').trim();
    return `<div class="${P}--datetime">${day === '' ? '' : `${escapeHtml(lower(day))}<br>`}${kickoffTime}</div>`;
  }
  if (status === 'IN_PLAY') return `<div class="${P}--live">${text}</div>`;
  if (status === 'PAUSED') return `<div class="${P}--status">${text}</div><div class="${P}--live"></div>`;
  return `<div class="${P}--status">${text}</div>`;
}

function scoreboardHtml($: CheerioAPI, cells: Node): string {
  const side = (cell: Node): { goals: string; penalties: string } => ({
    goals: $(cell).find('.badge').not('.badge-penalties').first().text().trim(),
    penalties: $(cell).find('.badge-penalties').first().text().trim(),
  });
  const home = side(cells.eq(0));
  const away = side(cells.eq(1));
  if (home.goals === '' && away.goals === '') return '';
  const shootout = home.penalties !== '' && away.penalties !== '';
  const middle = shootout ? ` (${escapeHtml(home.penalties)}) - (${escapeHtml(away.penalties)}) ` : ' - ';
  return `<div class="${P}--scoreboard"><b>${escapeHtml(home.goals)}</b>${middle}<b>${escapeHtml(away.goals)}</b></div>`;
}

function teamHtml($: CheerioAPI, cell: Node, side: 'ht' | 'at'): string {
  const img = $(cell).find('img').first();
  const logo = img.length > 0 ? $.html(img) : '';
  return `<div class="${P}--${side}-logo">${logo}</div><div class="${P}--${side}-name text">${escapeHtml($(cell).text().trim())}</div>`;
}

function cardHtml($: CheerioAPI, anchor: Node, league: string): string {
  const teams = anchor.find('.team-name');
  const label = anchor.find('.status-name').first().text().replace(/\s+/g, ' ').trim();
  return (
    `<a href="${escapeHtml(anchor.attr('href') ?? '')}" class="match__md"><div class="${P}">` +
    `<div class="${P}--league">${escapeHtml(league)}</div>` +
    teamHtml($, teams.eq(0), 'ht') +
    scoreboardHtml($, anchor.find('.match-score')) +
    teamHtml($, teams.eq(1), 'at') +
    `<div class="${P}--info">${infoHtml(label)}</div>` +
    `</div></a>`
  );
}

/** The same listing page with every match row written as a card. */
export function toCardLayout(html: string): string {
  const $ = cheerio.load(html);
  let league = '';
  $('#livescore')
    .find('h3.match-list_league-name, a[href]:has(.status-name)')
    .each((_, element) => {
      const node = $(element);
      if (node.is('h3')) {
        league = node.text().replace(/\s+/g, ' ').trim();
        return;
      }
      const featuredLeague = node.find('.match-card-league-name').first().text().trim();
      node.replaceWith(cardHtml($, node, featuredLeague || league));
    });
  return $.html();
}

/** The demo upstream's pages in the chosen layout (rows: as they are). */
export function pagesInLayout(pages: Readonly<Record<string, string>>, layout: ListingLayout): Record<string, string> {
  if (layout === 'rows') return { ...pages };
  return Object.fromEntries(Object.entries(pages).map(([pagePath, html]) => [pagePath, toCardLayout(html)]));
}
