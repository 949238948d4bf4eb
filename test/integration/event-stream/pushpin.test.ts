/**
 * The event stream on Pushpin, as docs/deploying.md deploys it: two Pushpin instances
 * (deploy/pushpin/, each its own folder and ports) in front of two Placar readers
 * (REFRESH_CRON=off, PUSHPIN_SIG_KEY) on one DATA_DIR, and `npm run refresh` publishing each new
 * event to both (PUSHPIN_PUBLISH_URLS). Clients on both instances get the same events with the
 * same ids in the same order; the streams are Pushpin's (they outlive a stopped reader); a
 * client moving to the other instance with Last-Event-ID gets exactly what it missed; filters
 * keep their matches, also one Pushpin cannot hold; a stopped Pushpin loses nothing; every
 * stream (and an open page's, ?apenas=build, through nginx too) gets the refresher's build notice.
 * A process: Pushpin forwards to readers on real ports, and a stopped reader is a stopped process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { errorMessage } from '../../../src/lib/model/caught-error.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { EventFeedSchema, type EventFeed, type MatchEvent } from '../../../src/lib/model/model.ts';
import { openEventStream, type EventStreamClient } from '../../../harness/event-stream-client.ts';
import { startNginx } from '../../../harness/nginx.ts';
import { currentLinkPath } from '../../../src/lib/store/builds/build-layout.ts';
import { readPushpinLastIds } from '../../../src/lib/store/push/pushpin-publish-store.ts';
import { startPlacar, type PlacarProcess } from '../../../harness/placar-process.ts';
import { startPushpin, type PushpinProcess } from '../../../harness/pushpin.ts';
import { rawRequest } from '../../support/http/raw-http.ts';
import { runScript } from '../../../harness/run-script.ts';
import { withScore } from '../../../harness/upstream-pages.ts';

const LIVE = '/jogos-em-andamento';
const TODAY = '/jogos-de-hoje';
const FLAMENGO = '/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html';
const MADRID = '/campeonato-espanhol/21-11-2026-real-madrid-x-barcelona.html';
const SAO_PAULO = '/brasileirao-serie-a/21-11-2026-sao-paulo-x-gremio.html';
const STREAM = '/api/eventos/stream';
const SIG_KEY = 'chave-de-teste-do-pushpin-0123456789';
/**
 * Generous: the events reach every stream well within it after the refresh ends (never a timing assertion). An
 * event Pushpin gets out of order is fetched again from a reader, which may not have loaded the new build yet: on a
 * 2-core machine beside two busy loops that round took more than 15 s once.
 */
const DELIVERY_DEADLINE_MS = 60_000;
/** New streams at the same instant: more than Pushpin's queue to Placar holds (~100), fewer than nginx's connections. */
const STORM = 300;

let upstream: FakeUpstream;
let dataDir: string;
let readers: PlacarProcess[] = [];
let pushpins: PushpinProcess[] = [];
const pages = readFixturePages();
const streams: EventStreamClient[] = [];
const scores = new Map<string, [number, number]>([
  [FLAMENGO, [2, 1]],
  [MADRID, [1, 0]],
  [SAO_PAULO, [0, 0]],
]);

function goal(matchPath: string, side: 'home' | 'away'): void {
  const [home, away] = scores.get(matchPath) ?? [0, 0];
  const next: [number, number] = side === 'home' ? [home + 1, away] : [home, away + 1];
  scores.set(matchPath, next);
  for (const page of [LIVE, TODAY]) {
    pages[page] = withScore(pages[page] ?? '', matchPath, ...next);
    upstream.setPage(page, pages[page]);
  }
}

/** `npm run refresh` publishing to `to` (both instances unless said); its output. */
async function refresh(to: readonly PushpinProcess[] = pushpins): Promise<string> {
  const result = await runScript('scripts/refresh.ts', {
    ...process.env,
    DATA_DIR: dataDir,
    UPSTREAM_URL: upstream.url,
    PUBLISH_COMMAND: '',
    PUSHPIN_PUBLISH_URLS: to.map((pushpin) => pushpin.controlUrl).join(','),
  });
  expect(result.code, result.output).toBe(0);
  return result.output;
}

