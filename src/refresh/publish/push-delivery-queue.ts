/**
 * The pushes waiting to go out: sent `concurrency` at a time, each raced against a deadline (a
 * push service that holds a request does not hold a slot for longer); a 429, a 5xx or no answer
 * is tried again after a growing delay (or the service's Retry-After), until the alert's TTL
 * would have passed anyway. Bounded: beyond MAX_QUEUED the oldest waiting pushes are dropped.
 * When the queue runs dry it logs one line of what happened since the last.
 */
/** Pushes waiting at most (10 alerts each to 100,000 subscriptions). */
export const MAX_QUEUED = 1_000_000;
/** Tries per push (the first and three more). */
const MAX_ATTEMPTS = 4;

export interface Delivery {
  /** The subscription's file (its record is read when the push goes out: none is held while it waits). */
  subscriptionFile: string;
  /** The teams whose followers the push is for (the same array for every delivery of one event). */
  teams: readonly string[];
  /** The message's JSON (the same string for every subscription of one event). */
  payload: string;
  urgency: 'high' | 'normal';
  queuedAt: number;
  attempt: number;
}

export type DeliveryOutcome =
  | { kind: 'delivered' }
  /** The push service no longer knows the subscription (404/410): it was forgotten. */
  | { kind: 'gone' }
  /** Unsubscribed, or no longer following the teams, since the push was queued: nothing sent. */
  | { kind: 'skipped' }
  | { kind: 'retry'; afterMs: number | null; reason: string }
  | { kind: 'failed'; reason: string };

export interface DeliveryQueueOptions {
  deliver: (delivery: Delivery) => Promise<DeliveryOutcome>;
  concurrency: number;
  deadlineMs: number;
  retryDelayMs: number;
  ttlMs: number;
  log: (line: string) => void;
  now?: () => number;
}

export interface DeliveryQueue {
  add(deliveries: readonly Delivery[]): void;
  idle(): Promise<void>;
  stop(): void;
}

interface Tally {
  delivered: number;
  gone: number;
  failed: number;
  retried: number;
  lastReason: string;
}

const emptyTally = (): Tally => ({ delivered: 0, gone: 0, failed: 0, retried: 0, lastReason: '' });

function formatTally(tally: Tally): string {
  const parts = [`${tally.delivered} entregue(s)`];
  if (tally.gone > 0) parts.push(`${tally.gone} inscrição(ões) vencida(s) removida(s)`);
  if (tally.retried > 0) parts.push(`${tally.retried} nova(s) tentativa(s)`);
  if (tally.failed > 0) parts.push(`${tally.failed} não entregue(s) (${tally.lastReason})`);
  return `alertas push: ${parts.join(', ')}.`;
}

export function createDeliveryQueue(options: DeliveryQueueOptions): DeliveryQueue {
  const now = options.now ?? Date.now;
  // Sent ones are cleared (undefined) behind `head` and the array dropped when the queue runs dry.
  let waiting: (Delivery | undefined)[] = [];
  let head = 0;
  let running = 0;
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  let tally = emptyTally();
  let waiters: (() => void)[] = [];

  const settleIfIdle = (): void => {
    if (running > 0 || head < waiting.length || timers.size > 0) return;
    waiting = [];
    head = 0;
    if (tally.delivered + tally.gone + tally.failed > 0) options.log(formatTally(tally));
    tally = emptyTally();
    for (const wake of waiters) wake();
    waiters = [];
  };

  const withDeadline = (delivery: Delivery): Promise<DeliveryOutcome> => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<DeliveryOutcome>((resolve) => {
      timer = setTimeout(
        () => resolve({ kind: 'retry', afterMs: null, reason: 'sem resposta no prazo' }),
        options.deadlineMs,
      );
    });
    const sent = options
      .deliver(delivery)
      .catch((error: unknown): DeliveryOutcome => ({ kind: 'failed', reason: String(error) }));
    return Promise.race([sent, deadline]).finally(() => clearTimeout(timer));
  };

  const retryLater = (delivery: Delivery, afterMs: number | null, reason: string): void => {
    const delay = afterMs ?? options.retryDelayMs * 2 ** delivery.attempt;
    const attempt = delivery.attempt + 1;
    if (stopped || attempt >= MAX_ATTEMPTS || now() + delay - delivery.queuedAt > options.ttlMs) {
      tally.failed += 1;
      tally.lastReason = reason;
      return;
    }
    tally.retried += 1;
    const timer = setTimeout(() => {
      timers.delete(timer);
      waiting.push({ ...delivery, attempt });
      pump();
    }, delay);
    timers.add(timer);
  };

  const run = async (delivery: Delivery): Promise<void> => {
    const outcome = await withDeadline(delivery);
    if (outcome.kind === 'delivered') tally.delivered += 1;
    else if (outcome.kind === 'gone') tally.gone += 1;
    else if (outcome.kind === 'retry') retryLater(delivery, outcome.afterMs, outcome.reason);
    else if (outcome.kind === 'failed') {
      tally.failed += 1;
      tally.lastReason = outcome.reason;
    }
  };

  function pump(): void {
    while (!stopped && running < options.concurrency && head < waiting.length) {
      const delivery = waiting[head];
      waiting[head] = undefined;
      head += 1;
      if (!delivery) continue;
      if (now() - delivery.queuedAt > options.ttlMs) {
        tally.failed += 1;
        tally.lastReason = 'alerta vencido antes do envio';
        continue;
      }
      running += 1;
      void run(delivery).finally(() => {
        running -= 1;
        pump();
      });
    }
    settleIfIdle();
  }

  return {
    add(deliveries) {
      if (stopped || deliveries.length === 0) return;
      for (const delivery of deliveries) waiting.push(delivery);
      const excess = waiting.length - head - MAX_QUEUED;
      if (excess > 0) {
        options.log(`aviso: fila de alertas push cheia: ${excess} alerta(s) mais antigos descartados.`);
        head += excess;
      }
      pump();
    },
    idle() {
      if (running === 0 && head >= waiting.length && timers.size === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      waiting = [];
      head = 0;
      settleIfIdle();
    },
  };
}
