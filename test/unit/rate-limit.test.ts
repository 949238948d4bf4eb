import { describe, expect, it } from 'vitest';
import { buildRateLimitHeaders, createRateLimiter } from '../../src/server/rate-limit.ts';

describe('createRateLimiter', () => {
  it('allows `limit` requests per client per minute, then refuses until the window ends', () => {
    let now = 1_000_000;
    const limiter = createRateLimiter(3, () => now);
    const results = [1, 2, 3, 4, 5].map(() => limiter.check('10.0.0.1'));
    expect(results.map((r) => r?.allowed)).toEqual([true, true, true, false, false]);
    expect(results.map((r) => r?.remaining)).toEqual([2, 1, 0, 0, 0]);
    expect(limiter.check('10.0.0.2')?.allowed).toBe(true);
    now += 45_000;
    expect(limiter.check('10.0.0.1')).toMatchObject({ allowed: false, resetSeconds: 15 });
    now += 15_000;
    expect(limiter.check('10.0.0.1')).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 60 });
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
