/**
 * What a push service's answer may cost the refresher: a local https service (its own
 * certificate) that answers 201 and then sends a body without end, or drips one byte at a time.
 * The push is taken as the status says, the connection is dropped after a few KB or at the
 * deadline, and the service sees it closed (it would otherwise send or drip for ever).
 */
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postPush } from '../../../src/refresh/publish/push-request.ts';
import { createSelfSignedCertificate } from '../../../src/demo/self-signed-certificate.ts';

interface Answering {
  bytesSent: number;
  closed: boolean;
}

let dir: string;
let server: https.Server;
let origin: string;
let agent: https.Agent;
const answers = new Map<string, Answering>();

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-push-answer-'));
  const tls = createSelfSignedCertificate(dir);
  server = https.createServer({ cert: fs.readFileSync(tls.certificate), key: fs.readFileSync(tls.key) }, (req, res) => {
    const answering: Answering = { bytesSent: 0, closed: false };
    answers.set(req.url ?? '/', answering);
    req.resume();
    res.on('close', () => {
      answering.closed = true;
    });
    res.writeHead(201, { 'Content-Type': 'application/octet-stream' });
    if (req.url === '/sem-fim') {
      const block = Buffer.alloc(64 * 1024, 120);
      const sendMore = (): void => {
        while (!res.destroyed && res.write(block)) answering.bytesSent += block.length;
      };
      res.on('drain', sendMore);
      sendMore();
    } else {
      res.flushHeaders();
      const drip = setInterval(() => {
        if (res.destroyed) clearInterval(drip);
        else {
          res.write('x');
          answering.bytesSent += 1;
        }
      }, 50);
      res.on('close', () => clearInterval(drip));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  agent = new https.Agent({ keepAlive: true, ca: fs.readFileSync(tls.certificate) });
});

afterAll(async () => {
  agent?.destroy();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  fs.rmSync(dir, { recursive: true, force: true });
});

const push = (pathname: string, timeoutMs: number) =>
  postPush({ endpoint: origin + pathname, method: 'POST', headers: {}, body: Buffer.from('alerta') }, agent, timeoutMs);

describe('a push service’s answer', () => {
  it('without end: taken as its status, the connection dropped after a few KB', async () => {
    // A deadline far off: only the size limit can end this one.
    expect(await push('/sem-fim', 120_000)).toEqual({ status: 201, retryAfterSeconds: null });
    await expect.poll(() => answers.get('/sem-fim')?.closed, { timeout: 30_000 }).toBe(true);
  }, 60_000);

  it('dripping: taken as its status, the connection destroyed at the deadline', async () => {
    expect(await push('/gotejando', 1_000)).toEqual({ status: 201, retryAfterSeconds: null });
    await expect.poll(() => answers.get('/gotejando')?.closed, { timeout: 30_000 }).toBe(true);
    expect(answers.get('/gotejando')?.bytesSent).toBeGreaterThan(0);
  }, 60_000);
});
