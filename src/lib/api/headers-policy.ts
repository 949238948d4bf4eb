/**
 * Which headers every response gets (CORS, security) and the per-kind Cache-Control of static
 * files, as docs/api.md ("Caching headers") lists them (a file's Content-Type: file-content-type.ts).
 * Data only: no I/O.
 */

export const LIST_JSON_CACHE_CONTROL =
  'public, max-age=15, s-maxage=60, stale-while-revalidate=30, stale-if-error=86400';
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=30';
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const SEARCH_CACHE_CONTROL = 'public, max-age=15, s-maxage=30';
/** Unfingerprinted files from public/ (favicon, robots.txt): short, they may change on deploy. */
export const PUBLIC_FILE_CACHE_CONTROL = 'public, max-age=300';
export const NO_STORE = 'no-store';
/** The service worker: revalidated on every check, so a new build's worker is seen at once. */
export const SERVICE_WORKER_CACHE_CONTROL = 'no-cache';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Same-origin everything; scripts and styles are external files (Astro is configured not to
 * inline them), so neither needs 'unsafe-inline'. Crests too are served by Placar itself
 * (/escudos/, fetched once by the refresher), so images are same-origin only.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Response headers a script on another origin may read (CORS). */
export const EXPOSED_HEADERS =
  'ETag, Last-Modified, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy';

/**
 * Browser features the dashboard never uses, all denied (empty allowlists), so neither the
 * page nor anything injected into it can ask for them.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'sync-xhr',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

export interface CommonHeaderOptions {
  /** Strict-Transport-Security value; '' sends none (plain HTTP, the default). */
  strictTransportSecurity?: string;
}

/** Sent on every response, whatever its status. */
export function buildCommonHeaders(options: CommonHeaderOptions = {}): Readonly<Record<string, string>> {
  return {
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': EXPOSED_HEADERS,
    ...(options.strictTransportSecurity && { 'Strict-Transport-Security': options.strictTransportSecurity }),
  };
}

/**
 * The answer to a CORS preflight (OPTIONS → 204). Last-Event-ID: a client on another origin
 * resuming the event stream with the header (it is not CORS-safelisted, so it is preflighted).
 */
export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers':
    'If-None-Match, If-Modified-Since, Cache-Control, Content-Type, Accept, Accept-Language, Last-Event-ID',
  'Access-Control-Max-Age': '86400',
};

/** Methods every route accepts (OPTIONS is the preflight). */
export const ALLOWED_METHODS = 'GET, HEAD';

/** Cache-Control of a static file by kind: list JSON, HTML page, fingerprinted asset, other. */
export function cacheControlFor(relativePath: string, contentType: string): string {
  if (relativePath.startsWith('api/')) return LIST_JSON_CACHE_CONTROL;
  // Crests are named by the hash of their bytes (src/crests/): as immutable as Astro's assets.
  if (relativePath.startsWith('_astro/') || relativePath.startsWith('escudos/')) return ASSET_CACHE_CONTROL;
  if (contentType.startsWith('text/html')) return PAGE_CACHE_CONTROL;
  if (relativePath === 'sw.js') return SERVICE_WORKER_CACHE_CONTROL;
  return PUBLIC_FILE_CACHE_CONTROL;
}

/** /api/eventos/stream: never cached, never compressed or buffered by a proxy (no-transform). */
export const EVENT_STREAM_CACHE_CONTROL = 'no-cache, no-transform';
