/**
 * Sends one push that web-push built (encrypted body, TTL, Urgency, Authorization): node:https
 * POSTs it to the endpoint as the WHATWG URL parser reads it — the same parser that checked the
 * endpoint's origin when the subscription came in (web-push's own sender reads it with the
 * legacy url.parse, deprecated and a second opinion on which host is meant). Resolves with the
 * push service's status (and Retry-After) as soon as it answers; rejects when no answer came
 * (refused, reset, the deadline). The answer's body says nothing Placar uses: at most
 * PUSH_ANSWER_MAX_BYTES are read (so a short one keeps the connection for the next push), and
 * the whole exchange, body included, is destroyed at the deadline: a service that drips or
 * sends without end holds neither memory nor a socket.
 */
import https from 'node:https';
import type { RequestDetails } from 'web-push';

/** Bytes of a push service's answer read at most before the connection is dropped. */
export const PUSH_ANSWER_MAX_BYTES = 4096;

export interface PushAnswer {
  status: number;
  /** A 429/503's Retry-After in seconds, when it gave one as a number. */
  retryAfterSeconds: number | null;
}

export function postPush(details: RequestDetails, agent: https.Agent, timeoutMs: number): Promise<PushAnswer> {
  const url = new URL(details.endpoint);
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port === '' ? 443 : Number(url.port),
        path: `${url.pathname}${url.search}`,
        method: details.method,
        headers: details.headers,
        agent,
      },
      (response) => {
        const retryAfter = Number(response.headers['retry-after']);
        resolve({
          status: response.statusCode ?? 0,
          retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : null,
        });
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > PUSH_ANSWER_MAX_BYTES) request.destroy();
        });
        // Destroyed (too long, the deadline): the answer was already given.
        response.on('error', () => undefined);
      },
    );
    const deadline = setTimeout(() => request.destroy(new Error(`sem resposta em ${timeoutMs} ms`)), timeoutMs);
    request.on('close', () => clearTimeout(deadline));
    request.on('error', reject);
    request.end(details.body ?? undefined);
  });
}
