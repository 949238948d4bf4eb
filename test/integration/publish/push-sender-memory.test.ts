/**
 * The refresher's push sender holds an index of who follows which team, not every subscription:
 * under a heap far smaller than the subscriptions' files (thousands, each following 50 teams with
 * long names), a goal still reaches its few followers, and the process neither runs out of memory
 * nor sends to anyone else. The sender runs in a process of its own (bench group 12's child) with
 * that heap limit; a local https push service takes the pushes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeEventStoreAtomically } from '../../../src/lib/store/scraped/event-store.ts';
import { writePushSubscription } from '../../../src/lib/store/push/push-subscriptions.ts';
import { buildGoalEvents } from '../../../harness/event-sites.ts';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import {
  createBrowserSubscription,
  decryptPush,
  startPushService,
  type PushService,
} from '../../../src/demo/local-push-service.ts';
import { runChild } from '../../../harness/watched-child.ts';

/** Subscriptions following other teams, and the names they follow (the most a subscription may). */
const OTHERS = 6_000;
const OTHER_TEAMS = Array.from({ length: 50 }, (_, index) => `Outro time ${index} ${'x'.repeat(180)}`);
/** Far below what the others' records take as JavaScript strings (~65 MB of team names alone). */
const HEAP_MB = 40;

let service: PushService;
let dataDir: string;

beforeAll(async () => {
  service = await startPushService();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-push-memory-'));
});

afterAll(async () => {
  await service?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the push sender’s memory', () => {
  it('sends a goal to its followers with a heap smaller than all the subscriptions', async () => {
    const [goal] = buildGoalEvents(Date.now(), 1);
    if (!goal) throw new Error('no goal event');
    const followers = Array.from({ length: 3 }, (_, index) =>
      createBrowserSubscription(`${service.origin}/push/torcedor-${index}`),
    );
    for (const follower of followers)
      await writePushSubscription(dataDir, { ...follower, teams: [goal.match.homeTeam.name] });
    const { keys } = createBrowserSubscription(`${service.origin}/push/outro`);
    for (let index = 0; index < OTHERS; index += 1)
      await writePushSubscription(dataDir, { endpoint: `${service.origin}/outro/${index}`, keys, teams: OTHER_TEAMS });
    writeEventStoreAtomically(dataDir, { lastId: null, checkedAt: goal.at, events: [], known: [] });

    const run = await runChild(
      process.execPath,
      [`--max-old-space-size=${HEAP_MB}`, 'bench/push/push-fanout-child.ts', dataDir, JSON.stringify(goal)],
      {
        name: 'push-sender-memory',
        cwd: PROJECT_ROOT,
        env: { ...process.env, NODE_EXTRA_CA_CERTS: service.certificateFile },
      },
    );
    expect(run.code, run.output.slice(-2000)).toBe(0);
    expect(service.received.map((push) => push.path).sort()).toEqual(
      followers.map((follower) => new URL(follower.endpoint).pathname).sort(),
    );
    for (const follower of followers) {
      const push = service.received.find((candidate) => service.origin + candidate.path === follower.endpoint);
      if (!push) throw new Error('no push');
      expect(JSON.parse(decryptPush(push.body, follower))).toMatchObject({ title: expect.stringMatching(/^Gol!/) });
    }
  }, 240_000);
});
