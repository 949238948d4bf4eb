/**
 * Pure pieces both listing markups share (rows and cards): text normalisation, the match
 * identity read from a link, absolute crest URLs, goal counts, and the outcome of reading one
 * candidate (a match, or the reason it was skipped).
 */
import type { Cheerio } from 'cheerio';
import { LIMITS, TEAM_SLUG_MAX, TEAM_SLUG_PATTERN, type Match, type Team } from '../lib/model/model.ts';
import { teamSlugFromName } from '../lib/model/team-slug.ts';
import { normalizeVisibleText } from '../lib/model/visible-text.ts';
import { onUpstreamOrigin, originOf } from './fetch/upstream-origin.ts';

/** A cheerio selection of elements (cheerio does not export domhandler's Element type). */
export type Selection = ReturnType<Cheerio<never>['find']>;

/** One candidate row or card: a match, or why it was skipped (pt-BR, shown by `--explain`). */
export type CandidateOutcome =
  | {
      kind: 'match';
      match: Match /** false when the status text is not one Placar knows. */;
      statusRecognised: boolean;
    }
  | { kind: 'skipped'; reason: string };

export const skipped = (reason: string): CandidateOutcome => ({ kind: 'skipped', reason });

/** A row or card has about 20 elements; a "candidate" far bigger is not one, and is not read. */
export const MAX_CANDIDATE_ELEMENTS = 300;
/**
 * Rows are small: a candidate holding a page's worth of text has few elements but would be one
 * step of the parse as long as the whole page; past this it is not read either.
 */
export const MAX_CANDIDATE_CHARS = 32 * 1024;

export const SKIP_REASONS = {
  noMatchLink: 'sem link de partida no formato /<competição>/<DD-MM-AAAA>-<mandante>-x-<visitante>.html neste site',
  noTeams: 'sem os nomes dos dois times',
  noCompetition: 'sem competição (nenhum cabeçalho antes e nenhum nome de competição no próprio jogo)',
  outOfBounds: 'um campo passa dos limites do modelo (texto longo demais ou número fora da faixa)',
  tooLarge: `grande demais para ser um jogo (mais de ${MAX_CANDIDATE_ELEMENTS} elementos ou ${MAX_CANDIDATE_CHARS / 1024} KB), não lido`,
  overLimit: `além do limite de ${LIMITS.matches} jogos por lista (os primeiros ${LIMITS.matches} foram mantidos)`,
} as const;

/** "/<league-slug>/<DD-MM-YYYY>-<home>-x-<away>.html" (extra folders tolerated). */
const MATCH_PATH = /^\/([^/]+)\/(?:[^/]+\/)*(\d{2})-(\d{2})-(\d{4})-([^/]+)\.html$/;
/** "/images/teams/<team-slug>.png": the upstream names a crest after its team's key. */
const TEAM_CREST_PATH = /\/images\/teams\/([^/]+)\.[a-z]+$/i;

/**
 * Invisible characters dropped (normalizeVisibleText: Default_Ignorable_Code_Point, Cf, C0/C1
 * controls), whitespace runs as one space, trimmed; always a string of its own: V8 keeps a
 * substring as a slice of its parent, so a team name sliced from the page would keep the whole
 * page alive as long as the snapshot.
 */
export function normalizeText(text: string): string {
  return ` ${normalizeVisibleText(text)}`.slice(1);
}

/** Text of an element with each <br> read as a space ("amanhã<br>18:00" → "amanhã 18:00"). */
export function textWithBreaks(element: Selection): string {
  if (element.length === 0) return '';
  const copy = element.first().clone();
  copy.find('br').replaceWith(' ');
  return normalizeText(copy.text());
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
  /** The teams' keys as the link writes them ("flamengo-x-palmeiras"); null when "-x-" does not split it in two. */
  teamSlugs: { home: string | null; away: string | null };
}

const asTeamSlug = (text: string | undefined): string | null =>
  text !== undefined && text.length <= TEAM_SLUG_MAX && TEAM_SLUG_PATTERN.test(text) ? text : null;

function teamSlugsOfPath(teams: string): MatchPath['teamSlugs'] {
  const sides = teams.split('-x-');
  return sides.length === 2 ? { home: asTeamSlug(sides[0]), away: asTeamSlug(sides[1]) } : { home: null, away: null };
}

/** The team's key from its crest URL ("…/images/teams/sao-paulo.png" → "sao-paulo"); null: not such a URL. */
export function teamSlugFromCrest(crestSource: string | null): string | null {
  if (crestSource === null) return null;
  return asTeamSlug(TEAM_CREST_PATH.exec(new URL(crestSource).pathname)?.[1]);
}

/** An href longer than this is no match link (an id is at most LIMITS.id characters). */
const MAX_MATCH_HREF_CHARS = 2_048;

/**
 * The match identity from a link's href, or null when it is not a match path on the page's own
 * origin (upstream-origin.ts: a link to another port or scheme of the same host is not an
 * upstream match page, and is never fetched) or the date is impossible. `url` is rebuilt on that
 * origin: never a user and password.
 */
export function parseMatchPath(href: string | undefined, pageUrl: string): MatchPath | null {
  if (!href || href.length > MAX_MATCH_HREF_CHARS) return null;
  const url = onUpstreamOrigin(href, pageUrl, originOf(pageUrl));
  if (!url) return null;
  const { pathname } = new URL(url);
  const parts = MATCH_PATH.exec(pathname);
  if (!parts) return null;
  const [, slug = '', day = '', month = '', year = '', teams = ''] = parts;
  const date = new Date(Date.UTC(+year, +month - 1, +day));
  if (date.getUTCFullYear() !== +year || date.getUTCMonth() !== +month - 1 || date.getUTCDate() !== +day) return null;
  const id = pathname.slice(1, -'.html'.length);
  return { id, url, slug, date: `${year}-${month}-${day}`, teamSlugs: teamSlugsOfPath(teams) };
}

/** The crest of the first <img> inside `container` (lazy-loaded images keep it in data-src). */
export function crestUrl(container: Selection, pageUrl: string): string | null {
  const img = container.find('img').first();
  return resolveHttpUrl(img.attr('src'), pageUrl) ?? resolveHttpUrl(img.attr('data-src'), pageUrl);
}

/** crestUrl for an <img> element already found (null: none). */
export function crestFromImage(img: { attribs: Record<string, string> } | null, pageUrl: string): string | null {
  if (!img) return null;
  return resolveHttpUrl(img.attribs.src, pageUrl) ?? resolveHttpUrl(img.attribs['data-src'], pageUrl);
}

/**
 * A team as the listing shows it; `crest` (Placar's copy) is filled in by the scrape once stored.
 * Its key: the crest URL's, else the match link's (`linkSlug`), else derived from the name.
 */
export function makeTeam(name: string, crestSource: string | null, linkSlug: string | null): Team | null {
  if (name === '') return null;
  return { name, crest: null, crestSource, slug: teamSlugFromCrest(crestSource) ?? linkSlug ?? teamSlugFromName(name) };
}

/** "2" → 2; "", "-", "?" → null (never 0 for a score not shown). */
export function parseGoalCount(text: string): number | null {
  const normalized = normalizeText(text);
  return /^\d{1,3}$/.test(normalized) ? Number(normalized) : null;
}
