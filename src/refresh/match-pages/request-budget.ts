/**
 * The match pages' request budget: at most `perMinute` requests in any 60 seconds (a sliding
 * window over the instants of the requests sent), and none while the upstream asked every
 * match-page fetch to wait. The window lives in two places, so neither failing lets more out:
 * DATA_DIR/details/schedule.json (a restart, or a refresh run from the command line, does not
 * reset it) and this process's memory (a schedule file that could not be written — a full disk —
 * does not reset it either; requestBudgetOf).
 */
import { BUDGET_WINDOW_MS } from '../../lib/store/scraped/detail-store.ts';

export { BUDGET_WINDOW_MS };

export interface RequestBudget {
  /** Takes one request's place now if the window has room; false: none may be sent now. */
  admit(): boolean;
  /** Gives back the place the last admit took (that request was not sent after all). */
  withdraw(): void;
  /**
   * Takes up to `count` places at once, each at instant `at` (no earlier than any of them can be
   * sent); how many it took.
   */
  reserve(count: number, at: number): number;
  /** Gives back `count` places reserved at `at`, and takes one at each instant of `sentAt` (the requests sent in them). */
  settle(at: number, count: number, sentAt: readonly number[]): void;
  /** Requests sent in the window ending now. */
  used(): number;
  /** The instants of the requests still inside the window (for the schedule file). */
  recent(): number[];
}

export function createRequestBudget(perMinute: number, sent: readonly number[], now: () => number): RequestBudget {
  const requests = [...sent].sort((a, b) => a - b);
  let last: number | null = null;
  // Kept in order, oldest first (a reservation's instant is later than an admit's): prune reads the front.
  const add = (instants: readonly number[]): void => {
    requests.push(...instants);
    requests.sort((a, b) => a - b);
  };
  const prune = (): void => {
    const since = now() - BUDGET_WINDOW_MS;
    while (requests.length > 0 && (requests[0] ?? 0) <= since) requests.shift();
  };
  return {
    admit() {
      prune();
      if (requests.length >= perMinute) return false;
      last = now();
      add([last]);
      return true;
    },
    reserve(count, at) {
      prune();
      const taken = Math.max(0, Math.min(count, perMinute - requests.length));
      add(Array.from({ length: taken }, () => at));
      return taken;
    },
    settle(at, count, sentAt) {
      for (let given = 0; given < count; given += 1) {
        const index = requests.lastIndexOf(at);
        if (index === -1) break;
        requests.splice(index, 1);
      }
      add(sentAt);
    },
    withdraw() {
      const at = last === null ? -1 : requests.lastIndexOf(last);
      if (at !== -1) requests.splice(at, 1);
      last = null;
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

/** Per DATA_DIR, the window as this process last knew it (what it admitted, and what it read). */
const remembered = new Map<string, readonly number[]>();

/** Each instant as many times as the list that holds it most often (the same request in both counts once). */
function mergeWindows(a: readonly number[], b: readonly number[]): number[] {
  const counts = new Map<number, number>();
  for (const list of [a, b]) {
    const here = new Map<number, number>();
    for (const at of list) here.set(at, (here.get(at) ?? 0) + 1);
    for (const [at, count] of here) counts.set(at, Math.max(counts.get(at) ?? 0, count));
  }
  return [...counts].flatMap(([at, count]) => Array.from({ length: count }, () => at));
}

/**
 * DATA_DIR's budget for one refresh: the schedule file's window merged with the one this process
 * remembers from earlier refreshes, and every admit or withdraw remembered at once (before the
 * request is sent, whatever happens to the files afterwards).
 */
export function requestBudgetOf(
  dataDir: string,
  perMinute: number,
  onDisk: readonly number[],
  now: () => number,
): RequestBudget {
  const budget = createRequestBudget(perMinute, mergeWindows(remembered.get(dataDir) ?? [], onDisk), now);
  const remember = (): void => void remembered.set(dataDir, budget.recent());
  remember();
  return {
    ...budget,
    admit() {
      const admitted = budget.admit();
      remember();
      return admitted;
    },
    withdraw() {
      budget.withdraw();
      remember();
    },
    reserve(count, at) {
      const taken = budget.reserve(count, at);
      remember();
      return taken;
    },
    settle(at, count, sentAt) {
      budget.settle(at, count, sentAt);
      remember();
    },
  };
}
