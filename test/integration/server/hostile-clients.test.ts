/**
 * Issue 20, the request side, against a real server: a Host with userinfo (or any Host) never
 * reaches a 500 on /api/busca; a connection that sends nothing is answered 408 and closed after
 * CLIENT_HEADERS_TIMEOUT_MS; connections beyond MAX_CONNECTIONS are refused while the open ones
 * keep being served; /healthz shows its details only with the token (loopback is nobody special by default).
 * A process: header timeouts and the connection cap act on real sockets.
 */
import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { rawRequest } from '../../support/http/raw-http.ts';
import { parseSocketResponse, sendRawRequest } from '../../support/http/raw-socket.ts';
import { servePlacarForFile } from '../../support/processes/served-placar.ts';

const HEADERS_TIMEOUT_MS = 600;
const MAX_CONNECTIONS = 4;
const TOKEN = 'token-de-teste-healthz-0123456789';
let port: number;

const served = servePlacarForFile({
  pages: () => readFixturePages(),
  env: {
    REFRESH_CRON: '0 0 * * *',
    SEARCH_RATE_LIMIT: '0',
    CLIENT_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    CLIENT_REQUEST_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    // Idle keep-alive connections stay open through the cap test.
    KEEP_ALIVE_TIMEOUT_MS: '60000',
    MAX_CONNECTIONS: String(MAX_CONNECTIONS),
    HEALTHZ_TOKEN: TOKEN,
    // The default: loopback is not "this machine" (a TCP-level front connects from it for anyone).
    HEALTHZ_LOOPBACK_DETAILS: 'off',
  },
});
beforeAll(async () => {
  port = Number(new URL(served.placar.url).port);
});

/** A conditional GET: the server's 1-second response cache never replays it, so the adapter answers every time. */
function rawGet(target: string, host: string): Promise<{ status: number; body: Buffer }> {
  const head = `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nIf-None-Match: "outra"\r\nConnection: close\r\n\r\n`;
  const bytes = Buffer.from(head, 'latin1');
  return sendRawRequest(port, bytes, 'GET');
}

describe('the Host header and absolute-form targets', () => {
  it('answers /api/busca the same for a Host with userinfo, a port or garbage, and an absolute-form target', async () => {
    const plain = await rawGet('/api/busca?q=flamengo', `127.0.0.1:${port}`);
    expect(plain.status).toBe(200);
    for (const host of ['u@evil', 'u:p@evil:80', '@', 'evil:99999', 'evil/x', '[::1', 'a@b@c']) {
      const response = await rawGet('/api/busca?q=flamengo', host);
      expect(response.status, host).toBe(200);
      expect(response.body.equals(plain.body), host).toBe(true);
    }
    for (const target of ['http://u@evil/api/busca?q=flamengo', 'http://u:p@evil:1/api/busca?q=flamengo']) {
      const response = await rawGet(target, 'u@evil');
      expect(response.status, target).toBe(200);
      expect(response.body.equals(plain.body), target).toBe(true);
    }
    expect(served.placar.output()).not.toMatch(/erro ao responder/);
  });
});

/** Opens a connection and resolves once it is established. */
function connect(): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Sends one keep-alive request on `socket` and resolves with the status of its answer. */
function requestOn(socket: net.Socket, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      received = Buffer.concat([received, chunk]);
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const length = Number(/content-length: *(\d+)/i.exec(received.subarray(0, headEnd).toString('latin1'))?.[1] ?? 0);
      if (received.length < headEnd + 4 + length) return;
      socket.off('data', onData);
      resolve(parseSocketResponse(received, 'GET').status);
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\n\r\n`);
  });
}

/** Resolves when the peer closes `socket`, with what it sent before. */
function closedBy(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.once('close', () => resolve(text));
  });
}

describe('client limits', () => {
  it('answers a connection that sends nothing with 408 and closes it after CLIENT_HEADERS_TIMEOUT_MS', async () => {
    const opened = Date.now();
    const silent = await connect();
    const answer = await closedBy(silent);
    const heldMs = Date.now() - opened;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('application/problem+json');
    // Node's defaults held it 60–90 s; generous bounds around the configured 600 ms.
    expect(heldMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
    expect(heldMs).toBeLessThan(15_000);
    // Half a request line does not extend the deadline either.
    const slow = await connect();
    const slowClosed = closedBy(slow);
    slow.write('GET /api/li');
    expect(await slowClosed).toMatch(/^HTTP\/1\.1 408 /);
  });

  it(`refuses connections beyond MAX_CONNECTIONS (${MAX_CONNECTIONS}) while the open ones keep being served`, async () => {
    const open = await Promise.all(Array.from({ length: MAX_CONNECTIONS }, connect));
    try {
      for (const socket of open) expect(await requestOn(socket, '/api/live')).toBe(200);
      const extra = await connect();
      const extraClosed = closedBy(extra);
      extra.write('GET /api/live HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(await extraClosed).toBe('');
      // The open ones still answer, on the same connections.
      for (const socket of open) expect(await requestOn(socket, '/api/busca?q=flamengo')).toBe(200);
      // Once one closes, a new client gets in.
      const first = open.shift();
      first?.destroy();
      await expect
        .poll(async () => (await rawRequest(served.placar.url, '/api/live').catch(() => null))?.status, {
          timeout: 5_000,
        })
        .toBe(200);
    } finally {
      for (const socket of open) socket.destroy();
    }
  });
});

describe('/healthz', () => {
  type Listing = Record<string, unknown>;
  const listingOf = async (headers: Record<string, string>): Promise<Listing> => {
    const response = await rawRequest(served.placar.url, '/healthz', { headers });
    expect(response.status).toBe(200);
    return response.json() as Listing;
  };

  it('shows the details only to the token, the status and timings to the rest (a direct loopback client too)', async () => {
    const direct = await listingOf({ Authorization: `Bearer ${TOKEN}` });
    expect(direct).toHaveProperty('publish');
    expect(direct).toHaveProperty(['listings', 'live', 'lastError']);
    expect(direct).toHaveProperty(['listings', 'live', 'parse']);
    const outsiders: Array<Record<string, string>> = [
      // Issue 27 L5: without HEALTHZ_LOOPBACK_DETAILS=on, loopback is nobody special.
      {},
      { 'X-Forwarded-For': '203.0.113.9' },
      { Forwarded: 'for=203.0.113.9' },
      { 'X-Forwarded-For': '203.0.113.9', Authorization: 'Bearer errado-errado-errado' },
    ];
    for (const headers of outsiders) {
      const outside = await listingOf(headers);
      expect(Object.keys(outside).sort()).toEqual(['lastBuildAt', 'lastRefresh', 'listings', 'status']);
      expect(Object.keys(outside.listings as Listing)).toEqual(['live', 'hoje', 'amanha', 'ontem']);
      expect(Object.keys((outside.listings as Record<string, Listing>).live ?? {}).sort()).toEqual([
        'generatedAt',
        'stale',
      ]);
      expect(outside.status).toBe(direct.status);
    }
    const withToken = await listingOf({ 'X-Forwarded-For': '203.0.113.9', Authorization: `Bearer ${TOKEN}` });
    expect(withToken).toHaveProperty(['listings', 'live', 'parse']);
  });
});
