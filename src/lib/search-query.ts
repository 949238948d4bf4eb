/**
 * Validation of /api/busca's query string, at the edge: the one place that decides whether
 * `q` is acceptable. Never throws, whatever the client sends.
 */
import type { Problem } from './model.ts';
import { buildBadQueryProblem } from './problem.ts';

export const SEARCH_QUERY_MIN = 2;
export const SEARCH_QUERY_MAX = 100;

export type SearchQueryResult = { ok: true; q: string } | { ok: false; problem: Problem };

/**
 * `q` from a query string (`?q=…`, with or without the `?`) or parsed parameters.
 * Missing, blank, repeated, shorter than 2 or longer than 100 characters (after trimming) → 400.
 * URLSearchParams decodes malformed percent-escapes leniently (U+FFFD), so nothing here throws.
 */
export function parseSearchQuery(search: string | URLSearchParams, pathname = '/api/busca'): SearchQueryResult {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const values = params.getAll('q');
  if (values.length > 1) {
    return { ok: false, problem: buildBadQueryProblem(pathname, 'Informe o parâmetro q uma única vez, com o nome de um time ou liga.') };
  }
  const q = (values[0] ?? '').trim();
  if (q === '') return { ok: false, problem: buildBadQueryProblem(pathname) };
  // Code points, not UTF-16 units: "São Paulo" and an emoji count as the reader sees them.
  const length = [...q].length;
  if (length < SEARCH_QUERY_MIN || length > SEARCH_QUERY_MAX) {
    return {
      ok: false,
      problem: buildBadQueryProblem(
        pathname,
        `O parâmetro q tem ${length} caractere(s); use de ${SEARCH_QUERY_MIN} a ${SEARCH_QUERY_MAX}, com o nome de um time ou liga.`,
      ),
    };
  }
  return { ok: true, q };
}
