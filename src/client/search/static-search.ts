/**
 * Search without /api/busca: on a plain static host (a CDN, an object store), or when the
 * server refuses (429) or fails, the browser runs the server's own search module
 * (src/lib/search/search.ts: same engine, aliases and ranking) and query validation
 * (src/lib/api/search-query.ts) over the pre-built /api/live, /api/hoje, /api/amanha and /api/ontem.
 * Loaded by dynamic import only when needed: it carries the search engine.
 */
import type { ListEnvelope, SearchEnvelope, Snapshot } from '../../lib/model/model.ts';
import { searchSnapshot } from '../../lib/search/search.ts';
import { parseSearchQuery } from '../../lib/api/search-query.ts';
import { readListEnvelope } from '../polling/api-response.ts';

export type StaticSearchOutcome = { ok: true; envelope: SearchEnvelope } | { ok: false; detail: string };

// model.ts's LISTING_PATHS would pull zod into the bundle: the live listing's path, restated.
const LIVE_PATH = '/jogos-em-andamento';

/** The snapshot last built from the listings, kept while they are unchanged so the index is reused. */
let cached: { key: string; snapshot: Snapshot } | null = null;

async function fetchListing(
  name: keyof Snapshot,
  signal: AbortSignal,
): Promise<{ envelope: ListEnvelope; tag: string }> {
  // no-cache: revalidate (a conditional request) rather than reuse a copy from an earlier minute.
  const response = await fetch(`/api/${name}`, { signal, cache: 'no-cache' });
  if (!response.ok) throw new Error(`/api/${name}: ${response.status}`);
  const envelope = readListEnvelope(await response.json());
  return { envelope, tag: response.headers.get('ETag') ?? `${envelope.generatedAt ?? ''}:${envelope.count}` };
}

/** UPSTREAM_URL as the server knows it: the live listing's source without the listing's path. */
function upstreamUrlOf(live: ListEnvelope): string {
  return live.source.endsWith(LIVE_PATH) ? live.source.slice(0, -LIVE_PATH.length) : new URL(live.source).origin;
}

/** Rejects when a listing cannot be fetched (the caller shows its connection error). */
export async function searchPrebuiltListings(term: string, signal: AbortSignal): Promise<StaticSearchOutcome> {
  const query = parseSearchQuery(new URLSearchParams({ q: term }));
  if (!query.ok) return { ok: false, detail: query.problem.detail };
  const [live, hoje, amanha, ontem] = await Promise.all([
    fetchListing('live', signal),
    fetchListing('hoje', signal),
    fetchListing('amanha', signal),
    fetchListing('ontem', signal),
  ]);
  const key = [live.tag, hoje.tag, amanha.tag, ontem.tag].join('\n');
  if (cached?.key !== key) {
    const snapshot = { live: live.envelope, hoje: hoje.envelope, amanha: amanha.envelope, ontem: ontem.envelope };
    cached = { key, snapshot };
  }
  return { ok: true, envelope: searchSnapshot(cached.snapshot, query.q, upstreamUrlOf(live.envelope)) };
}
