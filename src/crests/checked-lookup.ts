/**
 * The address check of every crest connection: a `lookup` for undici's connector that resolves
 * the name as usual, then refuses private, loopback, link-local, unique-local, metadata and
 * unspecified addresses before any connection is made (a crest host whose name points inside
 * the network is never reached). The one exception: addresses the upstream itself resolves to,
 * so a demo or test upstream on 127.0.0.1 keeps its crests.
 */
import dns from 'node:dns';
import net from 'node:net';
import { embeddedIpv4Addresses } from './embedded-ipv4.ts';

/**
 * Ranges no crest is fetched from: IPv4, IPv4-mapped IPv6 by the IPv4 address it holds, and every
 * other IPv6 form that embeds an IPv4 address, refused as a whole.
 */
export function createInternalRanges(): net.BlockList {
  const ranges = new net.BlockList();
  const v4: [string, number][] = [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ];
  for (const [network, prefix] of v4) {
    ranges.addSubnet(network, prefix, 'ipv4');
    ranges.addSubnet(`::ffff:${network}`, 96 + prefix, 'ipv6');
  }
  const v6: [string, number][] = [
    // IPv4-compatible (deprecated; "::a.b.c.d"), which also holds :: and ::1.
    ['::', 96],
    ['fc00::', 7],
    ['fe80::', 10],
    // Site-local (deprecated).
    ['fec0::', 10],
    ['ff00::', 8],
    // Forms that carry an IPv4 address a gateway may turn into a connection to it: NAT64 (well-known
    // and local-use prefixes), SIIT's IPv4-translated, 6to4, Teredo. No crest host needs one.
    ['64:ff9b::', 96],
    ['64:ff9b:1::', 48],
    ['::ffff:0:0:0', 96],
    ['2002::', 16],
    ['2001::', 32],
    // Discard-only and documentation.
    ['100::', 64],
    ['2001:db8::', 32],
  ];
  for (const [network, prefix] of v6) ranges.addSubnet(network, prefix, 'ipv6');
  // Cloud metadata addresses are inside the ranges above (169.254.169.254, fd00:ec2::254); named for the reader.
  return ranges;
}

const INTERNAL = createInternalRanges();

/**
 * An internal IPv4 address a translator or tunnel could reach through an IPv6 address that embeds
 * it (embedded-ipv4.ts). Not 0.0.0.0/8: a server's interface id is often small (::1, ::8888), so
 * every position would read an address there; nor multicast and reserved (224/4, 240/4), which
 * no translator opens a connection to.
 */
function isReachableInternalIpv4(ipv4: string): boolean {
  const first = Number(ipv4.split('.')[0]);
  return first !== 0 && first < 224 && INTERNAL.check(ipv4, 'ipv4');
}

/** The internal IPv4 address an IPv6 `address` embeds at a place some network reads it from, or null. */
export function forbiddenEmbeddedIpv4(address: string): string | null {
  return embeddedIpv4Addresses(address).find(isReachableInternalIpv4) ?? null;
}

/** Whether no crest may be fetched from `address`: in the ranges above, or an IPv6 address embedding an internal IPv4 one. */
export function isInternalAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 4) return INTERNAL.check(address, 'ipv4');
  return INTERNAL.check(address, 'ipv6') || forbiddenEmbeddedIpv4(address) !== null;
}

export class CrestAddressError extends Error {
  override name = 'CrestAddressError' as const;
  readonly code = 'ECRESTADDRESS';
}

type LookupAddress = dns.LookupAddress;
type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
/** The resolver a checked lookup asks (dns.lookup by default; tests pass their own). */
export type Resolver = (
  hostname: string,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;
export type CheckedLookup = (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => void;

const systemResolver: Resolver = (hostname, callback) => dns.lookup(hostname, { all: true }, callback);

/**
 * A net/tls `lookup` that refuses internal addresses except `allowed` (exact addresses). Every
 * address the name resolves to must pass: one internal answer among public ones is refused too.
 */
export function createCheckedLookup(allowed: ReadonlySet<string>, resolve: Resolver = systemResolver): CheckedLookup {
  return (hostname, options, callback) => {
    resolve(hostname, (error, found) => {
      if (error) return callback(error, []);
      const wanted =
        options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : found;
      const refused = wanted.find((a) => isInternalAddress(a.address) && !allowed.has(a.address));
      if (refused || wanted.length === 0) {
        const why = refused
          ? `${hostname} aponta para um endereço interno (${refused.address})`
          : `${hostname} sem endereço`;
        return callback(new CrestAddressError(`escudo recusado: ${why}`), []);
      }
      if (options.all) return callback(null, wanted);
      const [first] = wanted as [LookupAddress];
      return callback(null, first.address, first.family);
    });
  };
}

/** The addresses the upstream's host is on when they are internal (a demo or test upstream), else none. */
export async function internalUpstreamAddresses(
  upstreamUrl: string,
  resolve: Resolver = systemResolver,
): Promise<Set<string>> {
  const hostname = new URL(upstreamUrl).hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(hostname)) return new Set(isInternalAddress(hostname) ? [hostname] : []);
  const found = await new Promise<LookupAddress[]>((done) =>
    resolve(hostname, (error, addresses) => done(error ? [] : addresses)),
  );
  return new Set(found.map((a) => a.address).filter(isInternalAddress));
}
