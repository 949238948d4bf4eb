/**
 * Team/league search over a snapshot: the /api/busca envelope. Browser-safe (types only from
 * the model, no node or zod imports): the server's /api/busca and the browser fallback for
 * static-only hosting run this same module, engine and alias data. Query language and
 * ranking: src/lib/search/find-matches.ts.
 */
import type { Match, SearchEnvelope, Snapshot } from '../model/model.ts';
import { oldestGeneratedAt } from '../model/staleness.ts';
import { SEARCH_RESULTS_MAX } from '../model/search-results.ts';
import { rankMatches } from './find-matches.ts';
import { SEARCH_ORDER } from './match-index.ts';
import { normalizeQuery } from './search-text.ts';
import { TIMEZONE } from '../model/time.ts';

/** The matches `query` finds, best first, each once. */
export function findMatches(snapshot: Snapshot, query: string): Match[] {
  return rankMatches(snapshot, query).map(({ match }) => match);
}

/**
 * The /api/busca envelope for `query` (already validated and trimmed, echoed as it is): the best
 * SEARCH_RESULTS_MAX matches of the query's normal form, so every spelling of it finds the same.
 */
export function searchSnapshot(snapshot: Snapshot, query: string, upstreamUrl: string): SearchEnvelope {
  const normalized = normalizeQuery(query);
  const found = findMatches(snapshot, normalized);
  const matches = found.length > SEARCH_RESULTS_MAX ? found.slice(0, SEARCH_RESULTS_MAX) : found;
  // ontem is fetched hourly: its age would make every search look an hour old, and a yesterday
  // listing never fetched (nothing of it shown) would mark every search stale.
  const everyMinute = SEARCH_ORDER.filter((listing) => listing !== 'ontem').map((listing) => snapshot[listing]);
  const shown = [...everyMinute, ...(snapshot.ontem.count > 0 ? [snapshot.ontem] : [])];
  return {
    generatedAt: oldestGeneratedAt(everyMinute),
    timezone: TIMEZONE,
    source: upstreamUrl,
    stale: shown.some((envelope) => envelope.stale),
    count: matches.length,
    matches,
    query,
    truncated: matches.length < found.length,
  };
}
