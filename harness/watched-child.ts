/**
 * What a spawned helper (nginx, pushpin) printed on stdout and stderr, and whether it has exited:
 * what the test supports need to wait for it to listen and to say why it did not.
 */
import type { ChildProcess } from 'node:child_process';

export interface WatchedChild {
  output: () => string;
  exited: Promise<void>;
  hasExited: () => boolean;
}

export function watchChild(child: ChildProcess): WatchedChild {
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Node sets one of the two before 'exit' is emitted.
  const hasExited = (): boolean => child.exitCode !== null || child.signalCode !== null;
  return { output: () => printed, exited, hasExited };
}
