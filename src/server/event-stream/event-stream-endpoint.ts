/**
 * GET /api/eventos/stream: validate the filters and resume point (400); a request signed by
 * Pushpin (Grip-Sig, PUSHPIN_SIG_KEY) is answered for Pushpin to hold (grip-stream.ts); any
 * other, or one Pushpin cannot hold, gets the connection limits (429 per client, 503 in total,
 * with Retry-After), a filter the hub has not evaluated yet counted as one search of the
 * client's (429 past the search limit), then the event hub, which keeps it open as a
 * Server-Sent Events stream. A client is an IPv4 address or an IPv6 /64, as the search limit
 * counts (rate-limit-key.ts); through Pushpin, the one its X-Forwarded-For names
 * (forwarded-client.ts), and a new filter costs that client a search as well.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseEventStreamQuery, type EventStreamQuery } from '../../lib/api/event-stream-query.ts';
import { EVENT_STREAM_CACHE_CONTROL } from '../../lib/api/headers-policy.ts';
import { buildRateLimitedProblem, buildStreamsFullProblem, buildTooManyStreamsProblem } from '../../lib/api/problem.ts';
import type { EventHub } from './event-hub.ts';
import { forwardedClientAddress } from './forwarded-client.ts';
import { isSignedByPushpin } from './grip-signature.ts';
import { answerThroughPushpin, isFilterResolved } from './grip-stream.ts';
import { rateLimitKey } from '../limits/rate-limit-key.ts';
import { buildRateLimitHeaders, type RateLimiter } from '../limits/rate-limit.ts';
import { writeProblem } from '../respond.ts';

export const EVENT_STREAM_PATH = '/api/eventos/stream';
/** A client over its own limit waits for one of its streams to end; a full server, a little less. */
const PER_IP_RETRY_SECONDS = 30;
const FULL_RETRY_SECONDS = 10;

export interface EventStreamLimits {
  perIp: number;
  /** Counts each filter the hub has not evaluated yet (SEARCH_RATE_LIMIT's buckets). */
  rateLimiter: RateLimiter;
  /** Pushpin's sig_key (PUSHPIN_SIG_KEY): requests it signed are answered for it to hold; null: none. */
  pushpinSigKey: Buffer | null;
}

function refuse(req: IncomingMessage, res: ServerResponse, hub: EventHub, client: string, perIp: number): boolean {
  const refusal = hub.refusal(client);
  if (refusal === 'per-ip') {
    const problem = buildTooManyStreamsProblem(EVENT_STREAM_PATH, perIp, PER_IP_RETRY_SECONDS);
    writeProblem(req, res, problem, { 'Retry-After': String(PER_IP_RETRY_SECONDS) });
  } else if (refusal === 'full') {
    writeProblem(req, res, buildStreamsFullProblem(EVENT_STREAM_PATH, FULL_RETRY_SECONDS), {
      'Retry-After': String(FULL_RETRY_SECONDS),
    });
  }
  return refusal !== null;
}

/** 429 (true) when the client's bucket has no token left for a new filter. */
async function refuseNewFilter(
  req: IncomingMessage,
  res: ServerResponse,
  rateLimiter: RateLimiter,
  address: string,
): Promise<boolean> {
  const decision = await rateLimiter.check(address);
  if (!decision || decision.allowed) return false;
  writeProblem(req, res, buildRateLimitedProblem(EVENT_STREAM_PATH, decision.resetSeconds), {
    ...buildRateLimitHeaders(decision),
    'Retry-After': String(decision.resetSeconds),
  });
  return true;
}

/**
 * A stream Pushpin asks for: 'answered' (held, or refused), else left to the direct stream
 * ('charged' when its new filter was counted already). A new one (no Grip-Last: not Pushpin asking
 * again) whose filter is not resolved yet costs its client one token, as a direct one does.
 */
async function answerSignedStream(
  req: IncomingMessage,
  res: ServerResponse,
  hub: EventHub,
  query: EventStreamQuery,
  limits: EventStreamLimits & { address: string },
): Promise<'answered' | 'charged' | 'direct'> {
  const view = hub.view();
  const charged = req.headers['grip-last'] === undefined && !isFilterResolved(view, query);
  if (charged && (await refuseNewFilter(req, res, limits.rateLimiter, limits.address))) return 'answered';
  if (answerThroughPushpin(req, res, view, query) === 'held') return 'answered';
  return charged ? 'charged' : 'direct';
}

export async function answerEventStream(
  req: IncomingMessage,
  res: ServerResponse,
  hub: EventHub,
  search: string,
  limits: EventStreamLimits,
): Promise<void> {
  const header = req.headers['last-event-id'];
  const parsed = parseEventStreamQuery(search, Array.isArray(header) ? header[0] : header, EVENT_STREAM_PATH);
  if (!parsed.ok) return writeProblem(req, res, parsed.problem);
  // Through Pushpin the connection is Pushpin's and X-Forwarded-For names the client.
  const signed = req.method === 'GET' && isSignedByPushpin(req, limits.pushpinSigKey);
  const address = signed ? forwardedClientAddress(req) : (req.socket.remoteAddress ?? 'desconhecido');
  // Pushpin holds the connection: its clients count against the front's connection limits, not these.
  const through = signed ? await answerSignedStream(req, res, hub, parsed.query, { ...limits, address }) : 'direct';
  if (through === 'answered') return;
  const client = rateLimitKey(address);
  if (refuse(req, res, hub, client, limits.perIp)) return;
  if (through !== 'charged' && hub.needsNewFilter(parsed.query)) {
    if (await refuseNewFilter(req, res, limits.rateLimiter, address)) return;
    // Other streams may have opened while the limiter answered.
    if (refuse(req, res, hub, client, limits.perIp)) return;
  }
  if (req.method === 'HEAD') {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': EVENT_STREAM_CACHE_CONTROL,
      'X-Accel-Buffering': 'no',
    });
    return void res.end();
  }
  hub.attach(res, client, parsed.query);
}
