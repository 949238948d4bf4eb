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
  return new PushDeliveryQueue(options);
}

/** The queue's state and its steps: taking pushes in, sending them, retrying them, telling when it ran dry. */
class PushDeliveryQueue implements DeliveryQueue {
  private readonly options: DeliveryQueueOptions;
  private readonly now: () => number;
  // Sent ones are cleared (undefined) behind `head` and the array dropped when the queue runs dry.
  private waiting: (Delivery | undefined)[] = [];
  private head = 0;
  private running = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;
  private tally = emptyTally();
  private waiters: (() => void)[] = [];

  constructor(options: DeliveryQueueOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
  }

  add(deliveries: readonly Delivery[]): void {
    if (this.stopped || deliveries.length === 0) return;
    for (const delivery of deliveries) this.waiting.push(delivery);
    const excess = this.waiting.length - this.head - MAX_QUEUED;
    if (excess > 0) {
      this.options.log(`aviso: fila de alertas push cheia: ${excess} alerta(s) mais antigos descartados.`);
      this.head += excess;
    }
    this.pump();
  }

  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.waiting = [];
    this.head = 0;
    this.settleIfIdle();
  }

  private isIdle(): boolean {
    return this.running === 0 && this.head >= this.waiting.length && this.timers.size === 0;
  }

  /** Starts waiting pushes while a slot is free; one past its TTL already is not sent. */
  private pump(): void {
    while (!this.stopped && this.running < this.options.concurrency && this.head < this.waiting.length) {
      const delivery = this.waiting[this.head];
      this.waiting[this.head] = undefined;
      this.head += 1;
      if (!delivery) continue;
      if (this.now() - delivery.queuedAt > this.options.ttlMs) {
        this.countFailure('alerta vencido antes do envio');
        continue;
      }
      this.running += 1;
      void this.send(delivery).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
    this.settleIfIdle();
  }

  private async send(delivery: Delivery): Promise<void> {
    const outcome = await this.withDeadline(delivery);
    if (outcome.kind === 'delivered') this.tally.delivered += 1;
    else if (outcome.kind === 'gone') this.tally.gone += 1;
    else if (outcome.kind === 'retry') this.retryLater(delivery, outcome.afterMs, outcome.reason);
    else if (outcome.kind === 'failed') this.countFailure(outcome.reason);
  }

  /** A push service that holds the request past the deadline frees the slot: the push is tried again. */
  private withDeadline(delivery: Delivery): Promise<DeliveryOutcome> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<DeliveryOutcome>((resolve) => {
      timer = setTimeout(
        () => resolve({ kind: 'retry', afterMs: null, reason: 'sem resposta no prazo' }),
        this.options.deadlineMs,
      );
    });
    const sent = this.options
      .deliver(delivery)
      .catch((error: unknown): DeliveryOutcome => ({ kind: 'failed', reason: String(error) }));
    return Promise.race([sent, deadline]).finally(() => clearTimeout(timer));
  }

  /** Back in the queue after a growing delay (or the service's), unless tries or the alert's TTL would run out. */
  private retryLater(delivery: Delivery, afterMs: number | null, reason: string): void {
    const delay = afterMs ?? this.options.retryDelayMs * 2 ** delivery.attempt;
    const attempt = delivery.attempt + 1;
    if (this.stopped || attempt >= MAX_ATTEMPTS || this.now() + delay - delivery.queuedAt > this.options.ttlMs) {
      this.countFailure(reason);
      return;
    }
    this.tally.retried += 1;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.waiting.push({ ...delivery, attempt });
      this.pump();
    }, delay);
    this.timers.add(timer);
  }

  private countFailure(reason: string): void {
    this.tally.failed += 1;
    this.tally.lastReason = reason;
  }

  /** Once nothing waits, runs or is due again: the array is dropped, the tally logged, `idle()` answered. */
  private settleIfIdle(): void {
    if (!this.isIdle()) return;
    this.waiting = [];
    this.head = 0;
    const { tally } = this;
    if (tally.delivered + tally.gone + tally.failed > 0) this.options.log(formatTally(tally));
    this.tally = emptyTally();
    for (const wake of this.waiters) wake();
    this.waiters = [];
  }
}
