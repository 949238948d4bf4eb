/**
 * A long computation written as a generator that yields between small units of work (a chunk
 * of a page, a candidate, a few hundred matches). Pure code yields; whoever runs it decides what
 * happens in between: nothing (finishSteps, a CLI), or the event loop's other work (the server
 * runs refresh steps in slices between requests, src/lib/slices/run-in-slices.ts).
 */
export type Steps<T> = Generator<void, T, undefined>;

/** Runs `steps` to the end at once. */
export function finishSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}