async function feed(): Promise<EventFeed> {
  const reader = readers.find((candidate) => candidate.process.exitCode === null) ?? readers[0];
  const response = await rawRequest(reader?.url ?? '', '/api/eventos');
  expect(response.status).toBe(200);
  return EventFeedSchema.parse(response.json());
}

async function feedWith(count: number): Promise<MatchEvent[]> {
  await expect.poll(async () => (await feed()).count, { timeout: 10_000 }).toBe(count);
  return (await feed()).events;
}

async function open(
  pushpin: PushpinProcess,
  query = '',
  headers: Record<string, string> = {},
): Promise<EventStreamClient> {
  const client = await openEventStream(pushpin.url, STREAM + query, { headers });
  streams.push(client);
  expect(client.status).toBe(200);
  expect(client.headers['content-type']).toMatch(/^text\/event-stream/);
  return client;
}

const ids = (events: readonly MatchEvent[]): string[] => events.map((event) => event.id);

/** How many times a storm client asks before the test gives up on it (each refusal says when to ask again). */
const STORM_ATTEMPTS = 10;

interface Refusal {
  status: number;
  retryAfter: number;
}

/**
 * A stream opened as the page's own code opens one: a refusal is asked again after its Retry-After,
 * until it is served (or STORM_ATTEMPTS); every refusal seen on the way.
 */
async function openRetryingAsTold(
  baseUrl: string,
  localAddress: string,
  ca: string,
): Promise<{ client: EventStreamClient; refusals: Refusal[] }> {
  const refusals: Refusal[] = [];
  for (let attempt = 1; ; attempt++) {
    const client = await openEventStream(baseUrl, STREAM, { ca, localAddress });
    if (client.status === 200 || attempt === STORM_ATTEMPTS) return { client, refusals };
    client.close();
    const retryAfter = Number(client.headers['retry-after'] ?? 0);
    refusals.push({ status: client.status, retryAfter });
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, retryAfter) * 1000));
  }
}
const has = (count: number) => (client: EventStreamClient) => client.ids().length >= count;

/** `waiting`, failing with the last lines of each process's output: what Pushpin and Placar saw of the streams. */
async function explainedBy(
  processes: readonly ({ output(): string } | undefined)[],
  waiting: Promise<unknown>,
): Promise<void> {
  try {
    await waiting;
  } catch (error) {
    const tails = processes.map((child) => (child?.output() ?? '').split('\n').slice(-30).join('\n'));
    throw new Error(`${errorMessage(error)}\n${tails.join('\n---\n')}`);
  }
}

