/**
 * Issue 35 M4, M5 and M6, the audit's probes on loopback against deploy/pushpin/ and deploy/nginx.conf:
 * Pushpin's route matches a prefix, so every path under the stream's reached Placar as Pushpin
 * (/healthz's details, pages, searches on Pushpin's address); through Pushpin a new filter cost
 * nothing; nginx limited only the streams' opening rate in all, and passed Pushpin's 502 on (an
 * EventSource gives up on it for good). Two readers (REFRESH_CRON=off)
 * of one DATA_DIR: `limited` (SEARCH_RATE_LIMIT=4) behind its own Pushpin, `behind` (limits off,
 * as deploying.md says) behind a Pushpin behind nginx.
 * A process: Pushpin and nginx forward to servers on real ports.
 */
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { currentLinkPath } from '../../../src/lib/store/builds/build-layout.ts';
import { startNginx, type NginxProcess } from '../../../harness/nginx.ts';
import { startPlacar, type PlacarProcess } from '../../../harness/placar-process.ts';
import { startPushpin, type PushpinProcess } from '../../../harness/pushpin.ts';
import { openEventStream, type EventStreamClient } from '../../../harness/event-stream-client.ts';
import { rawRequest, type RawResponse } from '../../support/http/raw-http.ts';
import { runScript } from '../../../harness/run-script.ts';

const STREAM = '/api/eventos/stream';
const SIG_KEY = 'chave-de-teste-do-pushpin-0123456789';
const PROBLEM = 'application/problem+json; charset=utf-8';
/** The limited reader's SEARCH_RATE_LIMIT: new filters a client may open at once. */
const SEARCH_LIMIT = 4;
/** Bounds every "until refused" loop (each limit is reached far sooner; without one, never). */
const MAX_ATTEMPTS = 200;

let upstream: FakeUpstream;
let dataDir: string;
let limited: PlacarProcess;
let behind: PlacarProcess;
let direct: PushpinProcess;
let fronted: PushpinProcess;
let nginx: NginxProcess;

/** A Grip-Sig as Pushpin makes it: HS256 over the shared key, not expired. */
function gripSig(): string {
  const part = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signed = `${part({ typ: 'JWT', alg: 'HS256' })}.${part({ iss: 'pushpin', exp: Math.floor(Date.now() / 1000) + 3600 })}`;
  return `${signed}.${createHmac('sha256', SIG_KEY).update(signed).digest('base64url')}`;
}

type StreamHead = Pick<EventStreamClient, 'status' | 'headers'>;

/** A HEAD of the stream (answered at once, never held) from `localAddress`. */
function headStream(baseUrl: string, query: string, localAddress: string, ca?: string): Promise<RawResponse> {
  return rawRequest(baseUrl, STREAM + query, { method: 'HEAD', localAddress, ca });
}

beforeAll(async () => {
  upstream = await startFakeUpstream({ pages: readFixturePages() });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-pushpin-front-'));
  const refreshed = await runScript('scripts/refresh.ts', {
    ...process.env,
    DATA_DIR: dataDir,
    UPSTREAM_URL: upstream.url,
    PUBLISH_COMMAND: '',
  });
  expect(refreshed.code, refreshed.output).toBe(0);
  const env = {
    REFRESH_CRON: 'off',
    EVENT_STREAMS_PER_IP: '0',
    PUSHPIN_SIG_KEY: SIG_KEY,
    HEALTHZ_LOOPBACK_DETAILS: 'on',
  };
  [limited, behind] = await Promise.all([
    startPlacar({
      upstreamUrl: upstream.url,
      dataDir,
      env: { ...env, SEARCH_RATE_LIMIT: String(SEARCH_LIMIT) },
      waitForFirstRefresh: false,
    }),
    startPlacar({
      upstreamUrl: upstream.url,
      dataDir,
      env: { ...env, SEARCH_RATE_LIMIT: '0' },
      waitForFirstRefresh: false,
    }),
  ]);
  [direct, fronted] = await Promise.all([
    startPushpin({ sigKey: SIG_KEY, placarUrls: [limited.url] }),
    startPushpin({ sigKey: SIG_KEY, placarUrls: [behind.url] }),
  ]);
  nginx = await startNginx({
    clientDir: currentLinkPath(dataDir),
    placarUrl: behind.url,
    streamUrl: fronted.url,
    upstreamUrl: upstream.url,
  });
}, 240_000);

