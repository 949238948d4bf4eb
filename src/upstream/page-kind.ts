/**
 * Pure: whether a saved page is a match page or a listing, for `npm run scrape -- --file`: by
 * its markup first (the match pages' scoreboard and detail classes, the listings' league
 * headers and cards), else by its name or address ("…/21-11-2026-flamengo-x-palmeiras.html").
 */

const MATCH_PAGE_MARKUP =
  /class\s*=\s*["'][^"']*\b(?:match-scoreboard|match-card-second-row|match-details|match-info|match-card-events-space)\b/i;
const LISTING_MARKUP = /class\s*=\s*["'][^"']*\b(?:match-list_league-name|match__md|match__lg)\b/i;
const MATCH_FILE = /\d{2}-\d{2}-\d{4}-[^/\\]+-x-[^/\\]+\.html?$/i;

export type PageKind = 'match' | 'listing';

/** `names`: the file's path and the address it was saved from. */
export function detectPageKind(html: string, ...names: readonly string[]): PageKind {
  if (MATCH_PAGE_MARKUP.test(html)) return 'match';
  if (LISTING_MARKUP.test(html)) return 'listing';
  return names.some((name) => MATCH_FILE.test(name.split(/[?#]/)[0] ?? '')) ? 'match' : 'listing';
}
