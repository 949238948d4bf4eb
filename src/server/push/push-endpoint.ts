/**
 * GET /api/push (the VAPID public key a browser subscribes with) and POST/DELETE
 * /api/push/inscricoes (keep or forget a subscription and its teams), as ../API.md's "Push"
 * says. Each write counts in the client's rate-limit bucket (the one of /api/busca); a body is
 * read up to PUSH_BODY_MAX_BYTES and no further; every refusal is a problem+json. Only teams Placar
 * has seen may be followed, and a kept endpoint changes or goes only with its auth secret (the
 * browser holding it). A new one is kept only once its push service took a welcome push. A full disk is a 503 with
 * Retry-After, as a full list. Push off (no
 * VAPID_SUBJECT): both paths answer 404.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NO_STORE } from '../../lib/api/headers-policy.ts';
import {
  buildBadPushBodyProblem,
  buildPushFullProblem,
  buildPushMethodProblem,
  buildNotSubscriptionHolderProblem,
  buildPushDiskFullProblem,
  buildPushOffProblem,
  buildPushRateLimitedProblem,
  buildUnknownTeamsProblem,
  buildWelcomeRefusedProblem,
  buildWelcomeUnreachableProblem,
} from '../../lib/api/push-problems.ts';
import {
  PUSH_BODY_MAX_BYTES,
  provesSubscription,
  readSubscribeBody,
  readUnsubscribeBody,
} from '../../lib/api/push-subscription-request.ts';
import { errorCode } from '../../lib/model/caught-error.ts';
import type { WelcomePush } from '../../lib/model/push-subscription.ts';
import {
  pushSubscriptionsFull,
  readPushSubscription,
  removePushSubscription,
  savePushSubscription,
} from '../../lib/store/push/push-subscriptions.ts';
import type { KnownTeams } from '../../lib/store/scraped/known-teams.ts';
import { buildRateLimitHeaders, type RateLimiter } from '../limits/rate-limit.ts';
import { writeJson, writeProblem } from '../respond.ts';

export const PUSH_PATH = '/api/push';
export const PUSH_SUBSCRIPTIONS_PATH = '/api/push/inscricoes';
const SUBSCRIPTION_METHODS = 'POST, DELETE';
/** Seconds a client is told to wait when the subscriptions are full. */
const FULL_RETRY_SECONDS = 3600;
/** …and when the disk has no room for one more (the operator frees it). */
const DISK_FULL_RETRY_SECONDS = 300;
/** …and when the push service did not take the welcome push (it may in a moment). */
const WELCOME_RETRY_SECONDS = 60;

export interface PushApi {
  dataDir: string;
  /** The VAPID public key (base64url); null: push is off. */
  publicKey: string | null;
  serviceOrigins: readonly string[];
  maxSubscriptions: number;
  /** The team names a subscription may follow. */
  knownTeams: KnownTeams;
  /** A new subscription's welcome push, which its push service must take before it is kept (null: none sent). */
  welcome: WelcomePush | null;
}

export function isPushPath(path: string): boolean {
  return path === PUSH_PATH || path === PUSH_SUBSCRIPTIONS_PATH;
}

type BodyReading = { kind: 'body'; text: string } | { kind: 'too-large' } | { kind: 'not-json' };

function isJsonContentType(value: string | undefined): boolean {
  const type = value?.split(';')[0]?.trim().toLowerCase();
  return type === 'application/json';
}

/** The request's body as text, or why it is not read: never more than PUSH_BODY_MAX_BYTES held. */
function readBody(req: IncomingMessage): Promise<BodyReading> {
  if (!isJsonContentType(req.headers['content-type'])) return Promise.resolve({ kind: 'not-json' });
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > PUSH_BODY_MAX_BYTES) return Promise.resolve({ kind: 'too-large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > PUSH_BODY_MAX_BYTES) {
        req.pause();
        resolve({ kind: 'too-large' });
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve({ kind: 'body', text: Buffer.concat(chunks).toString('utf8') }));
    req.on('error', () => resolve({ kind: 'too-large' }));
  });
}

/** A refusal before the whole body was read: the connection closes after the answer (the rest is not wanted). */
function refuseBody(req: IncomingMessage, res: ServerResponse, reading: BodyReading): void {
  const detail =
    reading.kind === 'not-json'
      ? 'Envie o corpo como JSON (Content-Type: application/json).'
      : `O corpo passa de ${PUSH_BODY_MAX_BYTES} bytes: envie só a inscrição e os times.`;
  const headers: Record<string, string> = reading.kind === 'too-large' ? { Connection: 'close' } : {};
  writeProblem(req, res, buildBadPushBodyProblem(PUSH_SUBSCRIPTIONS_PATH, detail), headers);
}

/** A write the disk had no room for: the client may try again later, as with a full list. */
function isDiskFull(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ENOSPC' || code === 'EDQUOT';
}