afterAll(async () => {
  await nginx?.stop();
  await Promise.all([direct?.stop(), fronted?.stop()]);
  await Promise.all([limited?.stop(), behind?.stop()]);
  await upstream?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('M4: Pushpin reaches nothing of Placar but the stream', () => {
  const offStream = [
    `${STREAM}/../../../healthz`,
    `${STREAM}/../../..`,
    `${STREAM}/../../../hoje`,
    `${STREAM}/../../busca?q=flamengo`,
    `${STREAM}/%2e%2e/%2e%2e/%2e%2e/healthz`,
    `${STREAM}/`,
    `${STREAM}x`,
  ];

  it('a path under the stream’s, through Pushpin, is refused by Placar (404 problem), never answered', async () => {
    for (const target of offStream) {
      const answer = await rawRequest(direct.url, target);
      expect(answer.status, target).toBe(404);
      expect(answer.headers['content-type'], target).toBe(PROBLEM);
      expect(answer.json(), target).toMatchObject({ status: 404, title: 'Rota não encontrada' });
    }
    // The stream itself still is Pushpin's.
    const stream = await headStream(direct.url, '', '127.0.0.1');
    expect(stream.status).toBe(200);
  });

  it('a request Pushpin signed is answered only on the stream’s exact raw path, on Placar itself too', async () => {
    const signed = { 'Grip-Sig': gripSig() };
    for (const target of ['/healthz', '/', '/hoje', '/api/live', '/api/busca?q=flamengo', `/${STREAM}`, ...offStream]) {
      const answer = await rawRequest(limited.url, target, { headers: signed });
      expect(answer.status, target).toBe(404);
      expect(answer.headers['content-type'], target).toBe(PROBLEM);
    }
    const held = await rawRequest(limited.url, STREAM, { headers: signed });
    expect(held.status).toBe(200);
    expect(held.headers['grip-hold']).toBe('stream');
    // Unsigned, the same paths are Placar's as always.
    expect((await rawRequest(limited.url, '/healthz')).status).toBe(200);
  });
});

describe('M5: a new filter costs its client a search, whichever way it arrives', () => {
  it('through Pushpin: each client’s own bucket (Pushpin passes the address), a filter already resolved is free', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SEARCH_LIMIT + 2; i++) {
      statuses.push((await openAndClose(direct.url, `?time=clube${String.fromCharCode(97 + i)}`, '127.0.0.51')).status);
    }
    expect(statuses).toEqual([...Array(SEARCH_LIMIT).fill(200), 429, 429]);
    const refused = await openAndClose(direct.url, '?time=clubez', '127.0.0.51');
    expect(refused.headers['content-type']).toBe(PROBLEM);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another client has its own tokens; one already resolved costs none.
    expect((await openAndClose(direct.url, '?time=clubey', '127.0.0.52')).status).toBe(200);
    expect((await openAndClose(direct.url, '?time=clubea', '127.0.0.51')).status).toBe(200);
  });

  it('through nginx: a filtered stream spends the search token a search does; an unfiltered one does not', async () => {
    let shown: { filtered: RawResponse; unfiltered: RawResponse } | null = null;
    for (let round = 0; round < 5 && shown === null; round++) {
      // Searches until the client's tokens are gone, then at once a filtered and an unfiltered stream.
      for (let i = 0; i < MAX_ATTEMPTS; i++) {
        const search = await rawRequest(nginx.url, `/api/busca?q=time${round}x${i}`, {
          ca: nginx.ca,
          localAddress: '127.0.0.61',
        });
        if (search.status === 429) break;
      }
      const [filtered, unfiltered] = await Promise.all([
        headStream(nginx.url, `?time=clube${round}`, '127.0.0.61', nginx.ca),
        headStream(nginx.url, '', '127.0.0.61', nginx.ca),
      ]);
      if (filtered.status === 429) shown = { filtered, unfiltered };
    }
    expect(shown?.filtered.status).toBe(429);
    expect(shown?.filtered.headers['content-type']).toBe(PROBLEM);
    expect(Number(shown?.filtered.headers['retry-after'])).toBeGreaterThan(0);
    expect(shown?.unfiltered.status).toBe(200);
  });

  it('nginx limits how fast one client opens streams (429 with Retry-After), not another client', async () => {
    let refused: RawResponse | null = null;
    for (let i = 0; i < MAX_ATTEMPTS && refused === null; i++) {
      const answer = await headStream(nginx.url, '', '127.0.0.71', nginx.ca);
      if (answer.status !== 200) refused = answer;
    }
    expect(refused?.status).toBe(429);
    expect(refused?.headers['content-type']).toBe(PROBLEM);
    // 2 s: the opening rate's own Retry-After (a token every 2 s), not the 30 s of too many open streams.
    expect(refused?.headers['retry-after']).toBe('2');
    expect((await headStream(nginx.url, '', '127.0.0.72', nginx.ca)).status).toBe(200);
  });
});

