/**
 * Team/league search over a snapshot. Pure and browser-safe (types only from the model, no
 * node or zod imports): the server's /api/busca and the static-only dashboard both use it.
 * Matching is plain substring tests on normalised text; nothing built from the query is a regex.
 */
import type { ListEnvelope, ListingName, Match, SearchEnvelope, Snapshot } from './model.ts';
import { TIMEZONE } from './time.ts';

// model.ts's LISTING_NAMES would pull zod into the browser bundle; same order, restated.
const SEARCH_ORDER: readonly ListingName[] = ['live', 'hoje', 'amanha'];

/** Accent- and case-insensitive form: NFD, combining marks removed, lower case. */
export function normalizeSearchText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The normalised words of a query (split on whitespace, empties dropped). */
export function buildSearchWords(query: string): string[] {
  return normalizeSearchText(query)
    .split(/\s+/u)
    .filter((word) => word !== '');
}

interface IndexedMatch {
  match: Match;
  /** home, away and competition normalised, joined by a separator no query word contains. */
  text: string;
}

// One index per snapshot object: snapshots are immutable once built, so the normalised
// text is computed once and searches are only substring tests.
const indexes = new WeakMap<Snapshot, IndexedMatch[]>();

function indexSnapshot(snapshot: Snapshot): IndexedMatch[] {
  const cached = indexes.get(snapshot);
  if (cached) return cached;
  const seen = new Set<string>();
  const index: IndexedMatch[] = [];
  for (const listing of SEARCH_ORDER) {
    for (const match of snapshot[listing].matches) {
      if (seen.has(match.id)) continue;
      seen.add(match.id);
      const text = [match.homeTeam.name, match.awayTeam.name, match.competition.name].map(normalizeSearchText).join('\n');
      index.push({ match, text });
    }
  }
  indexes.set(snapshot, index);
  return index;
}

/** Matches (live first, then hoje, then amanha; each id once) where every word occurs in a name. */
export function findMatches(snapshot: Snapshot, query: string): Match[] {
  const words = buildSearchWords(query);
  if (words.length === 0) return [];
  const found: Match[] = [];
  for (const { match, text } of indexSnapshot(snapshot)) {
    if (words.every((word) => text.includes(word))) found.push(match);
  }
  return found;
}

/**
 * The oldest successful fetch among the listings that have one: every result comes from
 * data at least this recent. `null` only when no listing was ever fetched.
 */
export function oldestGeneratedAt(envelopes: readonly ListEnvelope[]): string | null {
  let oldest: string | null = null;
  for (const { generatedAt } of envelopes) {
    if (generatedAt === null) continue;
    if (oldest === null || Date.parse(generatedAt) < Date.parse(oldest)) oldest = generatedAt;
  }
  return oldest;
}

/** The /api/busca envelope for `query` (already validated and trimmed). */
export function searchSnapshot(snapshot: Snapshot, query: string, upstreamUrl: string): SearchEnvelope {
  const envelopes = SEARCH_ORDER.map((listing) => snapshot[listing]);
  const matches = findMatches(snapshot, query);
  return {
    generatedAt: oldestGeneratedAt(envelopes),
    timezone: TIMEZONE,
    source: upstreamUrl,
    stale: envelopes.some((envelope) => envelope.stale),
    count: matches.length,
    matches,
    query,
  };
}
