/**
 * A raw HTTP/1.1 client for tests: no automatic decompression (so br/gzip are visible), any
 * method and path (even ones fetch would normalise), and a chosen loopback source address
 * (so per-IP rate limits can be tested apart).
 */
import http from 'node:http';
import https from 'node:https';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text(): string;
  json(): unknown;
}

export interface RawRequestOptions {
  method?: string;
  headers?: Record<string, string>;
  /** e.g. '127.0.0.7': requests from another loopback address count as another client. */
  localAddress?: string;
  agent?: http.Agent;
  timeoutMs?: number;
  /** For an https:// base: the certificate (PEM) to trust, e.g. a test's self-signed one. */
  ca?: string | Buffer;
}

/** `path` is sent verbatim (no normalisation of "..", "%2e" or "%00"). */
export function rawRequest(baseUrl: string, path: string, options: RawRequestOptions = {}): Promise<RawResponse> {
  const base = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const client = base.protocol === 'https:' ? https : http;
    const request = client.request(
      {
        ...(base.protocol === 'https:' && {
          ca: options.ca,
          servername: base.hostname === '127.0.0.1' ? undefined : base.hostname,
        }),
        host: base.hostname,
        port: base.port,
        method: options.method ?? 'GET',
        path,
        headers: options.headers,
        localAddress: options.localAddress,
        agent: options.agent ?? false,
        timeout: options.timeoutMs ?? 10_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            text: () => body.toString('utf8'),
            json: () => JSON.parse(body.toString('utf8')) as unknown,
          });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`timeout: ${path}`)));
    request.on('error', reject);
    request.end();
  });
}
