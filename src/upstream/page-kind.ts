/**
 * Pure: whether a saved page is a match page, a competition page or a listing, for `npm run
 * scrape -- --file`: by its markup first (the match pages' scoreboard and detail classes, the
 * competition pages' table and "Classificação" heading, the listings' league headers and cards),
 * else by its name or address ("…/21-11-2026-flamengo-x-palmeiras.html", "competicao-….html").
 * A competition page can hold a `.match-info` block (its top scorers): it is not a match page.
 */

const MATCH_PAGE_MARKUP =
  /class\s*=\s*["'][^"']*\b(?:match-scoreboard|match-card-second-row|match-details|match-card-events-space)\b/i;
const COMPETITION_MARKUP =
  /class\s*=\s*["'][^"']*\b(?:league-table|standings-table|standings__[a-z-]+)\b|>\s*Classifica[cç][aã]o\b|id\s*=\s*["'](?:next|last)_matches["']/i;
const OLDER_MATCH_MARKUP = /class\s*=\s*["'][^"']*\bmatch-info\b/i;
const LISTING_MARKUP = /class\s*=\s*["'][^"']*\b(?:match-list_league-name|match__md|match__lg)\b/i;
const MATCH_FILE = /\d{2}-\d{2}-\d{4}-[^/\\]+-x-[^/\\]+\.html?$/i;
const COMPETITION_FILE = /(?:^|[/\\])(?:competicao|campeonato|tabela)-[^/\\]*$/i;

export type PageKind = 'match' | 'competition' | 'listing';

/** `names`: the file's path and the address it was saved from. */
export function detectPageKind(html: string, ...names: readonly string[]): PageKind {
  if (MATCH_PAGE_MARKUP.test(html)) return 'match';
  if (COMPETITION_MARKUP.test(html)) return 'competition';
  if (OLDER_MATCH_MARKUP.test(html)) return 'match';
  if (LISTING_MARKUP.test(html)) return 'listing';
  const paths = names.map((name) => name.split(/[?#]/)[0] ?? '');
  if (paths.some((name) => MATCH_FILE.test(name))) return 'match';
  return paths.some((name) => COMPETITION_FILE.test(name)) ? 'competition' : 'listing';
}
