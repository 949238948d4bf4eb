/** Streams per client, and per the IPv6 /56 and /48 around it (issue 35): a home's many /64s share them. */
import { describe, expect, it } from 'vitest';
import { rateLimitKey, widerNetworkKeys } from '../../../src/server/limits/rate-limit-key.ts';
import { createStreamCounts } from '../../../src/server/limits/stream-counts.ts';

describe('widerNetworkKeys', () => {
  it('names the /56 and /48 of an IPv6 client, each spelled one way; an IPv4 client has none', () => {
    expect(widerNetworkKeys(rateLimitKey('2001:db8:1:2ab::7'))).toEqual([
      { key: '2001:db8:1:200::/56', clients: 2 },
      { key: '2001:db8:1::/48', clients: 10 },
    ]);
    const sameNetworks = ['2001:db8:1:2ff::1', '2001:0db8:0001:02cd:ffff::9'].map((address) =>
      widerNetworkKeys(rateLimitKey(address)).map(({ key }) => key),
    );
    expect(sameNetworks[0]).toEqual(sameNetworks[1]);
    expect(widerNetworkKeys(rateLimitKey('2001:db8:1:12::1'))[0]?.key).toBe('2001:db8:1:0::/56');
    expect(widerNetworkKeys(rateLimitKey('203.0.113.7'))).toEqual([]);
    expect(widerNetworkKeys(rateLimitKey('::ffff:203.0.113.7'))).toEqual([]);
  });
});

describe('createStreamCounts', () => {
  it('holds a client to its limit, a /56 to twice and a /48 to ten times it, whatever /64s it spreads over', () => {
    const counts = createStreamCounts(3);
    const inOne56 = Array.from({ length: 8 }, (_, i) => rateLimitKey(`2001:db8:1:${i.toString(16)}::1`));
    const taken = inOne56.map((client) => {
      const allowed = counts.allows(client);
      if (allowed) counts.add(client);
      return allowed;
    });
    expect(taken).toEqual([true, true, true, true, true, true, false, false]);
    // Another /56 of the same /48 has its own share, up to the /48's 30.
    const other56s = Array.from({ length: 30 }, (_, i) =>
      rateLimitKey(`2001:db8:1:${((i + 1) * 256).toString(16)}::1`),
    );
    const more = other56s.filter((client) => {
      const allowed = counts.allows(client);
      if (allowed) counts.add(client);
      return allowed;
    });
    expect(more).toHaveLength(30 - 6);
    // A stream that ends gives its place back to all three.
    counts.remove(inOne56[0] ?? '');
    expect(counts.allows(inOne56[7] ?? '')).toBe(true);
    // IPv4: the client's own limit only.
    for (let i = 0; i < 3; i++) counts.add('203.0.113.7');
    expect(counts.allows('203.0.113.7')).toBe(false);
    expect(counts.allows('203.0.113.8')).toBe(true);
  });

  it('limits nothing at 0 (EVENT_STREAMS_PER_IP=0)', () => {
    const counts = createStreamCounts(0);
    for (let i = 0; i < 100; i++) counts.add('2001:db8:1:2::1');
    expect(counts.allows('2001:db8:1:2::1')).toBe(true);
  });
});
