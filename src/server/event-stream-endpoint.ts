/**
 * GET /api/eventos/stream: validate the filters and resume point (400); a request signed by
 * Pushpin (Grip-Sig, PUSHPIN_SIG_KEY) is answered for Pushpin to hold (grip-stream.ts); any
 * other, or one Pushpin cannot hold, gets the connection limits (429 per client, 503 in total,
 * with Retry-After), a filter the hub has not evaluated yet counted as one search of the
 * client's (429 past the search limit), then the event hub, which keeps it open as a
 * Server-Sent Events stream. A client is an IPv4 address or an IPv6 /64, as the search limit
 * counts (rate-limit-key.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseEventStreamQuery } from '../lib/api/event-stream-query.ts';
import { EVENT_STREAM_CACHE_CONTROL } from '../lib/api/headers-policy.ts';
import { buildRateLimitedProblem, buildStreamsFullProblem, buildTooManyStreamsProblem } from '../lib/api/problem.ts';
import type { EventHub } from './event-hub.ts';
import { isGripSignatureValid } from './grip-signature.ts';
import { answerThroughPushpin } from './grip-stream.ts';
import { rateLimitKey } from './rate-limit-key.ts';
import { buildRateLimitHeaders, type RateLimiter } from './rate-limit.ts';
import { writeProblem } from './respond.ts';

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

function isSignedByPushpin(req: IncomingMessage, key: Buffer | null): boolean {
  const signature = req.headers['grip-sig'];
  return (
    key !== null &&
    req.method === 'GET' &&
    isGripSignatureValid(Array.isArray(signature) ? signature[0] : signature, key, Date.now())
  );
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
  // Pushpin holds the connection: its clients count against the front's limits, not these.
  if (
    isSignedByPushpin(req, limits.pushpinSigKey) &&
    answerThroughPushpin(req, res, hub.view(), parsed.query) === 'held'
  )
    return;
  const address = req.socket.remoteAddress ?? 'desconhecido';
  const client = rateLimitKey(address);
  if (refuse(req, res, hub, client, limits.perIp)) return;
  if (hub.needsNewFilter(parsed.query)) {
    const decision = await limits.rateLimiter.check(address);
    if (decision && !decision.allowed) {
      return writeProblem(req, res, buildRateLimitedProblem(EVENT_STREAM_PATH, decision.resetSeconds), {
        ...buildRateLimitHeaders(decision),
        'Retry-After': String(decision.resetSeconds),
      });
    }
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
