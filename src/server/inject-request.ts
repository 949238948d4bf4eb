/**
 * One request answered by a node:http server in this process without a port: the client side of an in-memory stream
 * pair speaks HTTP/1.1 to the server, which takes the other side as a connection ('connection' takes any Duplex).
 * Real parsing and framing both ways, as a client on loopback meets them; no socket address (the rate limit keys such
 * a client as unknown). For tests and tools that hold a Placar server (createPlacarServer) and no process.
 */
import type http from 'node:http';
import { createRequire } from 'node:module';
import { duplexPair } from 'node:stream';

// Required, not imported: see http-server.ts (node:http's lazy exports).
const { request } = createRequire(import.meta.url)('node:http') as typeof http;

export interface InjectedRequest {
  method?: string;
  headers?: Record<string, string>;
}

export interface InjectedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export function injectRequest(
  server: http.Server,
  target: string,
  init: InjectedRequest = {},
): Promise<InjectedResponse> {
  const [client, served] = duplexPair();
  server.emit('connection', served);
  return new Promise((resolve, reject) => {
    const headers = { host: 'placar.invalid', ...init.headers };
    const sent = request({ createConnection: () => client, path: target, method: init.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}
