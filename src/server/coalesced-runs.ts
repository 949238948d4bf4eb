/**
 * One run at a time of a "bring up to date" task (load the current build, prepare the current
 * snapshot): a call during a run is answered by one more run right after it, however many calls
 * came meanwhile, so what changed during a run is never missed and never done twice at once.
 */
export function coalescedRuns(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await run();
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  };
}
