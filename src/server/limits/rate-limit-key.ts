/**
 * Whom a rate limit counts: an IPv4 address as it is, an IPv6 address by its /64. A home or a
 * phone gets a whole /64 from its provider and may take any address in it, so counting single
 * IPv6 addresses would let one client through 2^64 times over. IPv4-mapped IPv6 addresses
 * ("::ffff:203.0.113.7", what a dual-stack socket reports) count as the IPv4 address.
 */
import { expandIpv6 } from '../../lib/model/ipv6-hextets.ts';

export function rateLimitKey(address: string): string {
  const hextets = expandIpv6(address);
  if (!hextets) return address;
  const [h0, h1, h2, h3, h4, h5, h6 = 0, h7 = 0] = hextets;
  if (h0 === 0 && h1 === 0 && h2 === 0 && h3 === 0 && h4 === 0 && h5 === 0xffff) {
    return [h6 >> 8, h6 & 0xff, h7 >> 8, h7 & 0xff].join('.');
  }
  return `${hextets
    .slice(0, 4)
    .map((hextet) => hextet.toString(16))
    .join(':')}::/64`;
}

/**
 * The IPv6 networks wider than a client's /64 that a stream limit also counts, with how many
 * clients' worth each may hold: a provider may give one home a /56 (256 /64s) or a /48 (65,536),
 * so a /56 holds twice a client's streams and a /48 ten times (as deploy/nginx.conf counts). An
 * IPv4 client (or any other key) has none.
 */
export function widerNetworkKeys(client: string): Array<{ key: string; clients: number }> {
  const match = /^([0-9a-f]+):([0-9a-f]+):([0-9a-f]+):([0-9a-f]+)::\/64$/.exec(client);
  if (!match) return [];
  const [, h0 = '', h1 = '', h2 = '', h3 = ''] = match;
  // The /56 keeps the first 8 bits of the fourth group.
  const net56 = (Number.parseInt(h3, 16) & 0xff00).toString(16);
  return [
    { key: `${h0}:${h1}:${h2}:${net56}::/56`, clients: 2 },
    { key: `${h0}:${h1}:${h2}::/48`, clients: 10 },
  ];
}
