/**
 * `work`, or `failure()` once `signal` aborts — for work that takes no signal of its own (Astro's
 * render). The abort listener goes when `work` settles: racing each render against one promise that
 * stays pending until the build's deadline (Promise.race) kept every rendered body alive until then,
 * 30 builds' worth at a refresh a second.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal, failure: () => Error): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(failure());
  }
  return new Promise<T>((resolve, reject) => {
    const abandon = (): void => reject(failure());
    signal.addEventListener('abort', abandon, { once: true });
    const settle = (): void => signal.removeEventListener('abort', abandon);
    work.then(
      (value) => {
        settle();
        resolve(value);
      },
      (error: unknown) => {
        settle();
        reject(error);
      },
    );
  });
}
