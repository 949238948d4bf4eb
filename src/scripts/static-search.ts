/**
 * Search without a server: on a plain static host (a CDN, an object store) /api/busca does not
 * exist, so the browser runs the server's own search module (src/lib/search.ts) and query
 * validation (src/lib/search-query.ts) over the pre-built /api/live, /api/hoje and /api/amanha.
 * Same results, same order, same pt-BR messages.
 */
import type { ListEnvelope, SearchEnvelope, Snapshot } from '../lib/model.ts';
import { searchSnapshot } from '../lib/search.ts';
import { parseSearchQuery } from '../lib/search-query.ts';
import { readListEnvelope } from './api-response.ts';

export type SearchOutcome = { ok: true; envelope: SearchEnvelope } | { ok: false; detail: string };

// model.ts's LISTING_PATHS would pull zod into the bundle: the live listing's path, restated.
const LIVE_PATH = '/jogos-em-andamento';

async function fetchListing(name: keyof Snapshot, signal: AbortSignal): Promise<ListEnvelope> {
  const response = await fetch(`/api/${name}`, { signal });
  if (!response.ok) throw new Error(`/api/${name}: ${response.status}`);
  return readListEnvelope(await response.json());
}

/** UPSTREAM_URL as the server knows it: the live listing's source without the listing's path. */
function upstreamUrlOf(live: ListEnvelope): string {
  return live.source.endsWith(LIVE_PATH) ? live.source.slice(0, -LIVE_PATH.length) : new URL(live.source).origin;
}

/** Rejects when a listing cannot be fetched (the caller shows its connection error). */
export async function searchPrebuiltListings(term: string, signal: AbortSignal): Promise<SearchOutcome> {
  const query = parseSearchQuery(new URLSearchParams({ q: term }));
  if (!query.ok) return { ok: false, detail: query.problem.detail };
  const [live, hoje, amanha] = await Promise.all([fetchListing('live', signal), fetchListing('hoje', signal), fetchListing('amanha', signal)]);
  return { ok: true, envelope: searchSnapshot({ live, hoje, amanha }, query.q, upstreamUrlOf(live)) };
}
