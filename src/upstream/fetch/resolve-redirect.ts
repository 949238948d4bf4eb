/**
 * Pure: where a redirect may lead. Only to exactly the origin the fetch started on, the
 * upstream's (scheme, host and port: upstream-origin.ts); not even its https upgrade, which is
 * another port of the host (set UPSTREAM_URL to the https address instead). At most
 * MAX_REDIRECTS hops, never back to a URL already visited (a loop). `visited` is updated.
 */
import { UpstreamFetchError } from './errors.ts';
import { onUpstreamOrigin } from './upstream-origin.ts';

export const MAX_REDIRECTS = 3;

export function resolveRedirect(
  url: string,
  start: URL,
  current: URL,
  location: string | undefined,
  visited: Set<string>,
): URL {
  const fail = (detail: string): UpstreamFetchError => new UpstreamFetchError({ reason: 'redirect', url, detail });
  if (!location) throw fail('redirecionamento sem cabeçalho Location');
  if (!URL.canParse(location, current)) throw fail(`redirecionamento para um endereço inválido ("${location}")`);
  const kept = onUpstreamOrigin(location, current, start.origin);
  if (!kept) {
    throw fail(
      `redirecionamento para outro site ou outra origem (${new URL(location, current).origin}), não seguido: só a ` +
        `origem ${start.origin} (mesmo esquema, host e porta)`,
    );
  }
  const next = new URL(kept);
  if (visited.has(next.href)) throw fail(`redirecionamento em ciclo (${next.href})`);
  if (visited.size > MAX_REDIRECTS) throw fail(`mais de ${MAX_REDIRECTS} redirecionamentos`);
  visited.add(next.href);
  return next;
}
