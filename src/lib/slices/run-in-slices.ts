/**
 * Runs a step generator (src/lib/model/steps.ts) between requests: after each SLICE_MS of work it
 * lets the event loop answer what arrived meanwhile, then goes on. The refresh runs in the
 * serving process this way, so a request waits for about one slice, never for a whole parse or
 * index build.
 */
import type { Steps } from '../model/steps.ts';

/** Work between two turns of the event loop: a few ms, far below a request's own time. */
export const SLICE_MS = 4;

export async function runInSlices<T>(steps: Steps<T>, sliceMs = SLICE_MS): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await yieldToRequests();
      sliceStart = performance.now();
    }
  }
}

/**
 * Lets requests in between two pieces of work. One setImmediate would not do from an I/O callback:
 * it runs in the same turn's check phase, before the loop polls again; two always span a poll.
 */
export function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}
