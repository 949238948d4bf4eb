/**
 * The search page's debounce: it searches SEARCH_DEBOUNCE_MS after the last keystroke. Its own
 * module, with the timer functions passed in, so the rate limit's test drives this very code
 * with a simulated clock.
 */
export const SEARCH_DEBOUNCE_MS = 300;

export interface Debouncer {
  /** (Re)starts the wait: `run` fires once no call came for the debounce time. */
  call(run: () => void): void;
  cancel(): void;
}

export interface TimerFunctions {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export function createDebouncer(
  debounceMs: number = SEARCH_DEBOUNCE_MS,
  timers: TimerFunctions = globalThis,
): Debouncer {
  let handle: unknown;
  return {
    call(run) {
      timers.clearTimeout(handle);
      handle = timers.setTimeout(run, debounceMs);
    },
    cancel() {
      timers.clearTimeout(handle);
    },
  };
}
