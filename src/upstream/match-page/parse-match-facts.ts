/**
 * Pure: what a match page says of the match besides its detail (model.ts `MatchPageFacts`).
 * The kick-off, from the date line of either layout (São Paulo time):
 *   newer  <div class="match-details"><p>14/03/2027 às 16:00</p> …
 *   older  <div class="match-info"> … <p><strong>Data:</strong> 02/02/2020 às 16:00</p>
 * Each team's key, from the scoreboard's team links:
 *   <div class="match-card-second-row"> <a href="/times/flamengo.html"><h4 class="team_link">Flamengo</h4></a> …
 * A value that is not plainly one of these (no date line, an impossible date, a link elsewhere,
 * a key outside TEAM_SLUG_PATTERN) is null: never guessed.
 */
import { DomUtils } from 'htmlparser2';
import { TEAM_SLUG_MAX, TEAM_SLUG_PATTERN } from '../../lib/model/model.ts';
import { saoPauloKickoffIso } from '../../lib/model/time.ts';
import { findAll, findFirst, textOf, withClass, withTag, type DomElement } from '../dom-query.ts';
import { normalizeText } from '../match-fields.ts';

/** "14/03/2027 às 16:00", "02/02/2020 as 16h00", "22/11/2026 - 18:30". */
const DATE_LINE = /(?:^|\D)(\d{2})\/(\d{2})\/(\d{4})\s*(?:às|as|-|,)?\s*(\d{1,2})\s*[:h]\s*(\d{2})(?:\D|$)/i;

/** The kick-off (ISO 8601, São Paulo offset) of the first paragraph holding a date line, or null. */
export function readKickoffLine(block: DomElement): string | null {
  for (const paragraph of findAll(block, withTag('p'))) {
    const parts = DATE_LINE.exec(normalizeText(textOf(paragraph)));
    if (!parts) continue;
    const [, day = '', month = '', year = '', hour = '', minute = ''] = parts;
    const date = new Date(Date.UTC(+year, +month - 1, +day));
    const realDay = date.getUTCFullYear() === +year && date.getUTCMonth() === +month - 1 && date.getUTCDate() === +day;
    if (!realDay || +hour > 23 || +minute > 59) return null;
    return saoPauloKickoffIso(`${year}-${month}-${day}`, `${hour.padStart(2, '0')}:${minute}`);
  }
  return null;
}

/** The link a team cell sits in (`a > h4.team_link`) or holds (`h4.team_link > a`). */
function linkOf(cell: DomElement): DomElement | null {
  for (let node = cell.parent; node && DomUtils.isTag(node); node = node.parent) if (node.name === 'a') return node;
  return findFirst(cell, withTag('a'));
}

/** "/times/flamengo.html" on the page's own host → "flamengo"; anything else → null. */
export function teamSlugOf(href: string | undefined, pageUrl: string): string | null {
  if (!href) return null;
  let url: URL;
  try {
    url = new URL(href.trim(), pageUrl);
  } catch {
    return null;
  }
  if (url.host !== new URL(pageUrl).host) return null;
  const parts = /^\/times\/([^/]+?)(?:\.html)?\/?$/.exec(url.pathname);
  const slug = parts?.[1] ?? '';
  return slug.length <= TEAM_SLUG_MAX && TEAM_SLUG_PATTERN.test(slug) ? slug : null;
}

/** Each side's key from the teams row (home first, as the page writes them). */
export function readTeamSlugs(row: DomElement, pageUrl: string): { homeSlug: string | null; awaySlug: string | null } {
  const [home, away] = findAll(row, withClass('team_link')).map((cell) =>
    teamSlugOf(linkOf(cell)?.attribs.href, pageUrl),
  );
  return { homeSlug: home ?? null, awaySlug: away ?? null };
}
