/**
 * A new build reaches each open stream in one write: its new events, then its notice, as one HTTP
 * chunk (at 10,000 streams the writes are most of the server's part of the delay). Read on a raw
 * socket, so the chunks are the server's writes.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFeedSite, buildGoalEvents, startHubServer, type HubServer } from '../../harness/event-sites.ts';

const T0 = Date.parse('2026-11-21T20:00:00-03:00');
let server: HubServer;

beforeAll(async () => {
  server = await startHubServer({ perIp: 0, max: 10 });
  server.hub.load(buildFeedSite('b0', []));
});

afterAll(async () => {
  await server?.close();
});

/** The body chunks of a chunked HTTP response read so far (sizes and texts), past the head. */
function readChunks(raw: string): string[] {
  const chunks: string[] = [];
  let at = raw.indexOf('\r\n\r\n') + 4;
  while (at > 3 && at < raw.length) {
    const sizeEnd = raw.indexOf('\r\n', at);
    if (sizeEnd === -1) break;
    const size = Number.parseInt(raw.slice(at, sizeEnd), 16);
    const start = sizeEnd + 2;
    if (Number.isNaN(size) || start + size > raw.length) break;
    chunks.push(raw.slice(start, start + size));
    at = start + size + 2;
  }
  return chunks;
}

describe('a new build on an open stream', () => {
  it('arrives in one write: the new events, then the notice', async () => {
    const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
    let raw = '';
    socket.setEncoding('latin1');
    socket.on('data', (text: string) => (raw += text));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await expect.poll(() => readChunks(raw).some((chunk) => chunk.startsWith('retry:'))).toBe(true);
    const before = readChunks(raw).length;
    server.hub.load(buildFeedSite('b1', buildGoalEvents(T0, 3)));
    await expect
      .poll(() =>
        readChunks(raw)
          .slice(before)
          .some((chunk) => chunk.includes('event: build')),
      )
      .toBe(true);
    const [batch, ...rest] = readChunks(raw)
      .slice(before)
      .filter((chunk) => !chunk.startsWith(':'));
    expect(rest).toEqual([]);
    expect(batch?.match(/^id: /gm)).toHaveLength(3);
    expect(batch?.lastIndexOf('id: ')).toBeLessThan(batch?.indexOf('event: build') ?? -1);
    socket.destroy();
  });
});
