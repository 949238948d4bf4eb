/**
 * Pure: the IPv4 addresses an IPv6 address can stand for on some network, so the crest address
 * check (checked-lookup.ts) refuses one that would reach an internal IPv4 host through a
 * translator or a tunnel whatever its prefix:
 * - network-specific NAT64 prefixes (RFC 6052): a /32, /40, /48, /56 or /64 prefix, the IPv4
 *   address at that length's position around bits 64–71 (which must then be zero), or any /96
 *   prefix with it in the last 32 bits. Which prefix a network translates cannot be known from
 *   here, so every position is read;
 * - ISATAP (RFC 5214: interface id 0000:5efe or 0200:5efe, then the IPv4 address, under any
 *   /64) carries it in the last 32 bits too: the /96 position covers it.
 */
import { expandIpv6 } from '../lib/model/ipv6-hextets.ts';

const high = (hextet: number): number => hextet >> 8;
const low = (hextet: number): number => hextet & 0xff;

/** Every IPv4 address (as four bytes) `hextets` may embed by ISATAP or an RFC 6052 position. */
function embeddedCandidates(hextets: readonly number[]): number[][] {
  const [, , h2 = 0, h3 = 0, h4 = 0, h5 = 0, h6 = 0, h7 = 0] = hextets;
  const candidates = [[high(h6), low(h6), high(h7), low(h7)]]; // /96, and ISATAP
  if (high(h4) === 0) {
    candidates.push(
      [high(h2), low(h2), high(h3), low(h3)], // /32
      [low(h2), high(h3), low(h3), low(h4)], // /40
      [high(h3), low(h3), low(h4), high(h5)], // /48
      [low(h3), low(h4), high(h5), low(h5)], // /56
      [low(h4), high(h5), low(h5), high(h6)], // /64
    );
  }
  return candidates;
}

/** Every IPv4 address (a.b.c.d) an IPv6 address may stand for on some network; none when `address` is no IPv6. */
export function embeddedIpv4Addresses(address: string): string[] {
  const hextets = expandIpv6(address);
  return hextets ? embeddedCandidates(hextets).map((bytes) => bytes.join('.')) : [];
}
