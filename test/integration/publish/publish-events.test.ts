/**
 * The refresher's publishing to Pushpin, against control endpoints on loopback that record what
 * they get: one request per endpoint per refresh with each new event on each of its channels
 * (id, prev-id, the stream's bytes); a down endpoint logged and sent what it missed next time,
 * also by the next process (DATA_DIR/pushpin-publish.json); the others never held up; what
 * does not fit in one request left for the streams to fetch.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_NOTICE_CHANNEL, chainChannels, channelsOfMatch } from '../../../src/lib/api/event-channels.ts';
import { formatEventWire } from '../../../src/lib/api/event-wire.ts';
import type { MatchEvent } from '../../../src/lib/model/model.ts';
import { writeEventStoreAtomically } from '../../../src/lib/store/scraped/event-store.ts';
import { createEventPublisher } from '../../../src/refresh/publish/publish-events.ts';
import { readFixturePages, startFakeUpstream } from '../../../src/demo/upstream-server.ts';
import { buildGoalEvents } from '../../../harness/event-sites.ts';
import { RARE_REFRESH_CRON, startPlacar } from '../../../harness/placar-process.ts';
import { withScore } from '../../../harness/upstream-pages.ts';

const T0 = Date.parse('2026-11-21T20:00:00-03:00');

interface PublishedItem {
  channel: string;
  /** Absent on a build notice. */
  id?: string;
  'prev-id'?: string;
  formats: { 'http-stream': { content: string } };
}

interface ControlEndpoint {
  url: string;
  requests: PublishedItem[][];
  /** 'ok', 'fail' (503) or 'hang' (never answers). */
  mode: 'ok' | 'fail' | 'hang';
  close(): Promise<void>;
}

