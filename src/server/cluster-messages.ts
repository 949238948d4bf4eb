/**
 * What the cluster's primary and its workers tell each other over the IPC channel
 * (process.send). Both ends are this program, so the messages are typed, not validated;
 * isClusterMessage only tells them apart from anything else on the channel.
 */
import type { Worker } from 'node:cluster';
import type { RefreshReport } from '../pipeline/refresh-log.ts';

export type WorkerMessage =
  /** The worker's server listens (every worker shares the one port). */
  | { placar: 'listening'; url: string }
  /** The worker could not listen (port in use, …): a StartupError message. */
  | { placar: 'startup-error'; message: string }
  /** Lease up to `wanted` search tokens of a client's bucket (cluster-rate-limit.ts). */
  | { placar: 'rate-limit-lease'; id: number; client: string; wanted: number }
  /** Tokens of an expired lease that were not spent. */
  | { placar: 'rate-limit-return'; client: string; tokens: number }
  /** The worker serves the build `current` pointed at when it was told to reload (files and search index loaded). */
  | { placar: 'loaded' };

export type PrimaryMessage =
  /** A build was published: load it now (rather than at the next link check), then say 'loaded'. */
  | { placar: 'reload' }
  /** How the last refresh ended, for /healthz. */
  | { placar: 'refresh-finished'; report: RefreshReport }
  /** The lease: tokens granted, and the bucket after (remaining, seconds until the next token or full). */
  | { placar: 'rate-limit-leased'; id: number; granted: number; remaining: number; resetSeconds: number }
  /** Close the server (open requests finish) and exit. */
  | { placar: 'shutdown' };

export function isClusterMessage<T extends { placar: string }>(message: unknown): message is T {
  return typeof message === 'object' && message !== null && typeof (message as { placar?: unknown }).placar === 'string';
}

/** Sends to a worker; one that is exiting just misses the message (no EPIPE thrown). */
export function sendToWorker(worker: Worker, message: PrimaryMessage): void {
  if (worker.isConnected()) worker.send(message, () => undefined);
}

/** Sends to the primary; a primary that is gone just misses the message. */
export function sendToPrimary(message: WorkerMessage, done: () => void = () => undefined): void {
  if (process.send && process.connected) process.send(message, undefined, {}, () => done());
  else done();
}
