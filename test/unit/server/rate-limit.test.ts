import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseConfig } from '../../../src/lib/config/config.ts';
import { buildRateLimitHeaders, createRateLimiter } from '../../../src/server/limits/rate-limit.ts';
import { rateLimitKey } from '../../../src/server/limits/rate-limit-key.ts';
import { SEARCH_DEBOUNCE_MS, createDebouncer } from '../../../src/client/search/search-debounce.ts';

/**
 * The instants (ms) at which the search page's own debouncer (src/client/search/search-debounce.ts, the one
 * search.ts uses) fires for keystrokes at `keystrokes` (ms, ascending), on vitest's simulated clock.
 */
function debouncedFirings(keystrokes: readonly number[]): number[] {
  const firings: number[] = [];
  const debouncer = createDebouncer();
  const start = Date.now();
  for (const at of keystrokes) {
    vi.advanceTimersByTime(start + at - Date.now());
    debouncer.call(() => firings.push(Date.now() - start));
  }
  vi.runAllTimers();
  return firings;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Keystrokes of a 20-letter query typed from `start`, each `gap` ms after the previous one. */
function typing(start: number, gap: number, letters = 20): number[] {
  return Array.from({ length: letters }, (_, i) => start + i * gap);
}

describe('createRateLimiter (token bucket)', () => {
  it('allows a burst of `limit`, then refills at `limit` per minute', () => {
    let now = 1_000_000;
    const limiter = createRateLimiter(3, () => now);
    const results = [1, 2, 3, 4, 5].map(() => limiter.check('10.0.0.1'));
    expect(results.map((r) => r?.allowed)).toEqual([true, true, true, false, false]);
    expect(results.map((r) => r?.remaining)).toEqual([2, 1, 0, 0, 0]);
    expect(results[4]?.resetSeconds).toBe(20);
    expect(limiter.check('10.0.0.2')?.allowed).toBe(true);
    now += 19_000;
    expect(limiter.check('10.0.0.1')?.allowed).toBe(false);
    now += 1_000;
    expect(limiter.check('10.0.0.1')).toMatchObject({ allowed: true, remaining: 0 });
    expect(limiter.check('10.0.0.1')?.allowed).toBe(false);
    now += 60_000;
    expect(limiter.check('10.0.0.1')).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('lets a person type a 20-letter query with the page debounce, at every typing speed, with the default limit', () => {
    const limit = parseConfig({}).searchRateLimit;
    // From a fast typist (one search at the end) to one who pauses past the debounce after every letter.
    for (const gap of [80, 150, SEARCH_DEBOUNCE_MS - 1, SEARCH_DEBOUNCE_MS, SEARCH_DEBOUNCE_MS + 50, 1_000]) {
      let now = 0;
      const limiter = createRateLimiter(limit, () => now);
      const firings = debouncedFirings(typing(0, gap));
      expect(firings.length).toBeGreaterThan(0);
      for (const at of firings) {
        now = at;
        expect(limiter.check('203.0.113.7')?.allowed, `gap ${gap} ms`).toBe(true);
      }
    }
  });

  it('lets a household (or a carrier NAT) of four type 20-letter queries at once, a query a minute each, from one IP', () => {
    const limit = parseConfig({}).searchRateLimit;
    let now = 0;
    const limiter = createRateLimiter(limit, () => now);
    const gap = SEARCH_DEBOUNCE_MS + 20;
    const firings = [0, 60_000, 120_000, 180_000]
      .flatMap((round) => [0, 7, 13, 29].flatMap((offset) => debouncedFirings(typing(round + offset, gap))))
      .sort((a, b) => a - b);
    expect(firings.length).toBe(4 * 4 * 20);
    const refused = firings.filter((at) => {
      now = at;
      return limiter.check('198.51.100.1')?.allowed !== true;
    });
    expect(refused).toEqual([]);
  });

  it('still stops a flood: no more than the burst plus the refill over any stretch', () => {
    const limit = 120;
    let now = 0;
    const limiter = createRateLimiter(limit, () => now);
    let allowed = 0;
    for (let i = 0; i < 10_000; i++) {
      now = i * 10; // 100 requests a second for 100 s
      if (limiter.check('192.0.2.9')?.allowed) allowed++;
    }
    expect(allowed).toBeLessThanOrEqual(limit + Math.ceil((100_000 / 60_000) * limit) + 1);
    expect(allowed).toBeGreaterThan(limit);
  });

  it('forgets clients whose bucket is full again, so memory follows the active clients', () => {
    let now = 0;
    const limiter = createRateLimiter(2, () => now);
    for (let i = 0; i < 1_000; i++) limiter.check(`10.1.${i >> 8}.${i & 255}`);
    now += 61_000;
    // A client seen a minute ago starts with a full bucket, like a new one.
    expect(limiter.check('10.1.0.1')).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('is off with a limit of 0', () => {
    const limiter = createRateLimiter(0);
    expect(limiter.check('x')).toBeNull();
  });

  it('gives the draft RateLimit headers', () => {
    expect(buildRateLimitHeaders({ allowed: false, limit: 60, remaining: 0, resetSeconds: 12 })).toEqual({
      'RateLimit-Limit': '60',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': '12',
      'RateLimit-Policy': '60;w=60',
    });
  });
});

describe('rateLimitKey: whom the search limit counts', () => {
  it('counts an IPv6 client by its /64, however the address is written', () => {
    const key = rateLimitKey('2001:db8:85a3:12::1');
    expect(rateLimitKey('2001:0db8:85a3:0012:ffff:ffff:ffff:fffe')).toBe(key);
    expect(rateLimitKey('2001:DB8:85A3:12:abcd::7%eth0')).toBe(key);
    expect(rateLimitKey('2001:db8:85a3:13::1')).not.toBe(key);
    expect(rateLimitKey('2001:db8::1')).toBe(rateLimitKey('2001:db8:0:0:1::'));
    expect(rateLimitKey('2001:db8::1')).not.toBe(key);
  });

  it('counts IPv4 (also IPv4-mapped IPv6) by the address', () => {
    expect(rateLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKey('203.0.113.8')).not.toBe(rateLimitKey('203.0.113.7'));
  });

  it('makes every address of one /64 share one bucket', () => {
    const limiter = createRateLimiter(2, () => 0);
    expect(limiter.check('2001:db8:1:2::a')?.allowed).toBe(true);
    expect(limiter.check('2001:db8:1:2::b')?.allowed).toBe(true);
    expect(limiter.check('2001:db8:1:2:ffff::c')?.allowed).toBe(false);
    expect(limiter.check('2001:db8:1:3::a')?.allowed).toBe(true);
  });
});

describe('leases of a bucket (cluster workers)', () => {
  it('grants whole tokens up to what the bucket holds, and takes back what a lease did not use', () => {
    const now = 0;
    const limiter = createRateLimiter(5, () => now);
    expect(limiter.take('10.0.0.1', 2)).toMatchObject({ granted: 2, remaining: 3 });
    expect(limiter.take('10.0.0.1', 2)).toMatchObject({ granted: 2, remaining: 1 });
    expect(limiter.take('10.0.0.1', 2)).toMatchObject({ granted: 1, remaining: 0 });
    expect(limiter.take('10.0.0.1', 2)).toMatchObject({ granted: 0, remaining: 0, resetSeconds: 12 });
    limiter.giveBack('10.0.0.1', 1);
    expect(limiter.check('10.0.0.1')?.allowed).toBe(true);
    expect(limiter.check('10.0.0.1')?.allowed).toBe(false);
    limiter.giveBack('10.0.0.1', 50);
    expect(limiter.take('10.0.0.1', 50).granted).toBe(5);
  });
});
