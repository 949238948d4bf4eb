/**
 * HTTP details beyond the happy path, over real HTTP on loopback: byte ranges of static files
 * (206, 416, If-Range, several ranges), Permissions-Policy on every answer, the opt-in
 * Strict-Transport-Security (absent on a plain local start), and the 503 problem an API
 * client gets while Placar has no build yet.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/lib/config/config.ts';
import { PERMISSIONS_POLICY } from '../../../src/lib/api/headers-policy.ts';
import { buildOpenApiDocument } from '../../../src/lib/api/openapi.ts';
import { startHttpServer, type PlacarHttpServer } from '../../../src/server/http-server.ts';
import { expectProblem } from '../../support/openapi/http-expectations.ts';
import { createOpenApiBodyValidator } from '../../support/openapi/openapi-validator.ts';
import { rawRequest } from '../../support/http/raw-http.ts';
import { startServedFixtures, type ServedFixtures } from '../../support/openapi/served-fixtures.ts';

let served: ServedFixtures;

beforeAll(async () => {
  served = await startServedFixtures({ REFRESH_CRON: '0 0 * * *' });
});

afterAll(async () => {
  await served?.close();
});

describe('byte ranges of static files', () => {
  it.each(['/api/hoje', '/hoje', '/favicon.svg'])(
    '%s: one range → 206 with Content-Range; compressed answers are whole',
    async (route) => {
      const compressed = await served.get(route, { 'Accept-Encoding': 'br, gzip', Range: 'bytes=5-14' });
      if (compressed.headers['content-encoding']) {
        expect(compressed.status).toBe(200);
        expect(compressed.headers['accept-ranges']).toBeUndefined();
        expect(compressed.headers['content-range']).toBeUndefined();
      }
      {
        const headers: Record<string, string> = {};
        const whole = await served.get(route, headers);
        expect(whole.status).toBe(200);
        expect(whole.headers['accept-ranges']).toBe('bytes');
        const size = whole.body.length;
        const part = await served.get(route, { ...headers, Range: 'bytes=5-14' });
        expect(part.status).toBe(206);
        expect(part.headers['content-range']).toBe(`bytes 5-14/${size}`);
        expect(part.body.equals(whole.body.subarray(5, 15))).toBe(true);
        expect(part.headers.etag).toBe(whole.headers.etag);
        expect(part.headers['content-encoding']).toBeUndefined();
        const suffix = await served.get(route, { ...headers, Range: 'bytes=-7' });
        expect(suffix.status).toBe(206);
        expect(suffix.body.equals(whole.body.subarray(size - 7))).toBe(true);
      }
    },
  );

  it('416 with the size when no range is satisfiable or one cannot be read; the whole file for several ranges, a stale If-Range, HEAD or another unit', async () => {
    const whole = await served.get('/api/live');
    const size = whole.body.length;
    const unsatisfiable = await served.get('/api/live', { Range: `bytes=${size}-` });
    expectProblem(unsatisfiable, 416, served.schemas);
    expect(unsatisfiable.headers['content-range']).toBe(`bytes */${size}`);
    // One range that cannot be read is refused the same way (as nginx does, issue 35).
    const unreadable = await served.get('/api/live', { Range: 'bytes=zz' });
    expectProblem(unreadable, 416, served.schemas);
    const ignored: Record<string, string>[] = [
      { Range: 'bytes=0-1,5-6' },
      { Range: 'bytes=0-9', 'If-Range': '"outro"' },
      { Range: 'bytes=0-9', 'If-Range': 'Mon, 01 Jan 2001 00:00:00 GMT' },
      { Range: 'items=0-9' },
    ];
    for (const headers of ignored) {
      const response = await served.get('/api/live', headers);
      expect(response.status, JSON.stringify(headers)).toBe(200);
      expect(response.body.equals(whole.body)).toBe(true);
    }
    const matching = await served.get('/api/live', { Range: 'bytes=0-9', 'If-Range': String(whole.headers.etag) });
    expect(matching.status).toBe(206);
    const head = await served.get('/api/live', { Range: 'bytes=0-9' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(size));
    // The on-demand search answers whole, and says nothing about ranges.
    const search = await served.get('/api/busca?q=flamengo', { Range: 'bytes=0-9' });
    expect(search.status).toBe(200);
    expect(search.headers['accept-ranges']).toBeUndefined();
  });
});

describe('security headers', () => {
  it('denies every browser feature the dashboard does not use (Permissions-Policy), and sends no HSTS by default', async () => {
    expect(PERMISSIONS_POLICY).toMatch(/(^|, )camera=\(\)/);
    expect(PERMISSIONS_POLICY).toMatch(/(^|, )geolocation=\(\)/);
    expect(PERMISSIONS_POLICY).not.toMatch(/=\((?!\))/);
    for (const route of ['/', '/api/live', '/api/busca?q=flamengo', '/api/nada', '/nada']) {
      const response = await served.get(route);
      expect(response.headers['permissions-policy'], route).toBe(PERMISSIONS_POLICY);
      expect(response.headers['strict-transport-security'], route).toBeUndefined();
    }
  });
});

describe('a server without a build yet', () => {
  let dataDir: string;
  let server: PlacarHttpServer | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-semantics-'));
    const config = parseConfig({
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      UPSTREAM_URL: 'http://127.0.0.1:9',
      HSTS_MAX_AGE: '31536000',
    });
    server = await startHttpServer(config, () => undefined);
  });

  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers API clients with a 503 problem and Retry-After, as the document says, and pages with HTML', async () => {
    const validator = createOpenApiBodyValidator(buildOpenApiDocument());
    for (const route of ['/api/live', '/api/routes', '/api/busca']) {
      const target = route === '/api/busca' ? '/api/busca?q=flamengo' : route;
      const response = await rawRequest(server?.url ?? '', target);
      expectProblem(response, 503, validator);
      expect(response.headers['retry-after']).toBe('2');
      expect(validator.responseErrors('GET', route, response)).toEqual([]);
    }
    const page = await rawRequest(server?.url ?? '', '/hoje');
    expect(page.status).toBe(503);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('sends Strict-Transport-Security on every answer when HSTS_MAX_AGE is set', async () => {
    for (const route of ['/', '/api/live', '/healthz']) {
      expect((await rawRequest(server?.url ?? '', route)).headers['strict-transport-security'], route).toBe(
        'max-age=31536000',
      );
    }
  });
});
