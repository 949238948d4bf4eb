/**
 * GET /api/eventos/stream: validate the filters and resume point (400); a request signed by
 * Pushpin (Grip-Sig, PUSHPIN_SIG_KEY) is answered for Pushpin to hold (grip-stream.ts); any
 * other, or one Pushpin cannot hold, gets the connection limits (429 per client IP, 503 in
 * total, with Retry-After), then the event hub, which keeps it open as a Server-Sent Events stream.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseEventStreamQuery } from '../lib/api/event-stream-query.ts';
import { EVENT_STREAM_CACHE_CONTROL } from '../lib/api/headers-policy.ts';
import { buildStreamsFullProblem, buildTooManyStreamsProblem } from '../lib/api/problem.ts';
import type { EventHub } from './event-hub.ts';
import { isGripSignatureValid } from './grip-signature.ts';
import { answerThroughPushpin } from './grip-stream.ts';
import { writeProblem } from './respond.ts';

export const EVENT_STREAM_PATH = '/api/eventos/stream';
/** A client over its own limit waits for one of its streams to end; a full server, a little less. */
const PER_IP_RETRY_SECONDS = 30;
const FULL_RETRY_SECONDS = 10;

export function answerEventStream(
  req: IncomingMessage,
  res: ServerResponse,
  hub: EventHub,
  search: string,
  perIpLimit: number,
  pushpinSigKey: Buffer | null = null,
): void {
  const header = req.headers['last-event-id'];
  const parsed = parseEventStreamQuery(search, Array.isArray(header) ? header[0] : header, EVENT_STREAM_PATH);
  if (!parsed.ok) return writeProblem(req, res, parsed.problem);
  const signature = req.headers['grip-sig'];
  const viaPushpin =
    pushpinSigKey !== null &&
    req.method === 'GET' &&
    isGripSignatureValid(Array.isArray(signature) ? signature[0] : signature, pushpinSigKey, Date.now());
  if (viaPushpin && answerThroughPushpin(req, res, hub.view(), parsed.query) === 'held') return;
  const ip = req.socket.remoteAddress ?? 'desconhecido';
  const refusal = hub.refusal(ip);
  if (refusal === 'per-ip') {
    const problem = buildTooManyStreamsProblem(EVENT_STREAM_PATH, perIpLimit, PER_IP_RETRY_SECONDS);
    return writeProblem(req, res, problem, { 'Retry-After': String(PER_IP_RETRY_SECONDS) });
  }
  if (refusal === 'full') {
    return writeProblem(req, res, buildStreamsFullProblem(EVENT_STREAM_PATH, FULL_RETRY_SECONDS), {
      'Retry-After': String(FULL_RETRY_SECONDS),
    });
  }
  if (req.method === 'HEAD') {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': EVENT_STREAM_CACHE_CONTROL,
      'X-Accel-Buffering': 'no',
    });
    return void res.end();
  }
  hub.attach(res, ip, parsed.query);
}
