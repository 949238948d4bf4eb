/**
 * When the cluster primary replaces a dead worker: after a delay that doubles with each crash
 * in the recent window (capped), so a worker that dies at start does not spin a core forking;
 * and not at all after too many crashes in that window — something is wrong that restarting
 * will not fix, and an operator (or the service manager's own policy) must look.
 */
export interface WorkerRestartLimits {
  /** This many crashes within windowMs: give up. */
  maxCrashes: number;
  windowMs: number;
  /** Delay after a lone crash; doubled for each other crash in the window. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const WORKER_RESTART_LIMITS: WorkerRestartLimits = {
  maxCrashes: 5,
  windowMs: 60_000,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
};

export type RestartDecision = { restart: true; delayMs: number } | { restart: false; crashes: number };

export interface WorkerRestartPolicy {
  /** Records a crash at `nowMs` and says what to do about it. */
  recordCrash(nowMs: number): RestartDecision;
}

export function createWorkerRestartPolicy(limits: WorkerRestartLimits = WORKER_RESTART_LIMITS): WorkerRestartPolicy {
  let crashes: number[] = [];
  return {
    recordCrash(nowMs) {
      crashes = [...crashes.filter((at) => nowMs - at < limits.windowMs), nowMs];
      if (crashes.length >= limits.maxCrashes) return { restart: false, crashes: crashes.length };
      return { restart: true, delayMs: Math.min(limits.maxDelayMs, limits.baseDelayMs * 2 ** (crashes.length - 1)) };
    },
  };
}
