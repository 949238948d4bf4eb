/** Content-coding negotiation (Accept-Encoding), shared by static files and /api/busca. */
import Negotiator from 'negotiator';

// negotiator 1.x takes a server preference for ties; @types/negotiator (0.6) predates it.
interface EncodingNegotiator {
  encodings(available: readonly string[], options: { preferred: readonly string[] }): string[];
}

export type ContentCoding = 'br' | 'gzip' | 'identity';

const SERVER_PREFERENCE: readonly ContentCoding[] = ['br', 'gzip', 'identity'];

/** The client's preferred coding among `available`; ties go to br, then gzip. null: none acceptable. */
export function chooseContentCoding(acceptEncoding: string | undefined, available: readonly ContentCoding[]): ContentCoding | null {
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }) as unknown as EncodingNegotiator;
  const chosen = negotiator.encodings(available, { preferred: SERVER_PREFERENCE })[0];
  return (chosen as ContentCoding | undefined) ?? null;
}
