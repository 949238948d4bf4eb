/**
 * Pure: where a redirect may lead. Only to the same host name (http→https allowed), at most
 * MAX_REDIRECTS hops, never back to a URL already visited (a loop). `visited` is updated.
 */
import { UpstreamFetchError } from './errors.ts';

export const MAX_REDIRECTS = 3;

export function resolveRedirect(url: string, start: URL, current: URL, location: string | undefined, visited: Set<string>): URL {
  const fail = (detail: string): UpstreamFetchError => new UpstreamFetchError({ reason: 'redirect', url, detail });
  if (!location) throw fail('redirecionamento sem cabeçalho Location');
  let next: URL;
  try {
    next = new URL(location, current);
  } catch {
    throw fail(`redirecionamento para um endereço inválido ("${location}")`);
  }
  if ((next.protocol !== 'http:' && next.protocol !== 'https:') || next.hostname !== start.hostname) {
    throw fail(`redirecionamento para outro site (${next.href}), não seguido`);
  }
  if (visited.has(next.href)) throw fail(`redirecionamento em ciclo (${next.href})`);
  if (visited.size > MAX_REDIRECTS) throw fail(`mais de ${MAX_REDIRECTS} redirecionamentos`);
  visited.add(next.href);
  return next;
}
