/**
 * Pure: where a redirect may lead. Only to the origin the fetch started on (scheme, host and
 * port) or its https upgrade (same host and port, http → https); never back down to http, at
 * most MAX_REDIRECTS hops, never back to a URL already visited (a loop). `visited` is updated.
 */
import { UpstreamFetchError } from './errors.ts';

export const MAX_REDIRECTS = 3;

/** True when `next` is `start`'s origin or its https upgrade, and no downgrade from `current`. */
export function isSameOriginRedirect(start: URL, current: URL, next: URL): boolean {
  if (next.protocol !== 'http:' && next.protocol !== 'https:') return false;
  if (current.protocol === 'https:' && next.protocol === 'http:') return false;
  if (next.origin === start.origin) return true;
  const upgrade = start.protocol === 'http:' && next.protocol === 'https:';
  return upgrade && next.hostname === start.hostname && next.port === start.port;
}

export function resolveRedirect(
  url: string,
  start: URL,
  current: URL,
  location: string | undefined,
  visited: Set<string>,
): URL {
  const fail = (detail: string): UpstreamFetchError => new UpstreamFetchError({ reason: 'redirect', url, detail });
  if (!location) throw fail('redirecionamento sem cabeçalho Location');
  let next: URL;
  try {
    next = new URL(location, current);
  } catch {
    throw fail(`redirecionamento para um endereço inválido ("${location}")`);
  }
  if (!isSameOriginRedirect(start, current, next)) {
    throw fail(
      `redirecionamento para outro site ou outra origem (${next.href}), não seguido: só a origem ${start.origin} ` +
        '(mesmo esquema, host e porta) ou a versão https dela',
    );
  }
  if (visited.has(next.href)) throw fail(`redirecionamento em ciclo (${next.href})`);
  if (visited.size > MAX_REDIRECTS) throw fail(`mais de ${MAX_REDIRECTS} redirecionamentos`);
  visited.add(next.href);
  return next;
}
