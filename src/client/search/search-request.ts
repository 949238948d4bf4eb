/**
 * Where a search is answered: /api/busca when a Placar server answers it; otherwise — a plain
 * static host (404, 405 or an HTML page), a rate limit (429), a server error or no network —
 * the same search engine in the browser over the pre-built listings. The engine is loaded
 * (dynamic import) only then. A static host is remembered for the page's lifetime, so later
 * keystrokes do not ask for /api/busca again. Refreshes are conditional: `etag` of the last
 * answer for the same term may come back as "not modified".
 */
import type { SearchEnvelope } from '../../lib/model/model.ts';
import { readListEnvelope, readProblemDetail } from '../polling/api-response.ts';

export type SearchOutcome =
  | { ok: true; envelope: SearchEnvelope; etag: string | null }
  | { ok: true; notModified: true }
  | { ok: false; detail: string };

/** Statuses that say "no search server here" (405: hosts that refuse query strings on files). */
const NO_SERVER_STATUSES = new Set([404, 405]);

let staticHost = false;

function isJson(response: Response): boolean {
  return /^application\/(problem\+)?json\b/.test(response.headers.get('content-type') ?? '');
}

async function searchInBrowser(term: string, signal: AbortSignal): Promise<SearchOutcome> {
  const { searchPrebuiltListings } = await import('./static-search.ts');
  const outcome = await searchPrebuiltListings(term, signal);
  return outcome.ok ? { ok: true, envelope: outcome.envelope, etag: null } : outcome;
}

export async function requestSearch(
  term: string,
  signal: AbortSignal,
  etag: string | null = null,
): Promise<SearchOutcome> {
  if (staticHost) return searchInBrowser(term, signal);
  let response: Response;
  try {
    // A manual If-None-Match makes fetch hand us the 304 instead of answering from its cache.
    response = await fetch(`/api/busca?${new URLSearchParams({ q: term }).toString()}`, {
      signal,
      cache: 'no-store',
      headers: etag ? { 'If-None-Match': etag } : {},
    });
  } catch (error) {
    if (signal.aborted) throw error;
    return searchInBrowser(term, signal);
  }
  if (response.status === 304) return { ok: true, notModified: true };
  // A host that answers every path with a page (200 text/html) has no search server either.
  if (NO_SERVER_STATUSES.has(response.status) || (response.ok && !isJson(response))) {
    staticHost = true;
    return searchInBrowser(term, signal);
  }
  // A bad query is the user's to fix: the browser would refuse it the same way.
  if (response.status === 400) return { ok: false, detail: await readProblemDetail(response) };
  if (!response.ok) return searchInBrowser(term, signal);
  try {
    return {
      ok: true,
      envelope: readListEnvelope(await response.json()) as SearchEnvelope,
      etag: response.headers.get('ETag'),
    };
  } catch (error) {
    if (signal.aborted) throw error;
    return searchInBrowser(term, signal);
  }
}
