/**
 * Where a search is answered: /api/busca when a Placar server is there; otherwise — a plain
 * static host answers 404 or an HTML page, or nothing answers — the same search in the
 * browser over the pre-built listings. A static host is remembered for the page's lifetime,
 * so later keystrokes do not ask for /api/busca again.
 */
import type { SearchEnvelope } from '../lib/model.ts';
import { readListEnvelope, readProblemDetail } from './api-response.ts';
import { searchPrebuiltListings, type SearchOutcome } from './static-search.ts';

/** Statuses that say "no search server here" (405: hosts that refuse query strings on files). */
const NO_SERVER_STATUSES = new Set([404, 405]);
/** The server is there but cannot answer now (e.g. nginx with Placar down): search locally once. */
const SERVER_DOWN_STATUSES = new Set([502, 503, 504]);

let staticHost = false;

function isJson(response: Response): boolean {
  return /^application\/(problem\+)?json\b/.test(response.headers.get('content-type') ?? '');
}

export async function requestSearch(term: string, signal: AbortSignal): Promise<SearchOutcome> {
  if (staticHost) return searchPrebuiltListings(term, signal);
  let response: Response;
  try {
    response = await fetch(`/api/busca?${new URLSearchParams({ q: term }).toString()}`, { signal });
  } catch (error) {
    if (signal.aborted) throw error;
    return searchPrebuiltListings(term, signal);
  }
  // A host that answers every path with a page (200 text/html) has no search server either.
  if (NO_SERVER_STATUSES.has(response.status) || (response.ok && !isJson(response))) {
    staticHost = true;
    return searchPrebuiltListings(term, signal);
  }
  if (SERVER_DOWN_STATUSES.has(response.status)) return searchPrebuiltListings(term, signal);
  if (!response.ok) return { ok: false, detail: await readProblemDetail(response) };
  return { ok: true, envelope: readListEnvelope(await response.json()) as SearchEnvelope };
}
