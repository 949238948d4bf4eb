/**
 * Match events end to end: `npm run refresh` (a new process every time, as a system timer runs
 * it) scrapes a fake upstream whose scores change; two readers (REFRESH_CRON=off, one of them
 * WORKERS=2) serve /api/eventos and stream /api/eventos/stream. The feed and every stream
 * carry the same events with the same ids; a reconnect gets exactly what it missed; filters
 * keep their matches; a restart of the server loses and repeats nothing; limits answer 429/503.
 * A process: a restart, a WORKERS=2 reader and `npm run refresh` as a timer runs it are processes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { EventFeedSchema, type EventFeed, type MatchEvent } from '../../../src/lib/model/model.ts';
import { openEventStream, type EventStreamClient } from '../../../harness/event-stream-client.ts';
import { createOpenApiBodyValidator, type OpenApiBodyValidator } from '../../support/openapi/openapi-validator.ts';
import { startPlacar, type PlacarProcess } from '../../../harness/placar-process.ts';
import { rawRequest } from '../../support/http/raw-http.ts';
import { runScript } from '../../../harness/run-script.ts';
import { withScore } from '../../../harness/upstream-pages.ts';

const LIVE = '/jogos-em-andamento';
const TODAY = '/jogos-de-hoje';
const FLAMENGO = '/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html';
const MADRID = '/campeonato-espanhol/21-11-2026-real-madrid-x-barcelona.html';
const STREAM = '/api/eventos/stream';

let upstream: FakeUpstream;
let dataDir: string;
let single: PlacarProcess;
let cluster: PlacarProcess;
let validator: OpenApiBodyValidator;
const pages = readFixturePages();
const streams: EventStreamClient[] = [];

/** Sets a score on both listings that show the match (live and today), as the upstream would. */
function setScore(matchPath: string, home: number, away: number): void {
  for (const page of [LIVE, TODAY]) {
    const html = pages[page] ?? '';
    pages[page] = withScore(html, matchPath, home, away);
    upstream.setPage(page, pages[page]);
  }
}

async function refresh(): Promise<string> {
  const result = await runScript('scripts/refresh.ts', {
    ...process.env,
    DATA_DIR: dataDir,
    UPSTREAM_URL: upstream.url,
    PUBLISH_COMMAND: '',
  });
  expect(result.code, result.output).toBe(0);
  return result.output;
}

async function feed(server: PlacarProcess): Promise<EventFeed> {
  const response = await rawRequest(server.url, '/api/eventos');
  expect(response.status).toBe(200);
  expect(validator.responseErrors('GET', '/api/eventos', response)).toEqual([]);
  return EventFeedSchema.parse(response.json());
}

async function open(
  server: PlacarProcess,
  query = '',
  headers: Record<string, string> = {},
): Promise<EventStreamClient> {
  const client = await openEventStream(server.url, STREAM + query, { headers });
  streams.push(client);
  return client;
}

/** The feed once `server` serves the build with `count` events (a reader notices a new build within ~1 s). */
async function feedWith(server: PlacarProcess, count: number): Promise<EventFeed> {
  await expect.poll(async () => (await feed(server)).count, { timeout: 10_000 }).toBe(count);
  return feed(server);
}

const idsOf = (events: readonly MatchEvent[]): string[] => events.map((event) => event.id);

