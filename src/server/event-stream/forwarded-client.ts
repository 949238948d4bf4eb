/**
 * Who a request Pushpin signed is for. Pushpin connects from its own address; deploy/pushpin/pushpin.conf
 * (x_forwarded_for=truncate:1,append) passes on the last address the sender named in
 * X-Forwarded-For (nginx's $remote_addr) and appends the address it got the request from. Read
 * from the right, the first address that is not loopback or private is the client — whatever a
 * client wrote to the left of it; when every address is loopback or private (a front on this
 * machine or the private network, its client on it too) the leftmost is. Only a signed request's
 * header is read: anyone can send X-Forwarded-For to Placar directly.
 */
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** Addresses of this machine and of private networks: where a trusted front connects from. */
const FRONTS = new BlockList();
FRONTS.addSubnet('127.0.0.0', 8, 'ipv4');
FRONTS.addSubnet('10.0.0.0', 8, 'ipv4');
FRONTS.addSubnet('172.16.0.0', 12, 'ipv4');
FRONTS.addSubnet('192.168.0.0', 16, 'ipv4');
FRONTS.addSubnet('100.64.0.0', 10, 'ipv4');
FRONTS.addAddress('::1', 'ipv6');
FRONTS.addSubnet('fc00::', 7, 'ipv6');
FRONTS.addSubnet('fe80::', 10, 'ipv6');

/** An address as Node's socket would print it ("::ffff:1.2.3.4" is the IPv4 address), or null. */
function readAddress(text: string): string | null {
  const trimmed = text.trim().replace(/^\[(.*)\]$/, '$1');
  const plain =
    trimmed.toLowerCase().startsWith('::ffff:') && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
  return isIP(plain) === 0 ? null : plain;
}

/** Whether `address` is of this machine or a private network (where a trusted front connects from). */
export function isLoopbackOrPrivate(address: string): boolean {
  return FRONTS.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** The client of a request that came through Pushpin; the connection's address when the header names none. */
export function forwardedClientAddress(req: IncomingMessage): string {
  const header = req.headersDistinct['x-forwarded-for'] ?? [];
  const addresses = header.flatMap((value) => value.split(',')).map(readAddress);
  const valid = addresses.filter((address): address is string => address !== null);
  const connection = req.socket.remoteAddress ?? 'desconhecido';
  return valid.findLast((address) => !isLoopbackOrPrivate(address)) ?? valid[0] ?? connection;
}
