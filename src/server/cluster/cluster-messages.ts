/**
 * What the cluster's primary and its workers tell each other over the IPC channel
 * (process.send). Both ends are this program, but what arrives on a channel is outside data:
 * each message is validated (zod) where it is received, and anything else is ignored with a log
 * line — a bad message never crashes a process.
 */
import type { Worker } from 'node:cluster';
import { z } from 'zod';
import { REFRESH_OUTCOMES } from '../../lib/model/refresh-outcome.ts';
import { SEARCH_QUERY_MAX } from '../../lib/api/search-query.ts';
import { SEARCH_RESULTS_MAX } from '../../lib/model/search-results.ts';

/** Ids, token counts and seconds: whole numbers, never negative. */
const natural = z.number().int().nonnegative();

/**
 * A search answer's JSON text at most: 64 Ki characters for each of SEARCH_RESULTS_MAX matches, more than a match
 * with every field at its model bound and every character escaped. The room is generous; it is there so that no
 * message can make a worker hold an unbounded text.
 */
export const SEARCH_ANSWER_MAX_CHARS = SEARCH_RESULTS_MAX * 64 * 1024;

const WorkerMessageSchema = z.discriminatedUnion('placar', [
  /** The worker's server listens (every worker shares the one port). */
  z.object({ placar: z.literal('listening'), url: z.string() }),
  /** The worker could not listen (port in use, …): a StartupError message. */
  z.object({ placar: z.literal('startup-error'), message: z.string() }),
  /** Lease up to `wanted` search tokens of a client's bucket (cluster-rate-limit.ts). */
  z.object({ placar: z.literal('rate-limit-lease'), id: natural, client: z.string(), wanted: natural }),
  /** Tokens of an expired lease that were not spent. */
  z.object({ placar: z.literal('rate-limit-return'), client: z.string(), tokens: natural }),
  /** The worker serves the build `current` named when it was told to reload (its files loaded). */
  z.object({ placar: z.literal('loaded') }),
  /** Search the primary's snapshot for `q` (already validated by the worker; primary-search.ts). */
  // SEARCH_QUERY_MAX counts code points: up to two UTF-16 units each.
  z.object({ placar: z.literal('search'), id: natural, q: z.string().max(2 * SEARCH_QUERY_MAX) }),
  /** Send a new subscription its welcome push (already validated by the worker; primary-welcome.ts). */
  z.object({
    placar: z.literal('welcome-push'),
    id: natural,
    endpoint: z.string().max(2000),
    keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(200) }),
    teams: z.array(z.string().max(200)).max(50),
  }),
]);
export type WorkerMessage = z.infer<typeof WorkerMessageSchema>;

/** What a worker's /healthz says of the last refresh (the primary ran it). */
const RefreshEndSchema = z.object({ outcome: z.enum(REFRESH_OUTCOMES), error: z.string().nullable() });
export type RefreshEnd = z.infer<typeof RefreshEndSchema>;

const PrimaryMessageSchema = z.discriminatedUnion('placar', [
  /** A build was published: load it now (rather than at the next link check), then say 'loaded'. */
  z.object({ placar: z.literal('reload') }),
  /** How the last refresh ended, for /healthz. */
  z.object({ placar: z.literal('refresh-finished'), report: RefreshEndSchema }),
  /** The lease: tokens granted, and the bucket after (remaining, seconds until the next token or full). */
  z.object({
    placar: z.literal('rate-limit-leased'),
    id: natural,
    granted: natural,
    remaining: natural,
    resetSeconds: natural,
  }),
  /** What a worker's search found: the answer's JSON text and Last-Modified; null before there is a snapshot. */
  z.object({
    placar: z.literal('search-found'),
    id: natural,
    found: z.object({ text: z.string().max(SEARCH_ANSWER_MAX_CHARS), lastModified: z.string().max(40) }).nullable(),
  }),
  /** What the push service did with a worker's welcome push `id`. */
  z.object({
    placar: z.literal('welcome-pushed'),
    id: natural,
    outcome: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('accepted') }),
      z.object({ kind: z.literal('refused'), status: natural }),
      z.object({ kind: z.literal('unreachable'), reason: z.string().max(2000) }),
    ]),
  }),
  /** Close the server (open requests finish) and exit. */
  z.object({ placar: z.literal('shutdown') }),
]);
export type PrimaryMessage = z.infer<typeof PrimaryMessageSchema>;

type Log = (line: string) => void;

function readMessage<T>(schema: z.ZodType<T>, message: unknown, sender: string, log: Log | undefined): T | null {
  const parsed = schema.safeParse(message);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  log?.(`aviso: mensagem inválida ${sender} ignorada (${where}${issue?.message ?? 'formato desconhecido'})`);
  return null;
}

/**
 * A worker's message as the primary receives it; null for anything else. Pass `log` in the one
 * listener that reports bad messages (other listeners of the same channel pass none: one line each).
 */
export function readWorkerMessage(message: unknown, log?: Log): WorkerMessage | null {
  return readMessage(WorkerMessageSchema, message, 'de um processo do servidor', log);
}

/** The primary's message as a worker receives it; null for anything else (logged when `log` is given). */
export function readPrimaryMessage(message: unknown, log?: Log): PrimaryMessage | null {
  return readMessage(PrimaryMessageSchema, message, 'do processo principal', log);
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
