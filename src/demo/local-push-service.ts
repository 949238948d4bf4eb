/**
 * A local Web Push service for tests and `npm run demo -- --push-local` (demo-push.ts), over https
 * with its own certificate (made by openssl; the Placar processes trust it through
 * NODE_EXTRA_CA_CERTS, as they would trust a real push service through the system's CAs). It does what a push service
 * does with a push: checks the
 * VAPID signature (RFC 8292: an ES256 JWT whose audience is this origin, signed by the key the
 * `k=` parameter names) and keeps the body, which the test decrypts as the browser would
 * (RFC 8291 aes128gcm: ECDH with the subscription's key, HKDF with its auth secret). Paths
 * can be told to answer 410 (a subscription the browser dropped) or anything else.
 * Plus: browser-side subscriptions (key pair and auth secret) and a canary TCP listener that
 * counts every connection it gets (none may come).
 */
import { createECDH, createPublicKey, hkdfSync, createDecipheriv, randomBytes, verify, type ECDH } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createSelfSignedCertificate } from './self-signed-certificate.ts';

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The JWT's claims when the VAPID signature checked out; null otherwise. */
  vapid: { aud: string; exp: number; sub: string; publicKey: string } | null;
  receivedAt: number;
}

export interface PushService {
  /** https://127.0.0.1:<port> */
  origin: string;
  /** The certificate file to put in NODE_EXTRA_CA_CERTS. */
  certificateFile: string;
  received: ReceivedPush[];
  /** Answer `status` to pushes on `pathname` from now on (default 201). */
  answer(pathname: string, status: number): void;
  close(): Promise<void>;
}

/** The browser's side of a subscription: what it sends Placar, and what it needs to decrypt. */
export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  auth: Buffer;
}

function verifyVapid(header: string | undefined): ReceivedPush['vapid'] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) return null;
  const [head, claims, signature] = match[1].split('.');
  if (!head || !claims || !signature) return null;
  const point = Buffer.from(match[2], 'base64url');
  if (point.length !== 65 || point[0] !== 4) return null;
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return null;
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
  return { aud: parsed.aud, exp: parsed.exp, sub: parsed.sub, publicKey: match[2] };
}

/** `onPush`: called with each push as it arrives (the demo prints it). */
export async function startPushService(onPush?: (push: ReceivedPush) => void): Promise<PushService> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-push-service-'));
  const tls = createSelfSignedCertificate(dir);
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server = https.createServer(
    { cert: fs.readFileSync(tls.certificate), key: fs.readFileSync(tls.key) },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const pathname = req.url ?? '/';
        const push: ReceivedPush = {
          path: pathname,
          headers: req.headers,
          body: Buffer.concat(chunks),
          vapid: verifyVapid(req.headers.authorization),
          receivedAt: Date.now(),
        };
        received.push(push);
        onPush?.(push);
        res.writeHead(answers.get(pathname) ?? 201, { 'Content-Length': '0' });
        res.end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    certificateFile: tls.certificate,
    received,
    answer: (pathname, status) => answers.set(pathname, status),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A browser's subscription to `endpoint`: a fresh P-256 key pair and auth secret. */
export function createBrowserSubscription(endpoint: string): BrowserSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    endpoint,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    ecdh,
    auth,
  };
}

/** RFC 8291 + RFC 8188: the plaintext of an aes128gcm body sent to `subscription` (one record). */
export function decryptPush(body: Buffer, subscription: BrowserSubscription): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = subscription.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscription.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, subscription.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and any padding zeros after it.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter: not an aes128gcm body');
  return padded.subarray(0, end).toString('utf8');
}

/** A TCP listener that only counts connections (a target a client named: it must never be reached). */
export async function startCanary(): Promise<{ port: number; connections: () => number; close(): Promise<void> }> {
  let count = 0;
  const server = net.createServer((socket) => {
    count += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    connections: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