beforeAll(async () => {
  upstream = await startFakeUpstream({ pages });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-pushpin-'));
  await refresh([]);
  const env = { REFRESH_CRON: 'off', EVENT_STREAMS_PER_IP: '0', PUSHPIN_SIG_KEY: SIG_KEY };
  readers = await Promise.all([
    startPlacar({ upstreamUrl: upstream.url, dataDir, env, waitForFirstRefresh: false }),
    startPlacar({ upstreamUrl: upstream.url, dataDir, env, waitForFirstRefresh: false }),
  ]);
  const [first, second] = readers.map((reader) => reader.url);
  // Each instance asks its own reader first, the other one when that does not answer.
  pushpins = await Promise.all([
    startPushpin({ sigKey: SIG_KEY, placarUrls: [first ?? '', second ?? ''] }),
    startPushpin({ sigKey: SIG_KEY, placarUrls: [second ?? '', first ?? ''] }),
  ]);
}, 240_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  await Promise.all([...pushpins.map((pushpin) => pushpin.stop()), ...readers.map((reader) => reader.stop())]);
  await upstream?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// Each test waits on deliveries bounded by DELIVERY_DEADLINE_MS, several of them one after another.
describe('the event stream on two Pushpin instances', { timeout: 240_000 }, () => {
  it('clients on both instances get the same events, same ids, same order, as the feed, soon after the refresh', async () => {
    const [a, b] = pushpins as [PushpinProcess, PushpinProcess];
    const clients = [await open(a), await open(a), await open(b), await open(b)];
    await Promise.all(clients.map((client) => client.waitFor((c) => c.retry !== null)));

    goal(FLAMENGO, 'home');
    goal(MADRID, 'away');
    const output = await refresh();
    expect(output).toContain('eventos: 2 novos');
    const refreshed = performance.now();
    await Promise.all(clients.map((client) => client.waitFor(has(2), DELIVERY_DEADLINE_MS)));
    const latencyMs = performance.now() - refreshed;
    const events = await feedWith(2);
    for (const client of clients) {
      expect(client.ids()).toEqual(ids(events));
      expect(client.matchMessages().map((message) => JSON.parse(message.data) as unknown)).toEqual(events);
      expect(client.matchMessages().map((message) => message.event)).toEqual(['GOAL', 'GOAL']);
    }
    // For reading only (never asserted): how long after the refresh exited the last client had both.
    console.info(`pushpin: 4 clientes com os 2 eventos ${latencyMs.toFixed(0)} ms após o fim da atualização`);
    expect(output).not.toMatch(/aviso: Pushpin/);
    // Pushpin holds them: each instance subscribed its streams to the channel of every event.
    for (const pushpin of [a, b]) expect(pushpin.output()).toMatch(/\] subscribe \S+ channel=todos/);
  });

  it('the streams are held by Pushpin: they keep receiving while a Placar reader is stopped', async () => {
    const [a, b] = pushpins as [PushpinProcess, PushpinProcess];
    const before = ids(await feedWith(2));
    const onA = await open(a, '', { 'Last-Event-ID': before[0] ?? '' });
    const onB = await open(b, '', { 'Last-Event-ID': before[0] ?? '' });
    for (const client of [onA, onB]) {
      await client.waitFor(has(1));
      expect(client.ids()).toEqual(before.slice(1));
    }
    const [first, second] = readers as [PlacarProcess, PlacarProcess];
    await first.stop();
    goal(SAO_PAULO, 'home');
    await refresh();
    const events = await feedWith(3);
    for (const client of [onA, onB]) {
      await client.waitFor(has(2), DELIVERY_DEADLINE_MS);
      expect(client.ids()).toEqual(ids(events).slice(1));
      expect(client.closed()).toBe(false);
    }
    // A new stream on A is answered by the other reader (A's second target).
    const late = await open(a, `?desde=${before[0] ?? ''}`);
    await late.waitFor(has(2));
    expect(late.ids()).toEqual(ids(events).slice(1));
    readers[0] = await startPlacar({
      upstreamUrl: upstream.url,
      dataDir,
      env: { REFRESH_CRON: 'off', EVENT_STREAMS_PER_IP: '0', PUSHPIN_SIG_KEY: SIG_KEY },
      waitForFirstRefresh: false,
    });
    expect(second.process.exitCode).toBeNull();
  });

  it('filters deliver only their matches, one that Pushpin cannot hold (two sides named) included', async () => {
    const [a, b] = pushpins as [PushpinProcess, PushpinProcess];
    const kept = ids(await feedWith(3));
    const last = kept.at(-1) ?? '';
    const team = await open(a, '?time=mengao', { 'Last-Event-ID': last });
    const competition = await open(b, '?competicao=la%20liga', { 'Last-Event-ID': last });
    const none = await open(a, '?time=flamengo&competicao=espanhol', { 'Last-Event-ID': last });
    // "Tricolor" names both São Paulo and Grêmio: their match on two channels would come twice.
    const bothSides = await open(b, '?time=tricolor', { 'Last-Event-ID': last });
    const all = await open(a, '', { 'Last-Event-ID': last });

    goal(FLAMENGO, 'away');
    goal(MADRID, 'home');
    goal(SAO_PAULO, 'away');
    await refresh();
    const events = (await feedWith(6)).slice(3);
    expect(events.map((event) => event.match.homeTeam.name)).toEqual(['Flamengo', 'São Paulo', 'Real Madrid']);
    await all.waitFor(has(3), DELIVERY_DEADLINE_MS);
    for (const client of [team, competition, bothSides]) await client.waitFor(has(1), DELIVERY_DEADLINE_MS);
    const byHome = (name: string): string[] => ids(events.filter((event) => event.match.homeTeam.name === name));
    // A later event on every stream shows nothing else was on its way.
    goal(FLAMENGO, 'home');
    goal(SAO_PAULO, 'home');
    goal(MADRID, 'away');
    await refresh();
    const more = (await feedWith(9)).slice(6);
    await all.waitFor(has(6), DELIVERY_DEADLINE_MS);
    const moreByHome = (name: string): string[] => ids(more.filter((event) => event.match.homeTeam.name === name));
    await team.waitFor(has(2), DELIVERY_DEADLINE_MS);
    await competition.waitFor(has(2), DELIVERY_DEADLINE_MS);
    await bothSides.waitFor(has(2), DELIVERY_DEADLINE_MS);
    expect(all.ids()).toEqual([...ids(events), ...ids(more)]);
    expect(team.ids()).toEqual([...byHome('Flamengo'), ...moreByHome('Flamengo')]);
    expect(competition.ids()).toEqual([...byHome('Real Madrid'), ...moreByHome('Real Madrid')]);
    expect(bothSides.ids()).toEqual([...byHome('São Paulo'), ...moreByHome('São Paulo')]);
    expect(none.ids()).toEqual([]);
  });

  it('a client that moves to the other instance with Last-Event-ID gets exactly what it missed, then live events', async () => {
    const [a, b] = pushpins as [PushpinProcess, PushpinProcess];
    const kept = ids(await feedWith(9));
    const onA = await open(a, '', { 'Last-Event-ID': kept.at(-1) ?? '' });
    goal(MADRID, 'home');
    await refresh();
    await onA.waitFor(has(1), DELIVERY_DEADLINE_MS);
    const seen = onA.ids();
    onA.close();
    goal(FLAMENGO, 'away');
    goal(SAO_PAULO, 'away');
    await refresh();
    const events = ids(await feedWith(12));
    const onB = await open(b, '', { 'Last-Event-ID': seen.at(-1) ?? '' });
    await onB.waitFor(has(2));
    expect(onB.ids()).toEqual(events.slice(10));
    goal(MADRID, 'away');
    await refresh();
    const latest = ids(await feedWith(13));
    await onB.waitFor(has(3), DELIVERY_DEADLINE_MS);
    expect([...seen, ...onB.ids()]).toEqual(latest.slice(9));
  });

  it('a stopped Pushpin loses no event: its clients resume on the other one; the refresher logs the failure', async () => {
    const [a, b] = pushpins as [PushpinProcess, PushpinProcess];
    const kept = ids(await feedWith(13));
    const onA = [await open(a, '', { 'Last-Event-ID': kept.at(-1) ?? '' }), await open(a, '?time=flamengo')];
    await Promise.all(onA.map((client) => client.waitFor((c) => c.retry !== null)));
    await a.stop();
    for (const client of onA) await client.waitFor((c) => c.closed());
    // The last event this instance took, as the refresher kept it (the one before this test's, unless a
    // publish to it already failed on a busy machine): the warning counts every event after it.
    const tookLast = readPushpinLastIds(dataDir).get(`${a.controlUrl}/publish/`) ?? '';
    expect(tookLast).not.toBe('');
    goal(FLAMENGO, 'home');
    goal(MADRID, 'home');
    const output = await refresh();
    const events = await feedWith(15);
    const missed = events.filter((event) => event.id > tookLast).length;
    expect(missed).toBeGreaterThanOrEqual(2);
    expect(output).toMatch(new RegExp(`aviso: Pushpin ${a.controlUrl}/publish/ não recebeu ${missed} evento\\(s\\)`));
    const resumed = [
      await open(b, '', { 'Last-Event-ID': kept.at(-1) ?? '' }),
      await open(b, '?time=flamengo', { 'Last-Event-ID': kept.at(-1) ?? '' }),
    ];
    await resumed[0]?.waitFor(has(2));
    await resumed[1]?.waitFor(has(1));
    expect(resumed[0]?.ids()).toEqual(ids(events.slice(13)));
    expect(resumed[1]?.ids()).toEqual(
      ids(events.slice(13).filter((event) => event.match.homeTeam.name === 'Flamengo')),
    );
  });

  it('deploy/nginx.conf passes the stream to Pushpin (HTTPS, nothing of GRIP reaches the client); a reconnect storm is all served, never a 502', {
    timeout: 240_000,
  }, async () => {
    const [, b] = pushpins as [PushpinProcess, PushpinProcess];
    const nginx = await startNginx({
      clientDir: currentLinkPath(dataDir),
      placarUrl: readers[1]?.url ?? '',
      streamUrl: b.url,
      upstreamUrl: upstream.url,
    });
    try {
      const last = ids(await feedWith(15)).at(-1) ?? '';
      const client = await openEventStream(nginx.url, `${STREAM}?time=real%20madrid`, {
        ca: nginx.ca,
        headers: { 'Last-Event-ID': last },
      });
      streams.push(client);
      expect(client.status).toBe(200);
      expect(client.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(Object.keys(client.headers).filter((name) => name.startsWith('grip-'))).toEqual([]);
      // An open page's stream: the build notices alone, through nginx and straight on Pushpin.
      const pages = [
        await openEventStream(nginx.url, `${STREAM}?apenas=build`, { ca: nginx.ca }),
        await open(b, '?apenas=build'),
      ];
      streams.push(...pages);
      for (const stream of [client, ...pages]) await stream.waitFor((c) => c.retry !== null);
      goal(MADRID, 'away');
      await refresh([b]);
      const added = (await feedWith(16)).at(-1);
      await client.waitFor(has(1), DELIVERY_DEADLINE_MS);
      expect(client.ids()).toEqual([added?.id]);
      expect(b.output()).toMatch(/\] subscribe \S+ channel=t\.real-madrid/);
      // Every stream holds the notices' channel: the refresher's notice of its build reached each, without an id.
      for (const stream of [client, ...pages]) {
        await stream.waitFor((c) => c.notices().length >= 1, DELIVERY_DEADLINE_MS);
        expect(stream.notices().map((notice) => notice.id)).toEqual([null]);
        expect(JSON.parse(stream.notices()[0]?.data ?? '{}')).toEqual({ build: expect.any(String) });
      }
      for (const stream of pages) expect(stream.matchMessages()).toEqual([]);
      expect(b.output()).toMatch(/\] subscribe \S+ channel=builds/);

      // A reconnect storm, each client from its own loopback address (the front lets one client hold 20
      // streams). nginx paces it; what Pushpin still refuses on a busy machine is a 503 with Retry-After,
      // which the client tries again after that long, as the page's own code does — never a 502, which
      // an EventSource would give up on. Every client is served in the end and hears the next event.
      const clientAddress = (i: number): string => `127.0.${Math.floor(i / 250) + 1}.${(i % 250) + 1}`;
      const storm = await Promise.all(
        Array.from({ length: STORM }, (_, i) => openRetryingAsTold(nginx.url, clientAddress(i), nginx.ca)),
      );
      streams.push(...storm.map(({ client }) => client));
      const refusals = storm.flatMap(({ refusals }) => refusals);
      expect(refusals.filter((refusal) => refusal.status !== 503 || refusal.retryAfter <= 0)).toEqual([]);
      expect(storm.filter(({ client }) => client.status !== 200)).toEqual([]);
      // For reading only (never asserted): how many of the storm were asked to come back.
      console.info(`pushpin: tempestade de ${STORM} fluxos, ${refusals.length} recusa(s) 503 atendidas depois`);
      goal(MADRID, 'home');
      await refresh([b]);
      const next = (await feedWith(17)).at(-1);
      await explainedBy(
        [b, readers[1]],
        Promise.all(storm.map(({ client }) => client.waitFor(has(1), DELIVERY_DEADLINE_MS))),
      );
      for (const { client } of storm) expect(client.ids()).toEqual([next?.id]);
    } finally {
      await nginx.stop();
    }
  });
});
