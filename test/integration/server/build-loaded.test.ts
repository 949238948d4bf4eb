/**
 * Issue 49 §1: a refresh hands the server one value (BuildLoaded), and a server whose refresh ran elsewhere makes
 * the same value from the build's files. One build, served by value by one server and read from disk by another:
 * the two hold the same, and answer the listings, their filters, the feed and /healthz alike; the value is what the
 * files say, byte for byte.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGoalEvents } from '../../../harness/event-sites.ts';
import { buildFixtureSnapshot } from '../../../harness/fixture-snapshot.ts';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import { serializeEventFeed } from '../../../src/lib/api/event-feed-body.ts';
import { parseConfig, type Config } from '../../../src/lib/config/config.ts';
import { LISTING_NAMES, type MatchEvent } from '../../../src/lib/model/model.ts';
import { formatSaoPauloIso } from '../../../src/lib/model/time.ts';
import { buildClientDir } from '../../../src/lib/store/builds/build-layout.ts';
import type { BuildLoaded } from '../../../src/lib/store/builds/build-loaded.ts';
import { writeEventStoreAtomically } from '../../../src/lib/store/scraped/event-store.ts';
import { writeSnapshotAtomically } from '../../../src/lib/store/scraped/snapshot-store.ts';
import { runRefresh } from '../../../src/refresh/refresh.ts';
import { feedOfBuild } from '../../../src/server/event-stream/build-feed.ts';
import { createEventHub, type EventHub } from '../../../src/server/event-stream/event-hub.ts';
import { startHttpServer, type PlacarHttpServer } from '../../../src/server/http-server.ts';
import { readBuildLoaded } from '../../../src/server/site/read-build-loaded.ts';
import { rawRequest } from '../../support/http/raw-http.ts';
import { withFlamengoScore } from '../../support/data-dir/fixture-refreshes.ts';

const UPSTREAM = 'http://127.0.0.1:9';
const T0 = Date.parse('2026-11-21T20:00:00-03:00');

/** What the two servers are asked: every listing and the feed, filtered and not, and what /healthz says of them. */
const ASKED = [
  ...LISTING_NAMES.map((listing) => `/api/${listing}`),
  '/api/live?time=flamengo',
  '/api/hoje?status=IN_PLAY,PAUSED',
  '/api/hoje?competicao=serie%20a&status=SCHEDULED',
  '/api/ontem?time=palmeiras',
  '/api/eventos',
  '/api/eventos?time=flamengo',
  '/api/eventos?status=IN_PLAY',
  '/api/busca?q=flamengo',
];

function seedEvents(dataDir: string, events: MatchEvent[]): void {
  const checkedAt = formatSaoPauloIso(new Date());
  writeEventStoreAtomically(dataDir, { lastId: events.at(-1)?.id ?? null, checkedAt, events, known: [] });
}

async function refresh(config: Config, onPublished: (loaded: BuildLoaded) => Promise<void> | void): Promise<void> {
  const report = await runRefresh(config, {
    projectRoot: PROJECT_ROOT,
    log: () => undefined,
    scrape: false,
    onPublished,
  });
  expect(report.error).toBeNull();
  expect(report.outcome).toBe('published');
}

/** Status and body of each asked path, and what /healthz says of the listings. */
async function answersOf(server: PlacarHttpServer): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  for (const target of ASKED) {
    const response = await rawRequest(server.url, target);
    answers[target] = { status: response.status, body: response.body.toString('utf8') };
  }
  const health = JSON.parse((await rawRequest(server.url, '/healthz')).body.toString('utf8')) as { listings: unknown };
  answers['/healthz'] = health.listings;
  return answers;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-build-loaded-'));
const config = parseConfig({
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  PORT: '0',
  UPSTREAM_URL: UPSTREAM,
  REFRESH_CRON: 'off',
});
const events = buildGoalEvents(T0, 6);
let byValue: PlacarHttpServer;
let fromDisk: PlacarHttpServer;
let first: BuildLoaded;
let handed: BuildLoaded;

