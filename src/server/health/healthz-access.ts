/**
 * Who may see /healthz's details (errors, paths, the publish command's output): a client that
 * sends HEALTHZ_TOKEN as a bearer token, and — only when the operator opts in
 * (HEALTHZ_LOOPBACK_DETAILS=on) — a client on this machine talking to the server directly.
 * "Loopback = this machine" is not a given: a TCP-level front (stunnel, HAProxy in tcp mode,
 * sslh, `ssh -L`) connects from 127.0.0.1 on behalf of anyone and adds no header. A request
 * that came through an HTTP proxy (nginx connects from 127.0.0.1 but adds X-Forwarded-For) is
 * never "on this machine" either.
 */
import crypto from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';

const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'via'] as const;

function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined || isIP(address) === 0) return false;
  const ipv4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return ipv4 === '::1' || (isIP(ipv4) === 4 && ipv4.startsWith('127.'));
}

function sha256(text: string): Buffer {
  return crypto.createHash('sha256').update(text).digest();
}

/** What the decision looks at: the request's headers and the peer address of its connection. */
export interface HealthRequester {
  headers: IncomingHttpHeaders;
  remoteAddress: string | undefined;
}

function hasToken(headers: IncomingHttpHeaders, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(headers.authorization ?? '');
  // Hashes make both sides the same length, so the comparison takes the same time for any guess.
  return token !== '' && match?.[1] !== undefined && crypto.timingSafeEqual(sha256(match[1]), sha256(token));
}

export function maySeeHealthDetails(requester: HealthRequester, token: string, loopbackDetails: boolean): boolean {
  if (hasToken(requester.headers, token)) return true;
  if (!loopbackDetails) return false;
  const proxied = PROXY_HEADERS.some((name) => requester.headers[name] !== undefined);
  return !proxied && isLoopbackAddress(requester.remoteAddress);
}
