/**
 * /api/busca's handler over a search source (src/server/search/search-handler.ts), on a real
 * loopback server in this process: the query is checked before the source is asked, what the
 * source finds is answered with ETag and 304, and a source that cannot answer (a cluster's primary
 * that did not reply: src/server/cluster/primary-search.ts) gives a 503 with Retry-After, never a 500.
 */
import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchBody } from '../../../src/lib/api/search-answer.ts';
import type { WorkerMessage } from '../../../src/server/cluster/cluster-messages.ts';
import { createPrimaryChannel, type PrimaryChannel } from '../../../src/server/cluster/primary-channel.ts';
import { createPrimarySearch } from '../../../src/server/cluster/primary-search.ts';
import { createSearchHandler, type SearchSource } from '../../../src/server/search/search-handler.ts';
import { rawRequest } from '../../support/http/raw-http.ts';

const asked: string[] = [];
let answer: (q: string) => SearchBody | null | Promise<SearchBody | null> = () => null;
const source: SearchSource = {
  find(q) {
    asked.push(q);
    return answer(q);
  },
  ready: () => false,
};
const handler = createSearchHandler(source);
let server: http.Server;
let url = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    void handler.handle(req, res, () => {
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the search handler over a source', () => {
  it('answers a bad query 400 without asking the source', async () => {
    asked.length = 0;
    for (const query of ['', '?q=', '?q=a', '?q=x&q=y']) {
      const response = await rawRequest(url, `/api/busca${query}`);
      expect(response.status, query).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
    expect(asked).toEqual([]);
  });

  it('answers what the source found, with an ETag a second request revalidates (304)', async () => {
    const text = JSON.stringify({ q: 'flamengo', count: 0, matches: [] });
    answer = () => Promise.resolve({ text, lastModified: 'Sat, 28 Nov 2026 11:00:00 GMT' });
    const first = await rawRequest(url, '/api/busca?q=%20flamengo%20');
    expect(first.status).toBe(200);
    expect(first.text()).toBe(text);
    expect(first.headers['last-modified']).toBe('Sat, 28 Nov 2026 11:00:00 GMT');
    expect(asked.at(-1)).toBe('flamengo');
    const etag = String(first.headers.etag);
    const again = await rawRequest(url, '/api/busca?q=flamengo', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('hands "nothing to search yet" to the caller (404 here)', async () => {
    answer = () => null;
    expect((await rawRequest(url, '/api/busca?q=flamengo')).status).toBe(404);
  });

  it('answers 503 with Retry-After when the primary does not reply in time, and goes on answering after', async () => {
    // A primary that never replies.
    const primary = createPrimarySearch(
      createPrimaryChannel({ endpoint: new EventEmitter(), send: () => undefined }),
      50,
    );
    answer = (q) => primary.find(q);
    const response = await rawRequest(url, '/api/busca?q=flamengo');
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    expect((response.json() as { title: string }).title).toBe('Busca indisponível');
    answer = () => ({ text: '{}', lastModified: 'Sat, 28 Nov 2026 11:00:00 GMT' });
    expect((await rawRequest(url, '/api/busca?q=flamengo')).status).toBe(200);
  });
});

/** A channel to a fake primary in this process: what the worker sent, and a way to reply or go away. */
function fakePrimary(): PrimaryChannel & { sent: WorkerMessage[]; reply(message: unknown): void; disconnect(): void } {
  const endpoint = new EventEmitter();
  const sent: WorkerMessage[] = [];
  const channel = createPrimaryChannel({ endpoint, send: (message) => sent.push(message) });
  return {
    ...channel,
    sent,
    reply: (message) => endpoint.emit('message', message),
    disconnect: () => endpoint.emit('disconnect'),
  };
}

describe("a worker's searches through its primary", () => {
  it('sends each search with its own id and resolves each with the reply of that id', async () => {
    const primary = fakePrimary();
    const search = createPrimarySearch(primary, 5_000);
    const first = search.find('flamengo');
    const second = search.find('palmeiras');
    expect(primary.sent).toEqual([
      { placar: 'search', id: 0, q: 'flamengo' },
      { placar: 'search', id: 1, q: 'palmeiras' },
    ]);
    const found = { text: '{"q":"palmeiras"}', lastModified: 'Sat, 28 Nov 2026 11:00:00 GMT' };
    primary.reply({ placar: 'search-found', id: 1, found });
    primary.reply({ placar: 'search-found', id: 0, found: null });
    primary.reply({ placar: 'search-found', id: 0, found }); // late duplicate: ignored
    primary.reply({ placar: 'search-found', id: 'x' }); // not a valid message: ignored
    await expect(second).resolves.toEqual(found);
    await expect(first).resolves.toBeNull();
  });

  it('rejects what is pending when the primary goes away, and what it does not answer in time', async () => {
    const primary = fakePrimary();
    const search = createPrimarySearch(primary, 5_000);
    const pending = search.find('flamengo');
    primary.disconnect();
    await expect(pending).rejects.toThrow(/principal saiu/);
    const slow = createPrimarySearch(fakePrimary(), 20);
    await expect(slow.find('flamengo')).rejects.toThrow(/não respondeu em 20 ms/);
  });
});
