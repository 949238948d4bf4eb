/** node-cron's own warnings reach the log as plain lines (no ESC colour codes for journald to keep). */
import cron from 'node-cron';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCronLogger } from '../../../src/refresh/cron-logger.ts';

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
