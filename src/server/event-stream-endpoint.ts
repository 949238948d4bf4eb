/**
 * GET /api/eventos/stream: validate the filters and resume point (400), apply the connection
 * limits (429 per client, 503 in total, with Retry-After), count a filter the hub has not
 * evaluated yet as one search of the client's (429 past the search limit), then hand the
 * response to the event hub, which keeps it open as a Server-Sent Events stream. A client is
 * an IPv4 address or an IPv6 /64, as the search limit counts (rate-limit-key.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseEventStreamQuery } from '../lib/api/event-stream-query.ts';
import { EVENT_STREAM_CACHE_CONTROL } from '../lib/api/headers-policy.ts';
import { buildRateLimitedProblem, buildStreamsFullProblem, buildTooManyStreamsProblem } from '../lib/api/problem.ts';
import type { EventHub } from './event-hub.ts';
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
