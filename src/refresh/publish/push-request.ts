/**
 * Sends one push that web-push built (encrypted body, TTL, Urgency, Authorization): node:https
 * POSTs it to the endpoint as the WHATWG URL parser reads it — the same parser that checked the
 * endpoint's origin when the subscription came in (web-push's own sender reads it with the
 * legacy url.parse, deprecated and a second opinion on which host is meant). Resolves with the
 * push service's status (and Retry-After); rejects when no answer came (refused, reset, the
 * deadline).
 */
import https from 'node:https';
import type { RequestDetails } from 'web-push';

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
        timeout: timeoutMs,
      },
      (response) => {
        // The body says nothing Placar uses: read and dropped, so the connection is kept.
        response.resume();
        response.on('end', () => {
          const retryAfter = Number(response.headers['retry-after']);
          resolve({
            status: response.statusCode ?? 0,
            retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : null,
          });
        });
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`sem resposta em ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end(details.body ?? undefined);
  });
}
