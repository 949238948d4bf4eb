/**
 * Step generators (src/lib/model/steps.ts) run to the end at once with finishSteps, and between
 * requests with runInSlices: a timer due while a long computation runs fires before it ends.
 */
import { describe, expect, it } from 'vitest';
import { finishSteps, type Steps } from '../../../src/lib/model/steps.ts';
import { runInSlices } from '../../../src/lib/slices/run-in-slices.ts';

/** `count` steps of about `stepMs` of busy work each; returns how many ran. */
function* busySteps(count: number, stepMs: number, log: string[]): Steps<number> {
  for (let step = 0; step < count; step++) {
    const until = performance.now() + stepMs;
    while (performance.now() < until) {
      // Busy, like a parse or an index build.
    }
    log.push(`step ${step}`);
    yield;
  }
  return count;
}

describe('steps', () => {
  it('finishSteps runs every step before returning, letting nothing in', () => {
    const log: string[] = [];
    setImmediate(() => log.push('timer'));
    expect(finishSteps(busySteps(5, 1, log))).toBe(5);
    expect(log).toEqual(['step 0', 'step 1', 'step 2', 'step 3', 'step 4']);
  });

  it('runInSlices lets the event loop run between slices of the given length', async () => {
    const log: string[] = [];
    setTimeout(() => log.push('timer'), 0);
    expect(await runInSlices(busySteps(40, 1, log), 4)).toBe(40);
    // Each step takes at least 1 ms, so a 4 ms slice ends after 4 steps at most: the timer (due
    // after 1 ms) came in right after the first slice, not at the end.
    const timerAt = log.indexOf('timer');
    expect(timerAt).toBeGreaterThan(0);
    expect(timerAt).toBeLessThanOrEqual(4);
    expect(log.filter((entry) => entry.startsWith('step'))).toHaveLength(40);
  });
});