/** A GET of the stream (what Pushpin signs), closed as soon as its head arrives: status and headers. */
async function openAndClose(baseUrl: string, query: string, localAddress: string): Promise<StreamHead> {
  const stream = await openEventStream(baseUrl, STREAM + query, { localAddress });
  stream.close();
  return { status: stream.status, headers: stream.headers };
}

describe('M6: Pushpin’s 502 never reaches a client through nginx', () => {
  it('a Pushpin that cannot answer (its Placar gone) is a 503 problem with Retry-After, which page code retries', {
    timeout: 90_000,
  }, async () => {
    // A port nobody listens on: Pushpin answers every stream 502, as it does to its overflow in a storm.
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const orphan = await startPushpin({
      sigKey: SIG_KEY,
      placarUrls: [`http://127.0.0.1:${port}`],
      waitForPlacar: false,
    });
    const front = await startNginx({
      clientDir: currentLinkPath(dataDir),
      placarUrl: behind.url,
      streamUrl: orphan.url,
      upstreamUrl: upstream.url,
    });
    try {
      expect((await rawRequest(orphan.url, STREAM)).status).toBe(502);
      const answer = await rawRequest(front.url, STREAM, { ca: front.ca, localAddress: '127.0.0.81' });
      expect(answer.status).toBe(503);
      expect(answer.headers['content-type']).toBe(PROBLEM);
      expect(answer.headers['retry-after']).toBe('10');
      expect(answer.json()).toMatchObject({ status: 503, title: 'Fluxo de eventos indisponível' });
    } finally {
      await front.stop();
      await orphan.stop();
    }
  });
});

describe('issue 48 §5: a stream URL too long for Pushpin never becomes its 503', () => {
  /** The stream's target padded with a cache-buster to exactly `length` bytes. */
  const targetOf = (length: number): string => {
    const head = `${STREAM}?time=flamengo&v=`;
    return head + 'a'.repeat(length - head.length);
  };

  it('through nginx and Pushpin: up to 3,072 bytes a stream, past them a 414 problem (no Retry-After)', async () => {
    const head = (length: number) =>
      rawRequest(nginx.url, targetOf(length), { method: 'HEAD', ca: nginx.ca, localAddress: '127.0.0.91' });
    expect((await head(3072)).status).toBe(200);
    const statuses = await Promise.all(
      [3073, 4000, 4200, 7000].map(async (length) => [length, (await head(length)).status]),
    );
    expect(statuses).toEqual([3073, 4000, 4200, 7000].map((length) => [length, 414]));
    const answer = await rawRequest(nginx.url, targetOf(4200), { ca: nginx.ca, localAddress: '127.0.0.91' });
    expect(answer.status).toBe(414);
    expect(answer.headers['content-type']).toBe(PROBLEM);
    expect(answer.headers['retry-after']).toBeUndefined();
    expect(answer.json()).toMatchObject({ status: 414, title: 'Endereço longo demais' });
  });
});
