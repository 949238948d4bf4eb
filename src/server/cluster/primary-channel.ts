/**
 * A worker's IPC channel to its primary. One listener validates each message once (zod) and hands it to every part
 * of the worker that listens (its own reload and shutdown, the rate limiter's leases, the searches): each picks the
 * kinds it handles. A bad message is logged once and goes no further.
 */
import { readPrimaryMessage, sendToPrimary, type PrimaryMessage, type WorkerMessage } from './cluster-messages.ts';

/** The worker's end of a process.send channel: `process` in a worker, an EventEmitter in a test. */
export interface IpcEndpoint {
  on(event: 'message', listener: (message: unknown) => void): unknown;
  once(event: 'disconnect', listener: () => void): unknown;
}

export interface PrimaryChannel {
  /** `done` once the message is handed to the channel (or the primary is gone). */
  send(message: WorkerMessage, done?: () => void): void;
  onMessage(listener: (message: PrimaryMessage) => void): void;
  onDisconnect(listener: () => void): void;
}

export interface PrimaryChannelOptions {
  log?: (line: string) => void;
  endpoint?: IpcEndpoint;
  send?: (message: WorkerMessage, done?: () => void) => void;
}

export function createPrimaryChannel(options: PrimaryChannelOptions = {}): PrimaryChannel {
  const { log, endpoint = process, send = sendToPrimary } = options;
  const listeners: ((message: PrimaryMessage) => void)[] = [];
  endpoint.on('message', (received) => {
    const message = readPrimaryMessage(received, log);
    if (message) for (const listener of listeners) listener(message);
  });
  return {
    send,
    onMessage: (listener) => listeners.push(listener),
    onDisconnect: (listener) => endpoint.once('disconnect', listener),
  };
}
