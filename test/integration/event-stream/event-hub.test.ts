/**
 * The event hub under a client that stops reading: its live backlog is bounded, then it is
 * dropped (it may resume by id), while a reading client on the same server gets every event.
 * Real loopback sockets; the stalled one never reads, so the kernel buffers fill first.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEventWire } from '../../../src/server/event-stream/event-hub.ts';
import { openEventStream } from '../../../harness/event-stream-client.ts';
import { buildFeedSite, buildGoalEvents, startHubServer, type HubServer } from '../../../harness/event-sites.ts';

const T0 = Date.parse('2026-11-21T20:00:00-03:00');
const BUILDS = 25;
const PER_BUILD = 400;
let server: HubServer;

beforeAll(async () => {
  server = await startHubServer({ perIp: 0, max: 100, maxQueuedMessages: 2000 });
  server.hub.load(buildFeedSite('b0', []));
});

afterAll(async () => {
  await server?.close();
});

describe('a client that stops reading', () => {
  it('is dropped once its backlog passes the cap, while a reading client receives every event', async () => {
    const reader = await openEventStream(server.url, '/');
    const stalled = net.connect(Number(new URL(server.url).port), '127.0.0.1');
    await new Promise<void>((resolve) => stalled.once('connect', () => resolve()));
    stalled.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    stalled.pause();
    let stalledClosed = false;
    stalled.once('close', () => (stalledClosed = true));
    await expect.poll(() => server.hub.size()).toBe(2);

    const all = buildGoalEvents(T0, BUILDS * PER_BUILD);
    for (let build = 1; build <= BUILDS; build += 1) {
      // Each build's feed keeps the last 5,000 events, as the store does.
      server.hub.load(buildFeedSite(`b${build}`, all.slice(Math.max(0, build * PER_BUILD - 5000), build * PER_BUILD)));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await reader.waitFor((client) => client.ids().length >= all.length, 30_000);
    expect(reader.ids()).toEqual(all.map((event) => event.id));
    await expect.poll(() => server.hub.size()).toBe(1);
    // Reading now drains what the kernel held, then the end: the server has closed this connection.
    let received = 0;
    stalled.on('data', (chunk: Buffer) => (received += chunk.length));
    stalled.on('error', () => undefined);
    stalled.resume();
    await expect.poll(() => stalledClosed, { timeout: 10_000 }).toBe(true);
    console.info(`stalled client got ${received} bytes before its end`);
    // It got what the kernel held, not the whole stream.
    expect(received).toBeLessThan(all.reduce((sum, event) => sum + Buffer.byteLength(formatEventWire(event)), 0));
    stalled.destroy();
    reader.close();
  });

  it('a dropped client resumes by id and gets exactly what it missed', async () => {
    const all = buildGoalEvents(T0, BUILDS * PER_BUILD).slice(-5000);
    const lastSeen = all[4000]?.id ?? '';
    const resumed = await openEventStream(server.url, '/', { headers: { 'Last-Event-ID': lastSeen } });
    await resumed.waitFor((client) => client.ids().length >= 999);
    expect(resumed.ids()).toEqual(all.slice(4001).map((event) => event.id));
    resumed.close();
  });
});
