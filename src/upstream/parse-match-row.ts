/**
 * Pure: one match row of an upstream listing → a Match, or null when the row lacks a
 * match path or two team names (the caller counts it as malformed and skips it).
 *
 * The row, as the listing writes it (whitespace varies; the <h4> may be empty or absent
 * before kick-off; an <img> crest may sit in the team cells):
 *   <a href="/copa-do-brasil/21-11-2026-fortaleza-x-cruzeiro.html">
 *     <div class="row align-items-center content">
 *       <div class="w-25 p-1 status text-center"><span class="badge badge-danger status-name">ENCERRADO</span></div>
 *       <div class="w-25 p-2 team-name"><h5 class="text-right team_link">Fortaleza</h5></div>
 *       <div class="w-25 p-1 match-score d-flex justify-content-end"><h4><span class="badge badge-default">1</span><span class="badge badge-penalties">4</span></h4></div>
 *       <div class="h5 text-center">x</div>
 *       <div class="w-25 p-1 match-score d-flex justify-content-start"><h4><span class="badge badge-default">1</span><span class="badge badge-penalties">5</span></h4></div>
 *       <div class="w-25 p-2 team-name"><h5 class="text-left team_link">Cruzeiro</h5></div>
 *       <div class="w-25 p-1 link_to_match"><img src="/images/tv.png" alt=""></div>
 *     </div>
 *   </a>
 */
import type { Cheerio } from 'cheerio';
import type { Match, Team } from '../lib/model.ts';
import { saoPauloKickoffIso } from '../lib/time.ts';
import { parseStatus } from './parse-status.ts';

/** A cheerio selection of elements (cheerio does not export domhandler's Element type). */
export type Selection = ReturnType<Cheerio<never>['find']>;

/** "/<league-slug>/<DD-MM-YYYY>-<home>-x-<away>.html" (extra folders tolerated). */
const MATCH_PATH = /^\/([^/]+)\/(?:[^/]+\/)*(\d{2})-(\d{2})-(\d{4})-[^/]+\.html$/;

export function normalizeText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** An absolute http(s) URL for `href` relative to `base`, or null (data:, javascript:, junk). */
export function resolveHttpUrl(href: string | undefined, base: string): string | null {
  if (!href || href.trim() === '') return null;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export interface MatchPath {
  id: string;
  url: string;
  slug: string;
  date: string;
}

/**
 * The match identity from a row's href, or null when it is not a match path on the page's own
 * host (a link elsewhere is not an upstream match page) or the date is impossible.
 */
export function parseMatchPath(href: string | undefined, pageUrl: string): MatchPath | null {
  const url = resolveHttpUrl(href, pageUrl);
  if (!url) return null;
  const { pathname, hostname } = new URL(url);
  if (hostname !== new URL(pageUrl).hostname) return null;
  const parts = MATCH_PATH.exec(pathname);
  if (!parts) return null;
  const [, slug = '', day = '', month = '', year = ''] = parts;
  const date = new Date(Date.UTC(+year, +month - 1, +day));
  if (date.getUTCFullYear() !== +year || date.getUTCMonth() !== +month - 1 || date.getUTCDate() !== +day) return null;
  return { id: pathname.slice(1, -'.html'.length), url, slug, date: `${year}-${month}-${day}` };
}

function parseTeam(cell: Selection, pageUrl: string): Team | null {
  const name = normalizeText(cell.text());
  if (name === '') return null;
  const img = cell.find('img').first();
  const crest = resolveHttpUrl(img.attr('src'), pageUrl) ?? resolveHttpUrl(img.attr('data-src'), pageUrl);
  return { name, crest };
}

function parseGoalCount(text: string): number | null {
  const normalized = normalizeText(text);
  return /^\d{1,3}$/.test(normalized) ? Number(normalized) : null;
}

/** Goals shown in a score cell: the main badge (or bare text), never the shoot-out badge. */
function parseGoals(cell: Selection | undefined): number | null {
  if (!cell || cell.length === 0) return null;
  const badge = cell.find('.badge').not('.badge-penalties').first();
  if (badge.length > 0) return parseGoalCount(badge.text());
  return parseGoalCount(cell.clone().find('.badge-penalties').remove().end().text());
}

function parsePenalties(cell: Selection | undefined): number | null {
  if (!cell || cell.length === 0) return null;
  const badge = cell.find('.badge-penalties').first();
  return badge.length > 0 ? parseGoalCount(badge.text()) : null;
}

export function parseMatchRow(row: Selection, pageUrl: string, competitionName: string): Match | null {
  const path = parseMatchPath(row.attr('href'), pageUrl);
  if (!path) return null;
  let teamCells = row.find('.team-name');
  if (teamCells.length < 2) teamCells = row.find('.team_link');
  if (teamCells.length < 2) return null;
  const homeTeam = parseTeam(teamCells.eq(0), pageUrl);
  const awayTeam = parseTeam(teamCells.eq(1), pageUrl);
  if (!homeTeam || !awayTeam) return null;

  const badge = row.find('.status-name').first();
  const statusLabel = normalizeText((badge.length > 0 ? badge : row.find('.status').first()).text());
  const { status, minute, injuryTime, kickoffTime } = parseStatus(statusLabel);

  const scoreCells = row.find('.match-score');
  const [homeScoreCell, awayScoreCell] = [scoreCells.eq(0), scoreCells.eq(1)];
  const homePenalties = parsePenalties(homeScoreCell);
  const awayPenalties = parsePenalties(awayScoreCell);
  return {
    id: path.id,
    url: path.url,
    competition: { name: competitionName, slug: path.slug },
    date: path.date,
    kickoff: kickoffTime ? saoPauloKickoffIso(path.date, kickoffTime) : null,
    status,
    statusLabel,
    minute,
    injuryTime,
    homeTeam,
    awayTeam,
    score: {
      home: parseGoals(homeScoreCell),
      away: parseGoals(awayScoreCell),
      penalties: homePenalties !== null && awayPenalties !== null ? { home: homePenalties, away: awayPenalties } : null,
    },
  };
}
