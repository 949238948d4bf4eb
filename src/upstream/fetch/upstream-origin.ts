/**
 * Pure: the one check every upstream address passes before Placar requests it or publishes it (a
 * match link read from a listing, a stored match's `url`, a redirect's Location). It must resolve
 * to exactly the upstream's origin: scheme, host and port as the URL parser normalises them, so
 * `127.1` and `2130706433` are the host they name, and another port or scheme (an https link on
 * a plain-http upstream) is another origin, never connected to. What is kept is rebuilt from the
 * path and query on that origin: a user and password in a link never reach a request or the API.
 */

/** `href` (relative to `base`) as an address on `origin` ('http://host:port'), or null when it leads elsewhere. */
export function onUpstreamOrigin(href: string, base: string | URL, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(href.trim(), base);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin) return null;
  return `${origin}${url.pathname}${url.search}`;
}

/** The origin of an upstream address ('http://host:port', the port left out when it is the scheme's own). */
export const originOf = (address: string): string => new URL(address).origin;

/**
 * A listed match's `url` on `origin`: as it is when it is there already, else rebuilt from its id
 * (the path it was read from). For matches kept from before links were judged by origin (a 304).
 */
export function matchUrlOnOrigin(match: { id: string; url: string }, origin: string): string {
  // What the listing parser keeps starts so (no user or password can sit after the host): no
  // URL parsed for each of a refresh's thousands of matches.
  if (match.url.startsWith(`${origin}/`)) return match.url;
  return onUpstreamOrigin(match.url, origin, origin) ?? `${origin}/${match.id}.html`;
}
