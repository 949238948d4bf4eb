/**
 * A server on "another machine": no share of the refresher's DATA_DIR, only the published site
 * (a static file server on the refresher's current build, as a bucket's website would be) as
 * EVENT_FEED_URL. Behind Pushpin it answers a resume with exactly what the client missed, its
 * filters resolve against the published listings, and its own direct streams follow the feed.
 * A process: Pushpin forwards its streams to a server on a real port.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { currentLinkPath } from '../../../src/lib/store/builds/build-layout.ts';
import { EventFeedSchema, type MatchEvent } from '../../../src/lib/model/model.ts';
import { openEventStream, type EventStreamClient } from '../../../harness/event-stream-client.ts';
import { startPlacar, type PlacarProcess } from '../../../harness/placar-process.ts';
import { startPushpin, type PushpinProcess } from '../../../harness/pushpin.ts';
import { rawRequest } from '../../support/http/raw-http.ts';
import { runScript } from '../../../harness/run-script.ts';
import { startStaticFileServer, type StaticFileServer } from '../../support/publish/static-file-server.ts';
import { withScore } from '../../../harness/upstream-pages.ts';

const LIVE = '/jogos-em-andamento';
const FLAMENGO = '/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html';
const MADRID = '/campeonato-espanhol/21-11-2026-real-madrid-x-barcelona.html';
const STREAM = '/api/eventos/stream';
const SIG_KEY = 'outra-chave-de-teste-do-pushpin-42';

let upstream: FakeUpstream;
let dataDir: string;
let bucket: StaticFileServer;
let remote: PlacarProcess;
let pushpin: PushpinProcess;
const pages = readFixturePages();
const streams: EventStreamClient[] = [];

function setScore(matchPath: string, home: number, away: number): void {
  pages[LIVE] = withScore(pages[LIVE] ?? '', matchPath, home, away);
  upstream.setPage(LIVE, pages[LIVE]);
}

async function refresh(): Promise<void> {
  const result = await runScript('scripts/refresh.ts', {
    ...process.env,
    DATA_DIR: dataDir,
    UPSTREAM_URL: upstream.url,
    PUBLISH_COMMAND: '',
    PUSHPIN_PUBLISH_URLS: pushpin?.controlUrl ?? '',
  });
  expect(result.code, result.output).toBe(0);
}

/** The published feed (what the bucket serves) once it has `count` events. */
async function published(count: number): Promise<MatchEvent[]> {
  const read = async () => EventFeedSchema.parse((await rawRequest(bucket.url, '/api/eventos')).json()).events;
  await expect.poll(async () => (await read()).length, { timeout: 10_000 }).toBe(count);
  return read();
}

async function open(base: string, query = '', headers: Record<string, string> = {}): Promise<EventStreamClient> {
  const client = await openEventStream(base, STREAM + query, { headers });
  streams.push(client);
  expect(client.status).toBe(200);
  return client;
}

const ids = (events: readonly MatchEvent[]): string[] => events.map((event) => event.id);

beforeAll(async () => {
  upstream = await startFakeUpstream({ pages });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-feed-url-'));
  await refresh();
  bucket = await startStaticFileServer(currentLinkPath(dataDir));
  remote = await startPlacar({
    upstreamUrl: upstream.url,
    env: { REFRESH_CRON: 'off', PUSHPIN_SIG_KEY: SIG_KEY, EVENT_FEED_URL: bucket.url },
    waitForFirstRefresh: false,
  });
  pushpin = await startPushpin({ sigKey: SIG_KEY, placarUrls: [remote.url] });
}, 240_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  await Promise.all([pushpin?.stop(), remote?.stop()]);
  await bucket?.close();
  await upstream?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a server that follows the published site (EVENT_FEED_URL)', () => {
  it('has no build of its own: pages wait, the stream answers', async () => {
    expect((await rawRequest(remote.url, '/')).status).toBe(503);
    const direct = await open(remote.url);
    await direct.waitFor((client) => client.retry !== null);
    expect(fs.existsSync(currentLinkPath(remote.dataDir))).toBe(false);
  });

  it('behind Pushpin: a resume gets exactly what was missed, filters their matches, then live events', async () => {
    setScore(FLAMENGO, 3, 1);
    setScore(MADRID, 1, 1);
    await refresh();
    const first = await published(2);
    setScore(MADRID, 1, 2);
    setScore(FLAMENGO, 4, 1);
    await refresh();
    const missed = (await published(4)).slice(1);
    // The server sees the new feed within a poll; a resume before that would get less, later the rest.
    await expect
      .poll(
        async () => {
          const probe = await open(pushpin.url, '', { 'Last-Event-ID': first[0]?.id ?? '' });
          await probe.waitFor((client) => client.retry !== null);
          await new Promise((resolve) => setTimeout(resolve, 200));
          probe.close();
          return probe.ids().length;
        },
        { timeout: 15_000 },
      )
      .toBe(3);
    const resumed = await open(pushpin.url, '', { 'Last-Event-ID': first[0]?.id ?? '' });
    const team = await open(pushpin.url, '?time=flamengo', { 'Last-Event-ID': first[0]?.id ?? '' });
    const direct = await open(remote.url, '', { 'Last-Event-ID': first[0]?.id ?? '' });
    for (const client of [resumed, direct]) await client.waitFor((c) => c.ids().length >= 3);
    await team.waitFor((client) => client.ids().length >= 1);
    expect(resumed.ids()).toEqual(ids(missed));
    expect(direct.ids()).toEqual(ids(missed));
    expect(team.ids()).toEqual(ids(missed.filter((event) => event.match.homeTeam.name === 'Flamengo')));
    // Pushpin logs the subscription as it sets it up, a moment after the stream opened.
    await expect.poll(() => pushpin.output()).toMatch(/\] subscribe \S+ channel=t\.flamengo/);

    setScore(FLAMENGO, 5, 1);
    await refresh();
    const latest = (await published(5)).at(-1)?.id ?? '';
    for (const client of [resumed, team, direct]) await client.waitFor((c) => c.ids().includes(latest), 15_000);
    expect(resumed.ids()).toEqual([...ids(missed), latest]);
    expect(team.ids().at(-1)).toBe(latest);
  });
});
