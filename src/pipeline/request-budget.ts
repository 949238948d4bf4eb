/**
 * The match pages' request budget: at most `perMinute` requests in any 60 seconds (a sliding
 * window over the instants of the requests sent, kept in DATA_DIR/details/schedule.json so a
 * restart does not reset it), and none while the upstream asked every match-page fetch to wait.
 */
import { BUDGET_WINDOW_MS } from '../lib/store/detail-store.ts';

export { BUDGET_WINDOW_MS };

export interface RequestBudget {
  /** Takes one request's place now if the window has room; false: none may be sent now. */
  admit(): boolean;
  /** Requests sent in the window ending now. */
  used(): number;
  /** The instants of the requests still inside the window (for the schedule file). */
  recent(): number[];
}

export function createRequestBudget(perMinute: number, sent: readonly number[], now: () => number): RequestBudget {
  const requests = [...sent].sort((a, b) => a - b);
  const prune = (): void => {
    const since = now() - BUDGET_WINDOW_MS;
    while (requests.length > 0 && (requests[0] ?? 0) <= since) requests.shift();
  };
  return {
    admit() {
      prune();
      if (requests.length >= perMinute) return false;
      requests.push(now());
      return true;
    },
    used() {
      prune();
      return requests.length;
    },
    recent() {
      prune();
      return [...requests];
    },
  };
}
