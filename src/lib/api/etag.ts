/**
 * Content-hash entity tags, one per representation: the same bytes give the same ETag in every
 * build (unlike mtime-based ones), and each content coding has its own strong tag.
 */
import { createHash } from 'node:crypto';

/** sha256 of the bytes, base64url, shortened to 22 characters (132 bits). */
export function buildContentHash(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('base64url').slice(0, 22);
}

/** `"hash"` for identity, `"hash-br"` / `"hash-gz"` for the compressed variants. */
export function buildEtag(contentHash: string, coding: 'identity' | 'br' | 'gzip'): string {
  const suffix = coding === 'br' ? '-br' : coding === 'gzip' ? '-gz' : '';
  return `"${contentHash}${suffix}"`;
}