beforeAll(async () => {
  const snapshot = buildFixtureSnapshot(UPSTREAM);
  writeSnapshotAtomically(dataDir, snapshot);
  seedEvents(dataDir, events.slice(0, 4));
  await refresh(config, (loaded) => {
    first = loaded;
  });
  // This server loads the first build from disk as it starts, then the next one as its refresh hands it over.
  byValue = await startHttpServer(config, () => undefined);
  writeSnapshotAtomically(dataDir, withFlamengoScore(snapshot, 3));
  seedEvents(dataDir, events);
  await refresh(config, (loaded) => {
    handed = loaded;
    return byValue.site.reload(loaded);
  });
  // A server started now, beside the refreshing one (REFRESH_CRON=off), makes the same build's value from disk.
  fromDisk = await startHttpServer(config, () => undefined);
}, 180_000);

afterAll(async () => {
  await byValue?.close();
  await fromDisk?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('one build, by value and from disk', () => {
  it('the server the refresh handed the value to holds it as it is; the other reads the same value of the files', () => {
    const served = byValue.site.get();
    const read = fromDisk.site.get();
    expect(served?.buildId).toBe(handed.buildId);
    expect(served?.data).toBe(handed);
    expect(read?.buildId).toBe(handed.buildId);
    expect(read?.data).not.toBe(handed);
    expect(read?.data).toEqual(handed);
    // Reading it with the build before as the served one reuses that one's events, and comes to the same value.
    expect(readBuildLoaded(dataDir, handed.buildId, first)).toEqual(handed);
    expect(handed.feed?.events.map((event) => event.id)).toEqual(events.map((event) => event.id));
    expect(handed.snapshot.live.matches.length).toBeGreaterThan(0);
  });

  it('the value is what the files say, byte for byte', () => {
    const clientDir = buildClientDir(dataDir, handed.buildId);
    for (const listing of LISTING_NAMES)
      expect(fs.readFileSync(path.join(clientDir, 'api', listing), 'utf8'), listing).toBe(
        JSON.stringify(handed.snapshot[listing]),
      );
    expect(fs.readFileSync(path.join(clientDir, 'api', 'eventos'), 'utf8')).toBe(
      serializeEventFeed(
        handed.feed ?? { generatedAt: null, timezone: 'America/Sao_Paulo', stale: true, count: 0, events: [] },
      ),
    );
  });

  it('the event hub keeps the same events, wire text and listing matches from the value as from the bytes', () => {
    const ofValue = createEventHub({ perIp: 0, max: 1, log: () => undefined });
    const ofBytes = createEventHub({ perIp: 0, max: 1, log: () => undefined });
    try {
      ofValue.prepareLoad(feedOfBuild(handed))();
      const clientDir = buildClientDir(dataDir, handed.buildId);
      const files = ['eventos', ...LISTING_NAMES];
      const routes = new Map(
        files.map((file) => [`/api/${file}`, { identity: fs.readFileSync(path.join(clientDir, 'api', file)) }]),
      );
      ofBytes.load({ buildId: handed.buildId, routes });
      const held = (hub: EventHub) => ({ events: hub.view().events, listings: hub.view().listingMatches() });
      expect(held(ofValue)).toEqual(held(ofBytes));
      expect(held(ofValue).events).toHaveLength(events.length);
    } finally {
      ofValue.close();
      ofBytes.close();
    }
  });

  it('both servers answer the listings, their filters, the feed and /healthz alike', async () => {
    const [valueAnswers, diskAnswers] = [await answersOf(byValue), await answersOf(fromDisk)];
    expect(valueAnswers).toEqual(diskAnswers);
    // Not two equally empty answers: the filters kept some matches and some events.
    expect(valueAnswers['/api/live?time=flamengo']).toMatchObject({
      status: 200,
      body: expect.stringContaining('Flamengo'),
    });
    expect(valueAnswers['/api/eventos?time=flamengo']).toMatchObject({
      status: 200,
      body: expect.stringContaining('"GOAL"'),
    });
  });
});
