/** node-cron's own warnings reach the log as plain lines (no ESC colour codes for journald to keep). */
import cron from 'node-cron';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCronLogger, logMissedTicksByGap } from '../../../src/refresh/cron-logger.ts';

const tasks: { destroy(): unknown }[] = [];
afterEach(async () => {
  for (const task of tasks.splice(0)) await task.destroy();
  vi.restoreAllMocks();
});

describe('createCronLogger', () => {
  it("writes node-cron's overlap warning as one plain line, and nothing on the console", async () => {
    const lines: string[] = [];
    const warn = vi.spyOn(console, 'warn');
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    tasks.push(
      cron.schedule(
        '* * * * * *',
        async () => {
          started += 1;
          await held;
        },
        { noOverlap: true, logger: createCronLogger((line) => lines.push(line)) },
      ),
    );
    // A task that never finishes while ticks keep coming: node-cron warns at the next tick.
    await vi.waitFor(() => expect(lines.some((line) => line.includes('overlap'))).toBe(true), {
      timeout: 15_000,
      interval: 100,
    });
    release();
    expect(started).toBe(1);
    expect(warn).not.toHaveBeenCalled();
    for (const line of lines) {
      expect(line).toMatch(/^agendador \((aviso|info|erro)\): /);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: ESC is what must not be there.
      expect(line).not.toMatch(/\u001b/);
    }
  });
});

describe('logMissedTicksByGap', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('logs a clock step forward as one line with its count of missed ticks, not a line per tick', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(Date.parse('2026-11-21T20:00:00.000-03:00'));
    const lines: string[] = [];
    const log = (line: string): void => {
      lines.push(line);
    };
    let runs = 0;
    const task = cron.schedule(
      '*/2 * * * * *',
      () => {
        runs += 1;
      },
      { logger: createCronLogger(log) },
    );
    tasks.push(task);
    logMissedTicksByGap(task, log);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(runs).toBeGreaterThan(0);
    expect(lines).toEqual([]);

    // An hour gone at once, as when a suspended machine resumes: 1,800 ticks of this schedule.
    vi.setSystemTime(Date.now() + 3_600_000);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(lines).toHaveLength(1);
    const [line = ''] = lines;
    expect(line).toMatch(/^agendador \(aviso\): \d+ execuções perdidas de \S+ a \S+ \(o relógio avançou/);
    expect(Number(/(\d+) execuções/.exec(line)?.[1])).toBeGreaterThanOrEqual(1_799);
    expect(line).not.toMatch(/missed execution/);
  });
});
