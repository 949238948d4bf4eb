import { describe, expect, it } from 'vitest';
import { coalescedRuns } from '../../../src/server/coalesced-runs.ts';

describe('coalescedRuns', () => {
  it('runs one at a time, and once more after a run for all the calls made during it', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    let release: () => void = () => undefined;
    const run = coalescedRuns(async () => {
      running += 1;
      most = Math.max(most, running);
      runs += 1;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      running -= 1;
    });
    const first = run();
    const during = [run(), run(), run()];
    expect(runs).toBe(1);
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toBe(2);
    release();
    await Promise.all([first, ...during]);
    expect(runs).toBe(2);
    expect(most).toBe(1);
    const later = run();
    release();
    await later;
    expect(runs).toBe(3);
  });

  it('is ready for the next call after a run that threw', async () => {
    let calls = 0;
    const run = coalescedRuns(async () => {
      calls += 1;
      if (calls === 1) throw new Error('falhou');
    });
    await expect(run()).rejects.toThrow('falhou');
    await run();
    expect(calls).toBe(2);
  });
});
