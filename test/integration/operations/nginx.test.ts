/**
 * deploy/nginx.conf for real: Placar against the fake upstream, Debian's nginx in front on
 * loopback ports (temp prefix), over HTTPS with a self-signed certificate made by openssl at
 * test time. Through nginx: every route of the build with the same status, content type, cache
 * and security headers as Placar's own server, plus HSTS and HTTP/2; plain HTTP redirected;
 * every error nginx itself produces under /api as problem+json; /api/busca and /healthz
 * proxied; a rebuild served at once (the `current` symlink); a cached search answered while
 * Placar is stopped (stale-if-error). A missing nginx fails (`apt-get install nginx`).
 * A process: nginx proxies to a server on a real port, and a stopped Placar is a stopped process.
 */
import http2 from 'node:http2';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { buildManifestPath, currentLinkPath } from '../../../src/lib/store/builds/build-layout.ts';
import type { EventFeed, ListEnvelope } from '../../../src/lib/model/model.ts';
import { readSiteManifest } from '../../../src/lib/store/builds/site-manifest.ts';
import { readCurrentBuildId } from '../../../src/lib/store/builds/current-link.ts';
import { buildRoutePaths } from '../../../src/server/site/static-site.ts';
import { openEventStream } from '../../../harness/event-stream-client.ts';
import { hasBrotliStaticModule, startNginx, type NginxProcess } from '../../../harness/nginx.ts';
import { runScript, type ScriptResult } from '../../../harness/run-script.ts';
import { rawRequest, type RawRequestOptions, type RawResponse } from '../../support/http/raw-http.ts';
import { parseSocketResponse, type SocketResponse } from '../../support/http/raw-socket.ts';
import { withScore } from '../../../harness/upstream-pages.ts';
import { servePlacarForFile } from '../../support/processes/served-placar.ts';

const LIVE_PATH = '/jogos-em-andamento';
const FLAMENGO = '/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html';
/** Headers that must be equal, byte for byte, on Placar and on nginx. */
const SAME_HEADERS = [
  'content-type',
  'cache-control',
  'content-encoding',
  'vary',
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'permissions-policy',
  'accept-ranges',
  'access-control-allow-origin',
  'access-control-expose-headers',
];
const HEALTHZ_TOKEN = 'token-do-nginx-teste-0123456789';
const ENV = { REFRESH_CRON: '0 0 * * *', SEARCH_RATE_LIMIT: '0', HEALTHZ_TOKEN };

let nginx: NginxProcess;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-nginx-data-'));
const pages = readFixturePages();
const brotli = hasBrotliStaticModule();

// Hooks run in order, after-hooks in reverse: the folder goes after the Placar stops, nginx stops before it.
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const served = servePlacarForFile({ pages: () => pages, dataDir, env: ENV });
beforeAll(async () => {
  nginx = await startNginx({
    clientDir: currentLinkPath(dataDir),
    placarUrl: served.placar.url,
    upstreamUrl: served.upstream.url,
  });
});

afterAll(async () => {
  await nginx?.stop();
});

/** A request to nginx's HTTPS server, trusting the test's certificate. */
function viaNginx(route: string, options: RawRequestOptions = {}): Promise<RawResponse> {
  return rawRequest(nginx.url, route, { ...options, ca: nginx.ca });
}

/** Exact request bytes to nginx over TLS (an https client would check the certificate against a hostile Host). */
function viaNginxRaw(request: string): Promise<SocketResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const port = Number(new URL(nginx.url).port);
    const options = { host: '127.0.0.1', port, ca: nginx.ca, servername: 'localhost', ALPNProtocols: ['http/1.1'] };
    const socket = tls.connect(options, () => socket.write(request));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      try {
        resolve(parseSocketResponse(Buffer.concat(chunks), 'GET'));
      } catch (error) {
        reject(error as Error);
      }
    });
  });
}

function decoded(response: RawResponse): Buffer {
  const coding = response.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(response.body);
  if (coding === 'gzip') return gunzipSync(response.body);
  return response.body;
}

function pick(response: RawResponse): Record<string, unknown> {
  return Object.fromEntries(SAME_HEADERS.map((name) => [name, response.headers[name]]));
}

