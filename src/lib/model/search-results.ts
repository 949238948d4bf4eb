/**
 * How many matches /api/busca answers at most, the best-ranked first. Its own file without zod:
 * the browser's search fallback applies the same cap through the same code.
 *
 * 200: a person refines a query long before reading 200 results, and a broad query on a
 * big day would otherwise send megabytes.
 */
export const SEARCH_RESULTS_MAX = 200;
