/**
 * Reading a request's path: the WHATWG-parsed and decoded path, and — so the common request
 * skips the parse — the routes a request target names verbatim (parsing that target gives the
 * route itself back).
 */
export interface RequestPath {
  decoded: string;
  raw: string;
  search: string;
}

const ORIGIN = 'http://placar.invalid';

/** The request target's path as sent, escapes and all (what precedes "?"). */
export function targetPath(rawUrl: string): string {
  return rawUrl.split('?', 1)[0] ?? '';
}

/**
 * The target with each backslash of its path escaped: WHATWG parsing reads "\" as "/" in an http
 * URL ("/api/push/..\..\healthz" would be /healthz), while nginx and RFC 3986 read no separator in
 * it; escaped, it is a character of the path, which no route has.
 */
function withLiteralBackslashes(rawUrl: string): string {
  return rawUrl.replace(/^[^?#]*/, (path) => path.replaceAll('\\', '%5C'));
}

/** The decoded path, or null when the URL cannot be read (bad escapes, NUL). */
export function readPath(rawUrl: string): RequestPath | null {
  try {
    // WHATWG parsing resolves "." and ".." segments (also as %2e), so the path stays rooted. An
    // origin-form target is a path even when it starts with "//" (relative to a base, "//healthz"
    // would be a host named healthz and the path "/").
    const target = withLiteralBackslashes(rawUrl);
    const url = target.startsWith('/') ? new URL(ORIGIN + target) : new URL(target, ORIGIN);
    const decoded = decodeURIComponent(url.pathname);
    return decoded.includes('\0') ? null : { decoded, raw: url.pathname, search: url.search };
  } catch {
    return null;
  }
}

/**
 * Routes whose own text, sent as the request target, reads back as that route with no query —
 * the target needs no parsing. `reserved` paths (answered before the files) and paths with a
 * trailing or repeated slash (redirected) are left to the full reading.
 */
export function buildVerbatimRoutes<Entry>(
  routes: ReadonlyMap<string, Entry>,
  reserved: ReadonlySet<string>,
): ReadonlyMap<string, Entry> {
  const verbatim = new Map<string, Entry>();
  for (const [route, entry] of routes) {
    if (reserved.has(route) || (route !== '/' && route.endsWith('/')) || route.includes('//')) continue;
    const read = readPath(route);
    if (read?.decoded === route && read.raw === route && read.search === '') verbatim.set(route, entry);
  }
  return verbatim;
}