/** Every URL path of the current build, as Placar's server routes them. */
function buildRoutes(): string[] {
  const manifest = readSiteManifest(buildManifestPath(dataDir, readCurrentBuildId(dataDir) ?? ''));
  const files = manifest?.files.map((file) => file.path).filter((file) => file !== '404.html') ?? [];
  return files.flatMap(buildRoutePaths);
}

function runRefreshCli(): Promise<ScriptResult> {
  return runScript('scripts/refresh.ts', {
    ...process.env,
    DATA_DIR: dataDir,
    UPSTREAM_URL: served.upstream.url,
    ...ENV,
  });
}

let searchCachedAt = 0;
let cachedSearch: Buffer = Buffer.alloc(0);

describe('nginx in front of Placar (deploy/nginx.conf)', () => {
  it('serves every route of the build with the same status, body and headers as Placar', async () => {
    const routes = buildRoutes();
    expect(routes).toEqual(
      expect.arrayContaining(['/', '/hoje', '/busca', '/api/live', '/api/hoje', '/api/amanha', '/api/routes']),
    );
    for (const route of routes) {
      for (const acceptEncoding of ['', 'gzip', 'gzip, deflate, br']) {
        const headers: Record<string, string> = acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {};
        const [own, proxied] = await Promise.all([
          rawRequest(served.placar.url, route, { headers }),
          viaNginx(route, { headers }),
        ]);
        const label = `${route} (Accept-Encoding: ${acceptEncoding || '-'})`;
        expect(proxied.status, label).toBe(200);
        const expected = pick(own);
        // Without the brotli module nginx answers br clients with the .gz file.
        if (!brotli && own.headers['content-encoding'] === 'br') expected['content-encoding'] = 'gzip';
        expect(pick(proxied), label).toEqual(expected);
        expect(proxied.headers['last-modified'], label).toBe(own.headers['last-modified']);
        expect(decoded(proxied).equals(decoded(own)), label).toBe(true);
      }
    }
  });

  it('sends JSON with an explicit content type for the extensionless /api files, and brotli when nginx has the module', async () => {
    const response = await viaNginx('/api/hoje', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-encoding']).toBe(brotli ? 'br' : 'gzip');
    expect((JSON.parse(decoded(response).toString('utf8')) as ListEnvelope).count).toBe(13);
  });

  it('serves each match’s JSON as JSON and its page without ".html", never their precompressed files', async () => {
    const id = 'brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras';
    const json = await viaNginx(`/api/jogo/${id}`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(json.status).toBe(200);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((JSON.parse(decoded(json).toString('utf8')) as { match: { id: string } }).match.id).toBe(id);
    expect((await viaNginx(`/jogo/${id}`)).status).toBe(200);
    for (const route of [`/api/jogo/${id}.br`, `/api/jogo/${id}.gz`, `/jogo/${id}.html.gz`])
      expect((await viaNginx(route)).status, route).toBe(404);
  });

  it('answers errors, preflights and conditional requests like Placar', async () => {
    for (const [route, method] of [
      ['/nao-existe', 'GET'],
      ['/api/nao-existe', 'GET'],
      ['/api', 'GET'],
      ['/api/hoje.gz', 'GET'],
      ['/404.html', 'GET'],
      ['/api/live', 'OPTIONS'],
      ['/hoje', 'OPTIONS'],
      ['/api/live', 'POST'],
      ['/api/live', 'DELETE'],
    ] as const) {
      const [own, proxied] = await Promise.all([
        rawRequest(served.placar.url, route, { method }),
        viaNginx(route, { method }),
      ]);
      const label = `${method} ${route}`;
      expect(proxied.status, label).toBe(own.status);
      expect(proxied.headers['cache-control'], label).toBe(own.headers['cache-control']);
      expect(proxied.headers['access-control-allow-origin'], label).toBe('*');
      expect(proxied.headers['content-security-policy'], label).toBe(own.headers['content-security-policy']);
      for (const name of ['access-control-allow-methods', 'access-control-allow-headers', 'access-control-max-age']) {
        expect(proxied.headers[name], `${label} ${name}`).toBe(own.headers[name]);
      }
      if (route.startsWith('/api') && method === 'GET') {
        expect(proxied.headers['content-type'], label).toBe('application/problem+json; charset=utf-8');
        expect(proxied.json(), label).toMatchObject({
          type: 'about:blank',
          status: 404,
          title: 'Rota não encontrada',
          instance: route,
        });
      }
      if (method === 'POST' || method === 'DELETE') {
        expect(proxied.headers.allow, label).toBe('GET, HEAD');
        expect(proxied.json(), label).toMatchObject({ status: 405, title: 'Método não permitido' });
      }
      if (!route.startsWith('/api') && method === 'GET') {
        expect(proxied.headers['content-type'], label).toBe('text/html; charset=utf-8');
        expect(proxied.text(), label).toBe(own.text());
      }
    }
    const first = await viaNginx('/api/live');
    const notModified = await viaNginx('/api/live', { headers: { 'If-None-Match': String(first.headers.etag) } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers['cache-control']).toBe(first.headers['cache-control']);
  });

  it('serves HTTPS over HTTP/2 with HSTS on every answer, no version in Server, and redirects plain HTTP', async () => {
    const routes = [...buildRoutes(), '/api/busca?q=serie', '/healthz', '/api/nada', '/nada'];
    for (const route of routes) {
      const response = await viaNginx(route);
      expect(response.headers['strict-transport-security'], route).toBe('max-age=31536000');
      expect(response.headers.server, route).toBe('nginx');
      const redirect = await rawRequest(nginx.httpUrl, route);
      expect(redirect.status, route).toBe(301);
      expect(redirect.headers.location, route).toBe(`${nginx.url}${route}`);
    }
    const session = http2.connect(nginx.url, { ca: nginx.ca });
    try {
      const headers = await new Promise<http2.IncomingHttpHeaders>((resolve, reject) => {
        const stream = session.request({ ':path': '/api/live', 'accept-encoding': 'gzip' });
        stream.once('response', resolve);
        stream.once('error', reject);
        stream.resume();
        stream.end();
      });
      expect(session.alpnProtocol).toBe('h2');
      expect(headers[':status']).toBe(200);
      expect(headers['content-type']).toBe('application/json; charset=utf-8');
      expect(headers['cache-control']).toBe(
        (await rawRequest(served.placar.url, '/api/live')).headers['cache-control'],
      );
      expect(headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      session.close();
    }
  });

  it('answers byte ranges like Placar (206 of the uncompressed file, a 416 problem past the end)', async () => {
    for (const route of ['/api/hoje', '/hoje']) {
      for (const acceptEncoding of ['', 'gzip']) {
        const headers: Record<string, string> = {
          Range: 'bytes=3-40',
          ...(acceptEncoding && { 'Accept-Encoding': acceptEncoding }),
        };
        const [own, proxied] = await Promise.all([
          rawRequest(served.placar.url, route, { headers }),
          viaNginx(route, { headers }),
        ]);
        const label = `${route} ${acceptEncoding || 'identity'}`;
        // Ranges of the uncompressed file only; compressed answers are whole, on both.
        const expected = acceptEncoding ? 200 : 206;
        expect(proxied.status, label).toBe(expected);
        expect(own.status, label).toBe(expected);
        expect(proxied.headers['content-range'], label).toBe(own.headers['content-range']);
        expect(decoded(proxied).equals(decoded(own)), label).toBe(true);
      }
    }
    const size = (await viaNginx('/api/live')).body.length;
    const [own, proxied] = await Promise.all([
      rawRequest(served.placar.url, '/api/live', { headers: { Range: `bytes=${size}-` } }),
      viaNginx('/api/live', { headers: { Range: `bytes=${size}-` } }),
    ]);
    expect(own.status).toBe(416);
    expect(proxied.status).toBe(416);
    expect(proxied.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(proxied.json()).toMatchObject({
      type: 'about:blank',
      status: 416,
      title: 'Intervalo inválido',
      instance: '/api/live',
    });
    // nginx decides a 416 after the 200's headers were added: its problem repeats Cache-Control,
    // ending with no-store, which a cache must obey (RFC 9111 §5.2.2.5).
    expect(String(proxied.headers['cache-control'])).toMatch(/(^|, )no-store$/);
  });

  it('agrees with Placar on trailing and doubled slashes, multi-range and bad ranges (issue 35)', async () => {
    const match = buildRoutes().find((route) => route.startsWith('/api/jogo/')) ?? '/api/jogo/x';
    const paths = [
      '/hoje/',
      '//hoje',
      '/hoje//',
      '///hoje',
      '/api/live/',
      '//api/live',
      '/api//live',
      `${match}/`,
      '/api/busca/?q=flamengo',
      '/healthz/',
      '/nada/',
      '/api/nada/',
      '//',
    ];
    const ranges = [
      'bytes=0-9,20-29',
      'bytes=0-4,2-8',
      'bytes=abc',
      'bytes=10-5',
      'bytes=-0',
      'items=0-5',
      'bytes=0-0,-1',
      'bytes=99999999-,0-5',
      'bytes=0-5,abc',
      'bytes=0-5,',
      'BYTES=0-5',
    ];
    const requests = [
      ...paths.map((route) => ({ route, headers: {} })),
      ...ranges.flatMap((range) => ['/api/live', '/hoje'].map((route) => ({ route, headers: { Range: range } }))),
    ];
    const differences: string[] = [];
    for (const { route, headers } of requests) {
      const [own, proxied] = await Promise.all([
        rawRequest(served.placar.url, route, { headers }),
        viaNginx(route, { headers }),
      ]);
      const shown = (answer: RawResponse): string =>
        [
          answer.status,
          answer.headers.location ?? '',
          answer.headers['content-range'] ?? '',
          // A redirect's type is that of a body no client reads (nginx writes a page, Placar none).
          answer.status === 308 ? '' : String(answer.headers['content-type'] ?? ''),
        ].join(' ');
      const label = `${route} ${JSON.stringify(headers)}`;
      if (shown(own) !== shown(proxied)) differences.push(`${label}: Placar ${shown(own)} | nginx ${shown(proxied)}`);
      else if (own.status === 206 && !decoded(own).equals(decoded(proxied)))
        differences.push(`${label}: bodies differ`);
    }
    expect(differences).toEqual([]);
  });

  it('turns every error nginx itself produces under /api into a problem+json, like Placar', async () => {
    const problemOf = (response: RawResponse, status: number, label: string): void => {
      expect(response.status, label).toBe(status);
      expect(response.headers['content-type'], label).toBe('application/problem+json; charset=utf-8');
      expect(response.headers['cache-control'], label).toBe('no-store');
      expect(response.headers['access-control-allow-origin'], label).toBe('*');
      expect(response.json(), label).toMatchObject({ type: 'about:blank', status });
    };
    // A path nginx cannot decode: 400, as on Placar's server.
    for (const route of ['/api/%zz', '/api/%00']) {
      const [own, proxied] = await Promise.all([rawRequest(served.placar.url, route), viaNginx(route)]);
      expect(own.status, route).toBe(400);
      problemOf(proxied, 400, route);
      expect(proxied.json(), route).toEqual(own.json());
    }
    // One that climbs above the root: nginx refuses it (400) where Placar resolves it (404).
    problemOf(await viaNginx('/api/../../etc/passwd'), 400, 'dot-segments');
    // Outside /api the same error stays a page.
    expect((await viaNginx('/%zz')).headers['content-type']).toMatch(/^text\/html/);
    // A URL or headers over nginx's buffers: 431, as Placar answers past its own limit.
    problemOf(await viaNginx(`/api/${'a'.repeat(10_000)}`), 431, 'long URL');
    problemOf(await viaNginx('/api/live', { headers: { 'X-Big': 'b'.repeat(10_000) } }), 431, 'big header');
    problemOf(await viaNginx('/api/nada'), 404, 'unknown route');
    problemOf(await viaNginx('/api/live', { method: 'PUT' }), 405, 'method');
  });

  // Issue 48 §5: "/api/push" was forwarded by prefix with its raw path, which Placar read with "\\" as "/".
  it('forwards only the exact push routes: backslash and dot-segment spellings reach nothing else of Placar', async () => {
    const beyondPush = [
      '/api/push/..\\..\\healthz',
      '/api/push\\..\\healthz',
      '/api/push/..%5C..%5Chealthz',
      '/api/push/..\\..\\api/busca?q=flamengo',
      '/api/push/..\\..\\api/live?time=flamengo',
      '/api/push/..\\..\\hoje',
      '/api/push/..\\..\\api/eventos/stream',
      '/api/push/inscricoes/..\\..\\..\\healthz',
      '/api/pushx',
      '/api/push/x',
    ];
    for (const target of beyondPush) {
      const response = await viaNginx(target, { timeoutMs: 10_000 });
      expect(response.status, target).toBe(404);
      expect(response.headers['content-type'], target).toBe('application/problem+json; charset=utf-8');
      expect(response.json(), target).toMatchObject({ status: 404, title: 'Rota não encontrada' });
    }
    // A dot-segment spelling of a push route is that route, forwarded as nginx matched it: Placar's own answer.
    const own = (await rawRequest(served.placar.url, '/api/push')).json();
    for (const target of ['/api/x/../push', '/api/./push', '/api/push/inscricoes/../../push', '/api/%70ush'])
      expect((await viaNginx(target)).json(), target).toEqual(own);
  });

  it('refuses a stream URL past 3,072 bytes with a 414 problem, before it reaches the stream', async () => {
    const target = (length: number): string => {
      const head = '/api/eventos/stream?v=';
      return head + 'a'.repeat(length - head.length);
    };
    expect((await viaNginx(target(3072), { method: 'HEAD' })).status).toBe(200);
    const refused = await viaNginx(target(4200));
    expect(refused.status).toBe(414);
    expect(refused.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.json()).toMatchObject({ status: 414, title: 'Endereço longo demais' });
  });

  it('proxies /api/busca through its cache, with Placar headers once, and /healthz uncached', async () => {
    const own = await rawRequest(served.placar.url, '/api/busca?q=flamengo');
    const miss = await viaNginx('/api/busca?q=flamengo');
    searchCachedAt = Date.now();
    const hit = await viaNginx('/api/busca?q=flamengo');
    cachedSearch = hit.body;
    // Another parameter is still the same search: answered from the cache, not passed to Placar.
    expect((await viaNginx('/api/busca?q=flamengo&a=1')).headers['x-cache-status']).toBe('HIT');
    expect(miss.headers['x-cache-status']).toBe('MISS');
    expect(hit.headers['x-cache-status']).toBe('HIT');
    for (const response of [miss, hit]) {
      expect(response.status).toBe(200);
      expect(response.body.equals(own.body)).toBe(true);
      expect(pick(response)).toEqual(pick(own));
    }
    const invalid = await viaNginx('/api/busca?q=f');
    expect(invalid.status).toBe(400);
    expect(invalid.headers['cache-control']).toBe('no-store');
    expect(invalid.headers['x-cache-status']).toBe('MISS');
    const health = await viaNginx('/healthz');
    expect(health.status).toBe(200);
    expect(health.headers['cache-control']).toBe('no-store');
    expect(health.headers['access-control-allow-origin']).toBe('*');
    expect(health.headers['x-cache-status']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });
  });

  it('keeps /healthz details inside: only the status and timings through nginx, unless the token is sent', async () => {
    const direct = (await rawRequest(served.placar.url, '/healthz')).json() as Record<string, unknown>;
    expect(direct).toHaveProperty(['listings', 'live', 'lastError']);
    const outside = (await viaNginx('/healthz')).json() as Record<string, unknown>;
    expect(Object.keys(outside).sort()).toEqual(['lastBuildAt', 'lastRefresh', 'listings', 'status']);
    const live = (outside.listings as Record<string, object>).live ?? {};
    expect(Object.keys(live).sort()).toEqual(['generatedAt', 'stale']);
    expect(outside.status).toBe(direct.status);
    const spoofed = (await viaNginx('/healthz', { headers: { 'X-Forwarded-For': '127.0.0.1' } })).json();
    expect(spoofed).not.toHaveProperty(['listings', 'live', 'lastError']);
    const withToken = (await viaNginx('/healthz', { headers: { Authorization: `Bearer ${HEALTHZ_TOKEN}` } })).json();
    expect(withToken).toHaveProperty(['listings', 'live', 'lastError']);
  });

  it('never answers 5xx for a Host with userinfo or garbage on /api/busca', async () => {
    // A query of its own, so nginx's cache cannot answer for Placar; a conditional, so Placar's neither.
    for (const host of ['u@evil', 'u:p@evil:80', 'evil:99999', '@']) {
      const headers = { Host: host, 'If-None-Match': '"outra"' };
      const head = Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      const response = await viaNginxRaw(`GET /api/busca?q=vasco HTTP/1.1\r\n${head}Connection: close\r\n\r\n`);
      expect(response.status, host).toBeLessThan(500);
      const direct = await rawRequest(served.placar.url, '/api/busca?q=vasco', { headers });
      expect(direct.status, host).toBe(200);
    }
    expect(served.placar.output()).not.toMatch(/erro ao responder/);
  });

  it('serves a rebuild at once: the current symlink is followed on every request', async () => {
    const before = (await viaNginx('/api/live')).json() as ListEnvelope;
    expect(before.matches.find((match) => match.homeTeam.name === 'Flamengo')?.score).toMatchObject({
      home: 2,
      away: 1,
    });
    served.upstream.setPage(LIVE_PATH, withScore(pages[LIVE_PATH] ?? '', FLAMENGO, 5, 4));
    const buildBefore = readCurrentBuildId(dataDir);
    const refresh = await runRefreshCli();
    expect(refresh.code, refresh.output).toBe(0);
    expect(readCurrentBuildId(dataDir)).not.toBe(buildBefore);
    const after = (await viaNginx('/api/live')).json() as ListEnvelope;
    expect(after.matches.find((match) => match.homeTeam.name === 'Flamengo')?.score).toMatchObject({
      home: 5,
      away: 4,
    });
    expect(after.generatedAt).not.toBe(before.generatedAt);
    const page = (await viaNginx('/')).text();
    const goals = (side: string, count: number): string => `<span class="goals goals--${side}">${count}</span>`;
    const score = `${goals('home', 5)}<span class="score-x"> x </span>${goals('away', 4)}`;
    expect(page).toContain(`<span class="score">${score}</span>`);
  });

  it('passes /api/eventos/stream on unbuffered: an event arrives at once over the open connection, as in the feed', async () => {
    // Placar learns of another process's swap (the rebuild test's) at its next request: first make it serve the
    // build nginx serves, or that build's events would reach the new stream as news.
    const lastOf = (response: RawResponse): string | undefined => (response.json() as EventFeed).events.at(-1)?.id;
    const onDisk = lastOf(await viaNginx('/api/eventos'));
    await expect
      .poll(async () => lastOf(await rawRequest(served.placar.url, '/api/eventos')), { timeout: 10_000 })
      .toBe(onDisk);
    const stream = await openEventStream(nginx.url, '/api/eventos/stream', { ca: nginx.ca });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['cache-control']).toBe('no-cache, no-transform');
    // The first line comes before any event: nothing waits in a proxy buffer.
    await stream.waitFor((client) => client.retry !== null);
    served.upstream.setPage(LIVE_PATH, withScore(pages[LIVE_PATH] ?? '', FLAMENGO, 6, 4));
    const refresh = await runRefreshCli();
    expect(refresh.code, refresh.output).toBe(0);
    await stream.waitFor((client) => client.ids().length >= 1);
    const feed = (await viaNginx('/api/eventos')).json() as EventFeed;
    expect(feed.events.at(-1)?.type).toBe('GOAL');
    expect(stream.ids()).toEqual([feed.events.at(-1)?.id]);
    stream.close();
  });

  it('keeps answering a cached search while Placar is down (stale-if-error), and says so for the rest', async () => {
    await served.placar.stop();
    const down = await viaNginx('/api/busca?q=palmeiras');
    expect(down.status).toBe(503);
    expect(down.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(down.headers['access-control-allow-origin']).toBe('*');
    expect((await viaNginx('/healthz')).status).toBe(503);
    // Past s-maxage (30 s) the entry is stale: nginx would ask Placar, fails, and serves it anyway.
    const wait = searchCachedAt + 31_000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const stale = await viaNginx('/api/busca?q=flamengo');
    expect(stale.status).toBe(200);
    expect(stale.headers['x-cache-status']).toBe('STALE');
    expect(stale.body.equals(cachedSearch)).toBe(true);
    expect(stale.headers['content-type']).toBe('application/json; charset=utf-8');
    // The static site does not need Placar at all.
    expect((await viaNginx('/hoje')).status).toBe(200);
  }, 60_000);
});
