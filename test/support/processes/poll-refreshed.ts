/**
 * A poll of what a running Placar serves with one refresh before each try (refreshNow), for a change that may take
 * more than one refresh to show (a match page read within the next refresh's budget): no schedule to wait for.
 */
import { expect } from 'vitest';
import type { PlacarProcess } from '../../../harness/placar-process.ts';

export function pollRefreshed<T>(placar: PlacarProcess, read: () => Promise<T>, timeoutMs = 60_000) {
  return expect.poll(
    async () => {
      await placar.refreshNow();
      return read();
    },
    { timeout: timeoutMs, interval: 0 },
  );
}