beforeAll(async () => {
  upstream = await startFakeUpstream({ pages });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-events-'));
  const env = { REFRESH_CRON: 'off', SEARCH_RATE_LIMIT: '0', EVENT_STREAMS_PER_IP: '0' };
  await refresh();
  [single, cluster] = await Promise.all([
    startPlacar({ upstreamUrl: upstream.url, dataDir, env, waitForFirstRefresh: false }),
    startPlacar({ upstreamUrl: upstream.url, dataDir, env: { ...env, WORKERS: '2' }, waitForFirstRefresh: false }),
  ]);
  const document = (await rawRequest(single.url, '/api/routes')).json() as Record<string, unknown>;
  validator = createOpenApiBodyValidator(document);
}, 240_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  await Promise.all([single?.stop(), cluster?.stop()]);
  await upstream?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('match events: /api/eventos and /api/eventos/stream', () => {
  it('the first scrape is the baseline: no burst of events', async () => {
    const first = await feed(single);
    expect(first.events).toEqual([]);
    expect(first.generatedAt).not.toBeNull();
    expect(first.stale).toBe(false);
  });

  it('feed and streams (one process, two workers, filters) carry the same events with the same ids', async () => {
    const plain = await open(single);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(plain.headers['cache-control']).toBe('no-cache, no-transform');
    expect(plain.headers['x-accel-buffering']).toBe('no');
    expect(plain.headers['access-control-allow-origin']).toBe('*');
    // Two connections to the cluster: round-robin gives each worker one.
    const workerStreams = [await open(cluster), await open(cluster)];
    const team = await open(single, '?time=mengao');
    const competition = await open(cluster, '?competicao=la%20liga');
    const both = await open(single, '?time=flamengo&competicao=espanhol');
    await plain.waitFor((client) => client.retry !== null);

    setScore(FLAMENGO, 3, 1); // GOAL HOME
    setScore(MADRID, 1, 1); // GOAL AWAY
    expect(await refresh()).toContain('eventos: 2 novos');
    const events = (await feedWith(single, 2)).events;
    expect(
      events.map((event) => [
        event.type,
        event.team,
        event.match.homeTeam.name,
        event.match.score.home,
        event.match.score.away,
      ]),
    ).toEqual([
      ['GOAL', 'HOME', 'Flamengo', 3, 1],
      ['GOAL', 'AWAY', 'Real Madrid', 1, 1],
    ]);
    expect(events[0]?.previous).toEqual({ status: 'IN_PLAY', score: expect.objectContaining({ home: 2, away: 1 }) });
    expect((await feedWith(cluster, 2)).events).toEqual(events);
    const ids = idsOf(events);
    for (const stream of [plain, ...workerStreams]) {
      await stream.waitFor((client) => client.ids().length >= 2);
      expect(stream.ids()).toEqual(ids);
      const sent = stream.matchMessages().map((message) => JSON.parse(message.data) as unknown);
      expect(sent).toEqual(events);
      expect(stream.matchMessages().map((message) => message.event)).toEqual(['GOAL', 'GOAL']);
      for (const body of sent) expect(validator.errors('MatchEvent', body)).toEqual([]);
    }
    await team.waitFor((client) => client.ids().length >= 1);
    await competition.waitFor((client) => client.ids().length >= 1);
    // Nothing more arrives on the filtered streams: the next refresh's event is sent after.
    setScore(FLAMENGO, 4, 1);
    await refresh();
    await plain.waitFor((client) => client.ids().length >= 3);
    await team.waitFor((client) => client.ids().length >= 2);
    expect(team.ids()).toEqual([ids[0], plain.ids()[2]]);
    expect(competition.ids()).toEqual([ids[1]]);
    expect(both.ids()).toEqual([]);
  });

  it('a reconnect with Last-Event-ID (or ?desde=) gets exactly what it missed, then live events', async () => {
    const before = idsOf((await feedWith(single, 3)).events);
    setScore(MADRID, 1, 2);
    setScore(FLAMENGO, 3, 1); // a goal taken back
    await refresh();
    const after = (await feedWith(single, 5)).events;
    expect(after.slice(3).map((event) => [event.type, event.team])).toEqual([
      ['GOAL_CANCELLED', 'HOME'],
      ['GOAL', 'AWAY'],
    ]);
    const missed = idsOf(after).slice(1);
    const byHeader = await open(cluster, '', { 'Last-Event-ID': before[0] ?? '' });
    const byQuery = await open(single, `?desde=${before[0] ?? ''}`);
    for (const stream of [byHeader, byQuery]) {
      await stream.waitFor((client) => client.ids().length >= missed.length);
      expect(stream.ids()).toEqual(missed);
    }
    setScore(MADRID, 2, 2);
    await refresh();
    const latest = (await feedWith(single, 6)).events.at(-1)?.id;
    await byHeader.waitFor((client) => client.ids().includes(latest ?? ''));
    expect(byHeader.ids()).toEqual([...missed, latest]);
  });

  it('an id older than everything kept gets a reset event first, then every kept event', async () => {
    const all = idsOf((await feedWith(single, 6)).events);
    const stream = await open(single, '', { 'Last-Event-ID': '0000000000001-0000' });
    await stream.waitFor((client) => client.ids().length >= all.length);
    expect(stream.matchMessages()[0]?.event).toBe('reset');
    expect(stream.ids()).toEqual(all);
  });

  it('a server restarted on the same DATA_DIR resumes where the client was; nothing is repeated', async () => {
    const all = idsOf((await feedWith(single, 6)).events);
    await single.stop();
    setScore(FLAMENGO, 4, 1);
    await refresh();
    await refresh(); // nothing changed: no new event
    single = await startPlacar({
      upstreamUrl: upstream.url,
      dataDir,
      env: { REFRESH_CRON: 'off', EVENT_STREAMS_PER_IP: '3', EVENT_STREAMS_MAX: '5' },
      waitForFirstRefresh: false,
    });
    const now = idsOf((await feedWith(single, all.length + 1)).events);
    expect(now.slice(0, all.length)).toEqual(all);
    expect(now).toHaveLength(all.length + 1);
    expect(new Set(now).size).toBe(now.length);
    expect([...now].sort()).toEqual(now);
    const resumed = await open(single, '', { 'Last-Event-ID': all.at(-1) ?? '' });
    await resumed.waitFor((client) => client.ids().length >= 1);
    expect(resumed.ids()).toEqual(now.slice(all.length));
    resumed.close();
  });

  // Issue 35: a failed listing no longer holds back the events of the listings that arrived.
  it('a failed listing leaves out only its own matches: the change in the others is raised at once, and once', async () => {
    const before = (await feed(single)).events;
    upstream.setFault('/jogos-de-amanha', { kind: 'status', status: 500 });
    setScore(FLAMENGO, 5, 1);
    expect(await refresh()).toContain('eventos: 1 novos (sem amanha');
    const added = (await feedWith(single, before.length + 1)).events.slice(before.length);
    expect(added.map((event) => [event.type, event.team, event.previous?.score.home, event.match.score.home])).toEqual([
      ['GOAL', 'HOME', 4, 5],
    ]);
    upstream.setFault('/jogos-de-amanha', null);
    expect(await refresh()).toContain('eventos: 0 novos');
  });

  it('limits: a 4th stream from one address is a 429, a 6th in total a 503, both problems with Retry-After', async () => {
    await expect.poll(async () => (await rawRequest(single.url, '/healthz')).status).toBe(200);
    const first = [await open(single), await open(single), await open(single)];
    for (const stream of first) expect(stream.status).toBe(200);
    const refused = await rawRequest(single.url, STREAM, { timeoutMs: 5_000 });
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(validator.responseErrors('GET', STREAM, refused)).toEqual([]);
    const other = [
      await openEventStream(single.url, STREAM, { localAddress: '127.0.0.2' }),
      await openEventStream(single.url, STREAM, { localAddress: '127.0.0.2' }),
    ];
    streams.push(...other);
    const full = await rawRequest(single.url, STREAM, { localAddress: '127.0.0.3', timeoutMs: 5_000 });
    expect(full.status).toBe(503);
    expect(Number(full.headers['retry-after'])).toBeGreaterThan(0);
    expect(validator.responseErrors('GET', STREAM, full)).toEqual([]);
    first[0]?.close();
    await expect
      .poll(async () => {
        const again = await openEventStream(single.url, STREAM);
        streams.push(again);
        return again.status;
      })
      .toBe(200);
  });

  it('an invalid filter or id is a 400 problem, never a stream', async () => {
    const bad = [
      '?time=',
      '?time=x',
      `?time=${'a'.repeat(101)}`,
      '?competicao=%01liga',
      '?time=a&time=b',
      '?desde=ontem',
      '?time=%FF%FE',
      '?apenas=GOAL',
      '?apenas=build&time=flamengo',
    ];
    for (const query of bad) {
      const response = await rawRequest(cluster.url, STREAM + query, { timeoutMs: 5_000 });
      expect(response.status, query).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(validator.responseErrors('GET', STREAM, response)).toEqual([]);
    }
    const header = await rawRequest(cluster.url, STREAM, { headers: { 'Last-Event-ID': 'abc' }, timeoutMs: 5_000 });
    expect(header.status).toBe(400);
    // HEAD and the CORS preflight end at once, as the document says.
    const head = await rawRequest(cluster.url, STREAM, { method: 'HEAD', timeoutMs: 5_000 });
    expect(head.status).toBe(200);
    expect(validator.responseErrors('HEAD', STREAM, head)).toEqual([]);
    const preflight = await rawRequest(cluster.url, STREAM, { method: 'OPTIONS', timeoutMs: 5_000 });
    expect(preflight.status).toBe(204);
    expect(validator.responseErrors('OPTIONS', STREAM, preflight)).toEqual([]);
  });

  it('after each swap every stream gets an id-less build notice, kept out of the feed; apenas=build gets only those', async () => {
    // On the two workers (round-robin gives each one of each pair): the reader with no limit of streams.
    const before = (await feed(cluster)).events;
    const lastId = before.at(-1)?.id ?? '';
    const plain = await open(cluster);
    const resumed = await open(cluster, '', { 'Last-Event-ID': lastId });
    const team = await open(cluster, '?time=real%20madrid');
    const notices = [await open(cluster, '?apenas=build'), await open(cluster, '?apenas=build')];
    const all = [plain, resumed, team, ...notices];
    for (const stream of all) await stream.waitFor((client) => client.retry !== null);

    setScore(MADRID, 2, 3);
    await refresh();
    const after = (await feedWith(cluster, before.length + 1)).events;
    const goal = after.at(-1);
    // The match event first, then the notice of the build that brought it (an earlier build, still
    // being loaded by a worker as the streams opened, may have its own notice before).
    const noticeAfterGoal = (client: EventStreamClient): boolean => {
      const at = client.messages.findIndex((message) => message.id === goal?.id);
      return at !== -1 && client.messages.slice(at + 1).some((message) => message.event === 'build');
    };
    for (const stream of [plain, resumed, team]) await stream.waitFor(noticeAfterGoal);
    for (const stream of notices) await stream.waitFor((client) => client.notices().length >= 1);
    const built = JSON.parse(plain.notices().at(-1)?.data ?? '{}') as { build?: unknown };
    expect(built.build).toEqual(expect.any(String));
    for (const stream of all) {
      // No id: the EventSource's Last-Event-ID stays the last match event's.
      expect(stream.notices().every((notice) => notice.id === null)).toBe(true);
      await stream.waitFor((client) => JSON.parse(client.notices().at(-1)?.data ?? '{}').build === built.build);
    }
    // The match events are as before: same types, same ids, nothing replayed twice.
    for (const stream of [plain, resumed, team]) expect(stream.ids()).toEqual([goal?.id]);
    for (const stream of notices) expect(stream.matchMessages()).toEqual([]);
    // The feed keeps only match events.
    const kept = await feed(cluster);
    expect(kept.events.map((event) => event.type)).not.toContain('build');
    expect(kept.events).toEqual(after);
    for (const stream of all) stream.close();
  });
});
