/**
 * Where a match lives on Placar: its page /jogo/{id} and its JSON /api/jogo/{id}. Only ids of
 * plain URL characters get them (the id is both a URL path and a file path in a build); a row of
 * another match links to the upstream's page. Zod-free: browser code imports it.
 */
const MATCH_PAGE_ID = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/;

export function hasMatchPage(id: string): boolean {
  return id.length <= 300 && MATCH_PAGE_ID.test(id);
}

/** "/jogo/<id>": the match's page on Placar. */
export function matchPagePath(id: string): string {
  return `/jogo/${id}`;
}

/** "/api/jogo/<id>": the match whole, as JSON. */
export function matchJsonPath(id: string): string {
  return `/api/jogo/${id}`;
}
