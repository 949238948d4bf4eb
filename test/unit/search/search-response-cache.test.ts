/**
 * The /api/busca response cache replays the handler's 200 answers only while the searched
 * snapshot is the same (here: snapshot.json's identity) and for at most a second, for every
 * spelling of the same query and coding; everything else reaches the handler.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SearchHandler } from '../../../src/server/search/search-handler.ts';
import { withSearchResponseCache } from '../../../src/server/search/search-response-cache.ts';

let dataDir: string;
let server: http.Server;
let base: string;
let adapterCalls = 0;
let clock = 0;

/** Stands in for the adapter: answers like it does (writeHead with an object, chunked writes). */
const adapter: SearchHandler = {
  async handle(req, res) {
    adapterCalls++;
    const q = new URL(req.url ?? '/', 'http://x').searchParams.get('q') ?? '';
    const status = q.length < 2 ? 400 : 200;
    res.writeHead(status, { 'Content-Type': 'application/json', ETag: `"${adapterCalls}"` });
    res.write(`{"call":${adapterCalls},`);
    res.end(`"q":${JSON.stringify(q)},"enc":${JSON.stringify(req.headers['accept-encoding'] ?? '')}}`);
  },
  ready: () => true,
  close: () => undefined,
};

function writeSnapshot(text: string): void {
  const file = path.join(dataDir, 'snapshot.json');
  fs.writeFileSync(`${file}.tmp`, text);
  fs.renameSync(`${file}.tmp`, file);
}

async function get(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; body: string; etag: string | null }> {
  const response = await fetch(new URL(url, base), { headers, method });
  return { status: response.status, body: await response.text(), etag: response.headers.get('etag') };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-search-cache-'));
  writeSnapshot('{"v":1}');
  const file = path.join(dataDir, 'snapshot.json');
  const snapshotKey = (): string => {
    const stats = fs.statSync(file);
    return `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
  };
  const cached = withSearchResponseCache(adapter, snapshotKey, () => clock);
  server = http.createServer((req, res) => void cached.handle(req, res, () => res.end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  clock += 10_000; // every test starts with expired entries
  adapterCalls = 0;
});

describe('search response cache', () => {
  it('replays an identical GET byte for byte without calling the adapter', async () => {
    const first = await get('/api/busca?q=flamengo');
    const second = await get('/api/busca?q=flamengo');
    expect(adapterCalls).toBe(1);
    expect(second).toEqual(first);
    expect(JSON.parse(first.body)).toMatchObject({ call: 1, q: 'flamengo' });
  });

  it('replays other parameters, their order, another escaping or padding of the same q', async () => {
    const first = await get('/api/busca?q=sao+paulo');
    const sameQuery = [
      '/api/busca?q=sao+paulo&a=1',
      '/api/busca?a=1&q=sao%20paulo&b=2',
      '/api/busca?q=%73ao%20paulo',
      '/api/busca?q=%20%20sao+paulo%20',
    ];
    for (const target of sameQuery) expect(await get(target), target).toEqual(first);
    expect(adapterCalls).toBe(1);
    // Another spelling is another answer (it echoes its own q), searched once more.
    await get('/api/busca?q=S%C3%A3o+Paulo');
    await get('/api/busca?q=sao+paulo+fc');
    expect(adapterCalls).toBe(3);
  });

  it('keys on the coding the client prefers, not on how it says so', async () => {
    await get('/api/busca?q=flamengo', { 'accept-encoding': 'br' });
    await get('/api/busca?q=flamengo', { 'accept-encoding': 'gzip, deflate, br' });
    await get('/api/busca?q=flamengo', { 'accept-encoding': 'br;q=1, gzip;q=0.5' });
    expect(adapterCalls).toBe(1);
    await get('/api/busca?q=flamengo', { 'accept-encoding': 'gzip' });
    await get('/api/busca?q=flamengo', { 'accept-encoding': 'identity' });
    expect(adapterCalls).toBe(3);
  });

  it('asks the adapter again once snapshot.json is replaced', async () => {
    await get('/api/busca?q=palmeiras');
    writeSnapshot('{"v":2, "changed": true}');
    const after = await get('/api/busca?q=palmeiras');
    expect(adapterCalls).toBe(2);
    expect(JSON.parse(after.body)).toMatchObject({ call: 2 });
  });

  it('keeps an entry for at most a second', async () => {
    await get('/api/busca?q=santos');
    clock += 999;
    await get('/api/busca?q=santos');
    expect(adapterCalls).toBe(1);
    clock += 1;
    await get('/api/busca?q=santos');
    expect(adapterCalls).toBe(2);
  });

  it('never replays errors, HEAD or conditional requests', async () => {
    await get('/api/busca?q=x');
    await get('/api/busca?q=x');
    await get('/api/busca?q=flamengo&q=santos');
    await get('/api/busca?q=flamengo&q=santos');
    expect(adapterCalls).toBe(4);
    await get('/api/busca?q=bahia');
    await get('/api/busca?q=bahia', { 'if-none-match': '"1"' });
    await get('/api/busca?q=bahia', {}, 'HEAD');
    expect(adapterCalls).toBe(7);
  });
});
