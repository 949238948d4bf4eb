/**
 * Content-coding negotiation (Accept-Encoding), shared by static files and /api/busca. Clients
 * send a handful of distinct Accept-Encoding values, so each value is negotiated once and the
 * answer kept (a bounded cache: a client can send any value).
 */
import Negotiator from 'negotiator';

// negotiator 1.x takes a server preference for ties; @types/negotiator (0.6) predates it.
interface EncodingNegotiator {
  encodings(available: readonly string[], options: { preferred: readonly string[] }): string[];
}

export type ContentCoding = 'br' | 'gzip' | 'identity';

const SERVER_PREFERENCE: readonly ContentCoding[] = ['br', 'gzip', 'identity'];

/** Distinct values kept; past it the oldest goes first. Browsers and tools send a few dozen at most. */
export const NEGOTIATION_CACHE_ENTRIES = 256;
/** Longer values are negotiated every time, so the cache's memory stays bounded too. */
export const NEGOTIATION_CACHE_MAX_KEY = 256;

/**
 * The codings a header accepts, best first. Each coding's priority depends only on the header and
 * the server preference, never on which others are offered, so a subset's choice is the first
 * of this list that the subset holds.
 */
function negotiateAll(acceptEncoding: string | undefined): readonly ContentCoding[] {
  const negotiator = new Negotiator({
    headers: { 'accept-encoding': acceptEncoding },
  }) as unknown as EncodingNegotiator;
  return negotiator.encodings(SERVER_PREFERENCE, { preferred: SERVER_PREFERENCE }) as ContentCoding[];
}

const negotiated = new Map<string, readonly ContentCoding[]>();

function acceptedCodings(acceptEncoding: string | undefined): readonly ContentCoding[] {
  const key = acceptEncoding ?? '';
  const cached = negotiated.get(key);
  if (cached) return cached;
  const accepted = negotiateAll(acceptEncoding);
  if (key.length <= NEGOTIATION_CACHE_MAX_KEY) {
    if (negotiated.size >= NEGOTIATION_CACHE_ENTRIES) negotiated.delete(negotiated.keys().next().value ?? '');
    negotiated.set(key, accepted);
  }
  return accepted;
}

/** How many Accept-Encoding values are remembered now (for tests of the bound). */
export function negotiationCacheSize(): number {
  return negotiated.size;
}

/** The client's preferred coding among `available`; ties go to br, then gzip. null: none acceptable. */
export function chooseContentCoding(
  acceptEncoding: string | undefined,
  available: readonly ContentCoding[],
): ContentCoding | null {
  for (const coding of acceptedCodings(acceptEncoding)) if (available.includes(coding)) return coding;
  return null;
}
