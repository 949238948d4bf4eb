/**
 * A new build reaches each open stream in one write: its new events, then its notice (at 10,000
 * streams the writes are most of the server's part of the delay). The stream's bytes go straight to
 * its socket (no chunked framing): the server-side socket's writes are counted as they pass, and the
 * raw bytes read by the client.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFeedSite, buildGoalEvents } from '../../../harness/event-sites.ts';
import { createEventHub, type EventHub } from '../../../src/server/event-stream/event-hub.ts';

const T0 = Date.parse('2026-11-21T20:00:00-03:00');
let hub: EventHub;
let server: http.Server;
let url: URL;
/** What the server wrote to each stream's socket, one entry per write, after the stream's head. */
const writes: string[][] = [];

beforeAll(async () => {
  hub = createEventHub({ perIp: 0, max: 10, log: () => undefined });
  hub.load(buildFeedSite('b0', []));
  server = http.createServer((req, res) => {
    const written: string[] = [];
    writes.push(written);
    const socket = req.socket;
    const write = socket.write.bind(socket) as (chunk: string | Uint8Array) => boolean;
    socket.write = ((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return write(chunk);
    }) as typeof socket.write;
    hub.attach(res, '127.0.0.1', { team: null, competition: null, since: null, onlyBuildNotices: false });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  hub?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

describe('a new build on an open stream', () => {
  it('arrives in one write: the new events, then the notice', async () => {
    const socket = net.connect(Number(url.port), '127.0.0.1');
    let raw = '';
    socket.setEncoding('utf8');
    socket.on('data', (text: string) => (raw += text));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await expect.poll(() => raw.includes('retry: ')).toBe(true);
    const written = writes.at(-1) ?? [];
    const before = written.length;
    const readBefore = raw.length;
    hub.load(buildFeedSite('b1', buildGoalEvents(T0, 3)));
    await expect.poll(() => raw.slice(readBefore).includes('event: build')).toBe(true);
    const batches = written.slice(before).filter((chunk) => !chunk.startsWith(':'));
    expect(batches).toHaveLength(1);
    const [batch] = batches;
    expect(batch?.match(/^id: /gm)).toHaveLength(3);
    expect(batch?.lastIndexOf('id: ')).toBeLessThan(batch?.indexOf('event: build') ?? -1);
    // The client reads exactly those bytes: no framing around them.
    expect(raw.slice(readBefore)).toBe(batch);
    socket.destroy();
  });
});
