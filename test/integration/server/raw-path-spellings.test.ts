/**
 * Issue 48 §5, on Placar itself (push on): a backslash is a character of the path, never a "/"
 * (WHATWG URL parsing reads it as one in http URLs), so "/api/push/..\..\healthz" and its kin name
 * no route; and the push routes answer only on their exact raw path — any other spelling that
 * reads as them ("/api/%70ush", "/api/x/../push/inscricoes") is a 404 problem, never a key or a
 * subscription change. In this process (no port, no cron): one refresh handed to a server asked over its in-memory
 * connection, each target sent verbatim.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { refreshPlacarForFile } from '../../support/data-dir/in-process-placar.ts';

const PROBLEM = 'application/problem+json; charset=utf-8';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-raw-path-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const served = refreshPlacarForFile({
  pages: readFixturePages,
  dataDir,
  env: { VAPID_SUBJECT: 'mailto:placar@example.com' },
});

describe('raw path spellings on Placar', () => {
  it('reads a backslash as itself: no spelling with one reaches /healthz, a listing, a page or the stream', async () => {
    for (const target of [
      '/api/push/..\\..\\healthz',
      '/api/push\\..\\..\\healthz',
      '/api/push/..\\..\\api/busca?q=flamengo',
      '/api/push/..\\..\\api/live?time=flamengo',
      '/api/push/..\\..\\hoje',
      '/api/push/..\\..\\api/eventos/stream',
      '/api\\hoje',
      '/x/..\\healthz',
    ]) {
      const response = await served.placar.request(target);
      expect(response.status, target).toBe(404);
    }
    expect((await served.placar.request('/healthz')).status).toBe(200);
  });

  it('answers the push routes on their exact raw path only', async () => {
    const key = await served.placar.request('/api/push');
    expect(key.status).toBe(200);
    expect(key.json()).toEqual({ publicKey: expect.any(String) });
    for (const target of ['/api/%70ush', '/api/x/../push', '/api/./push', '/api/push/inscricoes/../../push']) {
      const response = await served.placar.request(target);
      expect(response.status, target).toBe(404);
      expect(response.headers['content-type'], target).toBe(PROBLEM);
      expect(JSON.stringify(response.json()), target).not.toContain('publicKey');
    }
    const headers = { 'Content-Type': 'application/json' };
    // 404: a spelling of the route; 405: a path of its own, which (as every path but push) takes GET and HEAD only.
    for (const [target, status] of [
      ['/api/push/x/../inscricoes', 404],
      ['/api/push/%69nscricoes', 404],
      ['/api/push/.\\inscricoes', 405],
    ] as const) {
      const response = await served.placar.request(target, { method: 'DELETE', headers });
      expect(response.status, target).toBe(status);
      expect(response.headers['content-type'], target).toBe(PROBLEM);
    }
  });
});
