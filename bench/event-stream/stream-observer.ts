/** The bench's side of the observer process (stream-observer-child.ts) and of the other IPC children of group 9. */
import { type ChildProcess, fork } from 'node:child_process';
import { watchChild, type WatchedChild } from '../../harness/watched-child.ts';
import type { ObservedSwap } from './stream-observer-child.ts';

export type { ObservedSwap };

/** The observer process: its stream opened last, its own timing of a swap. */
export interface StreamObserver {
  /** (Re)opens its stream, so it is the last the server writes to. */
  open(): Promise<void>;
  /** Starts watching the next swap; resolves once watching, with what it will observe. */
  arm(): Promise<{ observed: Promise<ObservedSwap> }>;
  close(): Promise<unknown>;
}

/** The child's next IPC message; an error if it exits first. */
export function nextMessage(child: ChildProcess, who: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const exited = (code: number | null): void => reject(new Error(`${who} saiu com ${code}`));
    child.once('exit', exited);
    child.once('message', (message) => {
      child.off('exit', exited);
      resolve(message);
    });
  });
}

/** A bench child speaking IPC, its output shown with the bench's; stopped as every child is (watched-child.ts). */
export function forkBenchChild(file: string, args: readonly string[], name: string): WatchedChild {
  return watchChild(fork(file, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }), { name });
}

/** Observes the stream at `baseUrl`, timing each swap of `link`. */
export function startStreamObserver(baseUrl: string, link: string): StreamObserver {
  const watched = forkBenchChild('bench/event-stream/stream-observer-child.ts', [baseUrl, link], 'observador');
  const child = watched.process;
  const next = (): Promise<unknown> => nextMessage(child, 'observador');
  return {
    async open() {
      const opened = next();
      child.send('open');
      await opened;
    },
    async arm() {
      const armed = next();
      child.send('arm');
      await armed;
      return { observed: next() as Promise<ObservedSwap> };
    },
    close: () => watched.stop(),
  };
}
