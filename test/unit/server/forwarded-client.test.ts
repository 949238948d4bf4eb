/** The client of a request Pushpin signed, from the X-Forwarded-For deploy/pushpin/pushpin.conf writes (issue 35 M4). */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { forwardedClientAddress } from '../../../src/server/event-stream/forwarded-client.ts';

function request(forwardedFor: string[] | undefined, remoteAddress = '127.0.0.1'): IncomingMessage {
  const headersDistinct = forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };
  return { headersDistinct, socket: { remoteAddress } } as unknown as IncomingMessage;
}

describe('forwardedClientAddress', () => {
  it('is the last public address: what nginx named, or Pushpin’s own peer, never what a client wrote before it', () => {
    // nginx on this machine → Pushpin: "client, nginx".
    expect(forwardedClientAddress(request(['203.0.113.9, 127.0.0.1']))).toBe('203.0.113.9');
    // A client that reached Pushpin itself and wrote a header: Pushpin appends the real peer.
    expect(forwardedClientAddress(request(['198.51.100.1, 203.0.113.9']))).toBe('203.0.113.9');
    expect(forwardedClientAddress(request(['198.51.100.1', '2001:db8::5, 10.0.0.5']))).toBe('2001:db8::5');
  });

  it('is the leftmost when every address is loopback or private, and the connection’s without a header', () => {
    expect(forwardedClientAddress(request(['127.0.0.51, 127.0.0.1']))).toBe('127.0.0.51');
    expect(forwardedClientAddress(request(['::ffff:10.1.2.3, fd00::1']))).toBe('10.1.2.3');
    expect(forwardedClientAddress(request(undefined, '127.0.0.9'))).toBe('127.0.0.9');
    expect(forwardedClientAddress(request(['nada, [::1]']))).toBe('::1');
  });
});
