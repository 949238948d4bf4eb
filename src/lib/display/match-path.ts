/**
 * Where a match lives on Placar: its page /jogo/{id} (what every row links to) and its JSON
 * /api/jogo/{id}. Shared by the server's rendering and the browser's, so both write the same link.
 * An id is the path of the match's upstream page (`brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras`),
 * already a URL path, so it is kept as it is; whatever a path cannot hold as such (a space, `?`,
 * `#`, a stray `%`) is percent-encoded, so an odd id never reaches past its path.
 */
const UNSAFE_IN_PATH = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/%]|%(?![0-9A-Fa-f]{2})/gu;

function encodeCharacter(character: string): string {
  // A lone surrogate has no UTF-8 form: it becomes U+FFFD, as a browser would send it.
  return character.isWellFormed() ? encodeURIComponent(character) : '%EF%BF%BD';
}

function encodeId(id: string): string {
  return id.replace(UNSAFE_IN_PATH, encodeCharacter);
}

export function buildMatchPagePath(id: string): string {
  return `/jogo/${encodeId(id)}`;
}

export function buildMatchApiPath(id: string): string {
  return `/api/jogo/${encodeId(id)}`;
}