async function startControlEndpoint(): Promise<ControlEndpoint> {
  const endpoint: ControlEndpoint = { url: '', requests: [], mode: 'ok', close: async () => undefined };
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      if (endpoint.mode === 'hang') return;
      if (endpoint.mode === 'fail' || req.method !== 'POST' || req.url !== '/publish/') {
        res.writeHead(503);
        return void res.end('Service Unavailable\n');
      }
      endpoint.requests.push((JSON.parse(body) as { items: PublishedItem[] }).items);
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('Published\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/publish/`;
  endpoint.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return endpoint;
}

let dataDir: string;
let endpoints: ControlEndpoint[];
const lines: string[] = [];
const log = (line: string): void => void lines.push(line);

function keep(events: readonly MatchEvent[]): void {
  writeEventStoreAtomically(dataDir, {
    lastId: events.at(-1)?.id ?? null,
    checkedAt: '2026-11-21T20:00:00-03:00',
    events: [...events],
    known: [],
  });
}

/** The items the refresher must publish for `fresh`, the last events of `all`. */
function expectedItems(all: readonly MatchEvent[], fresh: number): PublishedItem[] {
  const { items } = chainChannels(all);
  return all.slice(all.length - fresh).flatMap((event, index) =>
    (items[all.length - fresh + index] ?? []).map((item) => ({
      channel: item.channel,
      id: item.id,
      'prev-id': item.prevId,
      formats: { 'http-stream': { content: formatEventWire(event) } },
    })),
  );
}

beforeAll(async () => {
  endpoints = [await startControlEndpoint(), await startControlEndpoint()];
});

afterAll(async () => {
  await Promise.all(endpoints.map((endpoint) => endpoint.close()));
});

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-publish-events-'));
  lines.length = 0;
  for (const endpoint of endpoints) {
    endpoint.requests = [];
    endpoint.mode = 'ok';
  }
  return () => fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('publishing new events to Pushpin', () => {
  it('each refresh: one request per endpoint with every new event on each of its channels, nothing older', async () => {
    const events = buildGoalEvents(T0, 12);
    keep(events.slice(0, 8));
    const publisher = createEventPublisher({ urls: endpoints.map((endpoint) => endpoint.url), dataDir, log });
    publisher.publish();
    await publisher.idle();
    expect(endpoints.map((endpoint) => endpoint.requests.length)).toEqual([0, 0]);

    keep(events);
    publisher.publish();
    await publisher.idle();
    for (const endpoint of endpoints) {
      expect(endpoint.requests).toHaveLength(1);
      expect(endpoint.requests[0]).toEqual(expectedItems(events, 4));
      expect(endpoint.requests[0]).toHaveLength(4 * channelsOfMatch(events[0]?.match as MatchEvent['match']).length);
    }
    expect(lines).toEqual([]);
  });

  it('a down endpoint is logged, holds up no other, and gets what it missed at the next refresh, even by another process', async () => {
    const [up, down] = endpoints as [ControlEndpoint, ControlEndpoint];
    const events = buildGoalEvents(T0, 12);
    keep(events.slice(0, 4));
    const first = createEventPublisher({ urls: [down.url, up.url], dataDir, log, timeoutMs: 3_000 });
    down.mode = 'hang';
    keep(events.slice(0, 6));
    first.publish();
    let settled = false;
    const idle = first.idle().then(() => (settled = true));
    await expect.poll(() => up.requests.length).toBe(1);
    // The other endpoint got its request while this one still hung.
    expect(settled).toBe(false);
    expect(up.requests[0]).toEqual(expectedItems(events.slice(0, 6), 2));
    await idle;
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^aviso: Pushpin ${down.url} não recebeu 2 evento\\(s\\)`)),
    ]);

    // The next refresh is another `npm run refresh`: a new publisher, the state from DATA_DIR.
    down.mode = 'ok';
    keep(events.slice(0, 9));
    const next = createEventPublisher({ urls: [down.url, up.url], dataDir, log });
    next.publish();
    await next.idle();
    expect(down.requests).toEqual([expectedItems(events.slice(0, 9), 5)]);
    expect(up.requests[1]).toEqual(expectedItems(events.slice(0, 9), 3));

    // Down again, then back: the process that saw it fail says when it takes events again.
    down.mode = 'fail';
    keep(events.slice(0, 10));
    next.publish();
    await next.idle();
    expect(lines.at(-1)).toMatch(/não recebeu 1 evento\(s\) \(HTTP 503\)/);
    down.mode = 'ok';
    keep(events);
    next.publish();
    await next.idle();
    expect(down.requests.at(-1)).toEqual(expectedItems(events, 3));
    expect(lines.at(-1)).toBe(`Pushpin ${down.url} voltou a receber eventos (3 enviados).`);
  });

  it('endpoints answering at once: the state on disk names the last event each one took', async () => {
    // Each endpoint's success saves the state; saves overlapping on disk must not leave an older one last.
    const many = await Promise.all(Array.from({ length: 12 }, () => startControlEndpoint()));
    try {
      const urls = many.map((endpoint) => endpoint.url);
      const events = buildGoalEvents(T0, 12);
      keep(events.slice(0, 2));
      const publisher = createEventPublisher({ urls, dataDir, log });
      for (let taken = 3; taken <= events.length; taken += 1) {
        keep(events.slice(0, taken));
        publisher.publish();
        await publisher.idle();
        const state = JSON.parse(fs.readFileSync(path.join(dataDir, 'pushpin-publish.json'), 'utf8')) as {
          lastIds: Record<string, string>;
        };
        expect(state.lastIds).toEqual(Object.fromEntries(urls.map((url) => [url, events[taken - 1]?.id])));
      }
      expect(lines).toEqual([]);
    } finally {
      await Promise.all(many.map((endpoint) => endpoint.close()));
    }
  });

  it('a refresh during a request is folded into the next request, in order', async () => {
    const [endpoint] = endpoints as [ControlEndpoint];
    const events = buildGoalEvents(T0, 10);
    keep(events.slice(0, 2));
    const publisher = createEventPublisher({ urls: [endpoint.url], dataDir, log });
    keep(events.slice(0, 4));
    publisher.publish();
    keep(events.slice(0, 6));
    publisher.publish();
    keep(events.slice(0, 8));
    publisher.publish();
    await publisher.idle();
    const sent = endpoint.requests.flat().filter((item) => item.channel === 'todos');
    expect(sent.map((item) => item.id)).toEqual(events.slice(2, 8).map((event) => event.id));
    expect(endpoint.requests.length).toBeLessThanOrEqual(2);
  });

  it('with a build: its id-less notice goes last on the notices’ channel, also when no event is new', async () => {
    const [endpoint] = endpoints as [ControlEndpoint];
    const events = buildGoalEvents(T0, 6);
    keep(events.slice(0, 4));
    const publisher = createEventPublisher({ urls: [endpoint.url], dataDir, log });
    const notice = (build: string): PublishedItem => ({
      channel: BUILD_NOTICE_CHANNEL,
      formats: { 'http-stream': { content: `event: build\ndata: {"build":"${build}"}\n\n` } },
    });
    publisher.publish('b1');
    await publisher.idle();
    keep(events);
    publisher.publish('b2');
    await publisher.idle();
    expect(endpoint.requests).toEqual([[notice('b1')], [...expectedItems(events, 2), notice('b2')]]);
    // The events' state is as without notices: the next publish sends no event again.
    publisher.publish('b3');
    await publisher.idle();
    expect(endpoint.requests.at(-1)).toEqual([notice('b3')]);
    expect(lines).toEqual([]);
  });

  it('what does not fit in one request is left out, oldest first, and said', async () => {
    const [endpoint] = endpoints as [ControlEndpoint];
    const events = buildGoalEvents(T0, 30);
    keep(events.slice(0, 10));
    // Room for the last 5 events' items, not a 6th.
    const bytes = expectedItems(events, 5).reduce((sum, item) => sum + Buffer.byteLength(JSON.stringify(item)) + 1, 0);
    const publisher = createEventPublisher({ urls: [endpoint.url], dataDir, log, maxBytes: bytes + 12 });
    keep(events);
    publisher.publish();
    await publisher.idle();
    const sent = endpoint.requests[0] ?? [];
    expect(sent).toEqual(expectedItems(events, 5));
    expect(lines).toEqual([
      `aviso: Pushpin ${endpoint.url}: 15 evento(s) mais antigos não couberam no pedido; seus fluxos os pedem ao Placar.`,
    ]);
  });
});

describe('npm start as the refresher', () => {
  it('publishes the events of its own refreshes, once the build is served', async () => {
    const [endpoint] = endpoints as [ControlEndpoint];
    const pages = readFixturePages();
    const upstream = await startFakeUpstream({ pages });
    const env = { REFRESH_CRON: RARE_REFRESH_CRON, PUSHPIN_PUBLISH_URLS: endpoint.url.replace(/publish\/$/, '') };
    const placar = await startPlacar({ upstreamUrl: upstream.url, dataDir, env });
    try {
      const live = '/jogos-em-andamento';
      upstream.setPage(
        live,
        withScore(pages[live] ?? '', '/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html', 5, 1),
      );
      expect(await placar.refreshNow()).toMatch(/^atualização #\d+ concluída/);
      await expect
        .poll(() => endpoint.requests.flat().some((item) => item.channel === 'todos'), { timeout: 30_000 })
        .toBe(true);
      const items = endpoint.requests.flat();
      // Every refresh's request ends with its build's notice, on the channel every stream holds.
      for (const request of endpoint.requests) {
        expect(request.at(-1)).toEqual({
          channel: 'builds',
          formats: {
            'http-stream': { content: expect.stringMatching(/^event: build\ndata: \{"build":"[^"]+"\}\n\n$/) },
          },
        });
      }
      expect(items.map((item) => item.channel)).toContain('t.flamengo');
      const served = (await (await fetch(`${placar.url}/api/eventos`)).json()) as { events: MatchEvent[] };
      const published = items.find((item) => item.channel === 'todos');
      expect(served.events.map((event) => event.id)).toContain(published?.id);
      expect(published?.formats['http-stream'].content).toMatch(/^id: \d{13}-\d{4}\nevent: GOAL\ndata: \{/);
    } finally {
      await placar.stop();
      await upstream.close();
    }
  }, 120_000);
});