async function removeSubscription(
  req: IncomingMessage,
  res: ServerResponse,
  api: PushApi,
  text: string,
): Promise<void> {
  const removal = readUnsubscribeBody(text, api.serviceOrigins);
  if (!removal.ok) return writeProblem(req, res, buildBadPushBodyProblem(PUSH_SUBSCRIPTIONS_PATH, removal.detail));
  const kept = await readPushSubscription(api.dataDir, removal.value.endpoint);
  if (kept && !provesSubscription(kept, removal.value.auth))
    return writeProblem(req, res, buildNotSubscriptionHolderProblem(PUSH_SUBSCRIPTIONS_PATH));
  await removePushSubscription(api.dataDir, removal.value.endpoint);
  res.writeHead(204, { 'Cache-Control': NO_STORE, 'Content-Length': '0' });
  res.end();
}

async function keepSubscription(req: IncomingMessage, res: ServerResponse, api: PushApi, text: string): Promise<void> {
  const record = readSubscribeBody(text, api.serviceOrigins);
  if (!record.ok) return writeProblem(req, res, buildBadPushBodyProblem(PUSH_SUBSCRIPTIONS_PATH, record.detail));
  const unknown = api.knownTeams.unknownOf(record.value.teams);
  if (unknown.length > 0) return writeProblem(req, res, buildUnknownTeamsProblem(PUSH_SUBSCRIPTIONS_PATH, unknown));
  const kept = await readPushSubscription(api.dataDir, record.value.endpoint);
  if (kept && !provesSubscription(kept, record.value.keys.auth))
    return writeProblem(req, res, buildNotSubscriptionHolderProblem(PUSH_SUBSCRIPTIONS_PATH));
  const full = (): void => {
    const retry = { 'Retry-After': String(FULL_RETRY_SECONDS) };
    writeProblem(req, res, buildPushFullProblem(PUSH_SUBSCRIPTIONS_PATH, FULL_RETRY_SECONDS), retry);
  };
  if (!kept && api.welcome) {
    // Counted only once its push service took a push: an endpoint no browser holds is never kept.
    if (await pushSubscriptionsFull(api.dataDir, api.maxSubscriptions)) return full();
    const welcome = await api.welcome(record.value);
    if (welcome.kind === 'refused')
      return writeProblem(req, res, buildWelcomeRefusedProblem(PUSH_SUBSCRIPTIONS_PATH, welcome.status));
    if (welcome.kind === 'unreachable') {
      const retry = { 'Retry-After': String(WELCOME_RETRY_SECONDS) };
      return writeProblem(
        req,
        res,
        buildWelcomeUnreachableProblem(PUSH_SUBSCRIPTIONS_PATH, WELCOME_RETRY_SECONDS),
        retry,
      );
    }
  }
  const outcome = await savePushSubscription(api.dataDir, record.value, api.maxSubscriptions);
  if (outcome === 'full') return full();
  const body = { endpoint: record.value.endpoint, times: record.value.teams };
  writeJson(req, res, outcome === 'created' ? 201 : 200, body, { 'Cache-Control': NO_STORE });
}

async function changeSubscription(req: IncomingMessage, res: ServerResponse, api: PushApi): Promise<void> {
  const reading = await readBody(req);
  if (reading.kind !== 'body') return refuseBody(req, res, reading);
  try {
    if (req.method === 'DELETE') await removeSubscription(req, res, api, reading.text);
    else await keepSubscription(req, res, api, reading.text);
  } catch (error) {
    if (!isDiskFull(error)) throw error;
    const retry = { 'Retry-After': String(DISK_FULL_RETRY_SECONDS) };
    writeProblem(req, res, buildPushDiskFullProblem(PUSH_SUBSCRIPTIONS_PATH, DISK_FULL_RETRY_SECONDS), retry);
  }
}

export async function answerPush(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  api: PushApi | null,
  rateLimiter: RateLimiter,
): Promise<void> {
  const publicKey = api?.publicKey ?? null;
  if (!api || publicKey === null) return writeProblem(req, res, buildPushOffProblem(path));
  const method = req.method ?? 'GET';
  if (path === PUSH_PATH) {
    if (method !== 'GET' && method !== 'HEAD')
      return writeProblem(req, res, buildPushMethodProblem(path, method), { Allow: 'GET, HEAD' });
    return writeJson(req, res, 200, { publicKey }, { 'Cache-Control': 'no-cache' });
  }
  if (method !== 'POST' && method !== 'DELETE')
    return writeProblem(req, res, buildPushMethodProblem(path, method), { Allow: SUBSCRIPTION_METHODS });
  const decision = await rateLimiter.check(req.socket.remoteAddress ?? 'desconhecido');
  if (decision && !decision.allowed) {
    const headers = { ...buildRateLimitHeaders(decision), 'Retry-After': String(decision.resetSeconds) };
    return writeProblem(req, res, buildPushRateLimitedProblem(path, decision.resetSeconds), headers);
  }
  if (decision) for (const [name, value] of Object.entries(buildRateLimitHeaders(decision))) res.setHeader(name, value);
  await changeSubscription(req, res, api);
}
