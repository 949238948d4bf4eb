// Issue 20: the cluster primary backs off when workers crash, and gives up on a crash loop.
import { describe, expect, it } from 'vitest';
import { createWorkerRestartPolicy } from '../../../src/server/cluster/worker-restart-policy.ts';

const LIMITS = { maxCrashes: 5, windowMs: 60_000, baseDelayMs: 500, maxDelayMs: 3_000 };

describe('worker restart policy', () => {
  it('doubles the delay with each crash in the window, capped, and gives up at the limit', () => {
    const policy = createWorkerRestartPolicy(LIMITS);
    expect([0, 1_000, 2_000, 3_000].map((at) => policy.recordCrash(at))).toEqual([
      { restart: true, delayMs: 500 },
      { restart: true, delayMs: 1_000 },
      { restart: true, delayMs: 2_000 },
      { restart: true, delayMs: 3_000 },
    ]);
    expect(policy.recordCrash(59_000)).toEqual({ restart: false, crashes: 5 });
  });

  it('forgets crashes older than the window: occasional crashes restart quickly forever', () => {
    const policy = createWorkerRestartPolicy(LIMITS);
    for (let hour = 0; hour < 48; hour++)
      expect(policy.recordCrash(hour * 3_600_000)).toEqual({ restart: true, delayMs: 500 });
    // Four crashes spread just wider than the window never add up to five.
    const spread = createWorkerRestartPolicy(LIMITS);
    const decisions = Array.from({ length: 20 }, (_, i) => spread.recordCrash(i * 15_001));
    expect(decisions.every((decision) => decision.restart)).toBe(true);
  });
});
