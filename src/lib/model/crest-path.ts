/**
 * Where Placar serves its own checked copies of crests: "/escudos/<sha256 of the bytes>.<type>",
 * a path on the origin that serves the API and the pages (src/crests/ fetches and stores them).
 * Zod-free, so browser code may check a path with it too.
 */

/** A stored crest's file name: content hash and sniffed type. */
export const CREST_FILE_PATTERN = /^[0-9a-f]{64}\.(png|jpg|gif|webp)$/;

export const CREST_PATH_PREFIX = '/escudos/';

/** "/escudos/<file>" as the API serves it. */
export const CREST_PATH_PATTERN = new RegExp(`^${CREST_PATH_PREFIX}${CREST_FILE_PATTERN.source.slice(1)}`);

export function crestPathOf(file: string): string {
  return `${CREST_PATH_PREFIX}${file}`;
}

export function isCrestPath(value: unknown): value is string {
  return typeof value === 'string' && CREST_PATH_PATTERN.test(value);
}
