/**
 * Waiting for something a stream of events makes true (a child's output, an event stream's messages): a condition
 * checked again on every wake(), failing when its source has ended without it or a deadline has passed.
 */
export type WaitFailure = 'ended' | 'deadline';

export interface ConditionWaiters {
  /** Checks every pending condition again (call it on each chunk, and when the source ends). */
  wake(): void;
  /**
   * Resolves with `check`'s first non-null value; rejects with `failure(why)` once `ended()` holds without one, or
   * after timeoutMs.
   */
  waitFor<T>(
    check: () => T | null,
    ended: () => boolean,
    timeoutMs: number,
    failure: (why: WaitFailure) => Error,
  ): Promise<T>;
}

export function createConditionWaiters(): ConditionWaiters {
  const pending = new Set<() => void>();
  return {
    wake() {
      for (const recheck of pending) recheck();
    },
    waitFor(check, ended, timeoutMs, failure) {
      return new Promise((resolve, reject) => {
        const finish = (settle: () => void): void => {
          clearTimeout(timer);
          pending.delete(recheck);
          settle();
        };
        const recheck = (): void => {
          const value = check();
          if (value !== null) finish(() => resolve(value));
          else if (ended()) finish(() => reject(failure('ended')));
        };
        const timer = setTimeout(() => finish(() => reject(failure('deadline'))), timeoutMs);
        pending.add(recheck);
        recheck();
      });
    },
  };
}
