/**
 * Whom a rate limit counts: an IPv4 address as it is, an IPv6 address by its /64. A home or a
 * phone gets a whole /64 from its provider and may take any address in it, so counting single
 * IPv6 addresses would let one client through 2^64 times over. IPv4-mapped IPv6 addresses
 * ("::ffff:203.0.113.7", what a dual-stack socket reports) count as the IPv4 address.
 */
import net from 'node:net';

/** The 8 hextets of a valid IPv6 address (zone id dropped), or null. */
function expandIpv6(address: string): number[] | null {
  const plain = address.split('%')[0] ?? '';
  if (!net.isIPv6(plain)) return null;
  let text = plain;
  // A trailing dotted IPv4 part stands for the last two hextets.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.split('.').map(Number);
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string): number[] =>
    part === '' ? [] : part.split(':').map((hextet) => Number.parseInt(hextet, 16));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

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
