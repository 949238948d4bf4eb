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
