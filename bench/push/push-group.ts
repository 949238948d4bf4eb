/**
 * Group 12: Web Push fan-out. Followers (each with its own browser keys) follow one team, and
 * others (one key between them, never pushed) follow other teams; one goal of that team; the refresher's sender
 * (bench/push/push-fanout-child.ts, a process
 * of its own) encrypts and signs a push for each and hands it to a local https push service (in
 * this process: src/demo/local-push-service.ts, which checks each VAPID signature). Measured: time
 * from send() to the last push queued and to the last received, the sender's CPU and memory
 * (its peak: the index of who follows which team, never every subscription); checked: every push
 * arrived, once, signed, and a sample decrypts to the goal's alert.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MatchEvent } from '../../src/lib/model/model.ts';
import { writeEventStoreAtomically } from '../../src/lib/store/scraped/event-store.ts';
import { writePushSubscription } from '../../src/lib/store/push/push-subscriptions.ts';
import { buildGoalEvents } from '../../harness/event-sites.ts';
import { PROJECT_ROOT } from '../../harness/placar-process.ts';
import {
  createBrowserSubscription,
  decryptPush,
  startPushService,
  type BrowserSubscription,
} from '../../src/demo/local-push-service.ts';
import { runChild } from '../../harness/watched-child.ts';

export interface PushGroupResult {
  /** Followers of the team that scores. */
  subscriptions: number;
  /** Subscriptions following other teams (absent in results from before they were added). */
  others?: number;
  /** send() → every push queued. */
  queuedMs?: number;
  received: number;
  signed: number;
  /** send() → the last push received by the push service. */
  lastMs: number;
  /** send() → the sender idle (every answer in). */
  idleMs: number;
  cpuSeconds: number;
  rssBeforeMb: number;
  maxRssMb: number;
  sampleTitle: string;
}

interface ChildReport {
  startedAt: number;
  queuedMs: number;
  idleMs: number;
  cpuSeconds: number;
  rssBeforeMb: number;
  maxRssMb: number;
}

async function runSender(dataDir: string, goal: MatchEvent, caFile: string): Promise<ChildReport> {
  // The memory settings of `npm start` (package.json, deploy/placar.service): the refresher runs under them.
  const nodeFlags = ['--max-semi-space-size=2', '--max-old-space-size=512'];
  const run = await runChild(
    process.execPath,
    [...nodeFlags, 'bench/push/push-fanout-child.ts', dataDir, JSON.stringify(goal)],
    {
      name: 'push-fanout-child',
      cwd: PROJECT_ROOT,
      env: { ...process.env, NODE_EXTRA_CA_CERTS: caFile, MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' },
    },
  );
  if (run.code !== 0) throw new Error(`push-fanout-child saiu com ${run.code}: ${run.output}`);
  return JSON.parse(run.output.trim().split('\n').at(-1) ?? '') as ChildReport;
}

/** Others' subscription files, written a batch at a time: one key for all (no push ever goes to them). */
async function writeOthers(dataDir: string, origin: string, count: number): Promise<void> {
  const { keys } = createBrowserSubscription(`${origin}/outros`);
  const BATCH = 64;
  for (let start = 0; start < count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, offset) => start + offset);
    await Promise.all(
      batch.map((index) =>
        writePushSubscription(dataDir, {
          endpoint: `${origin}/outros/${index}`,
          keys,
          teams: [`Outro time ${index % 200}`, `Outro time ${(index * 7) % 200}`],
        }),
      ),
    );
  }
}

export async function runPushGroup(
  subscriptions: number,
  others: number,
  log: (line: string) => void,
): Promise<PushGroupResult> {
  const service = await startPushService();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-bench-push-'));
  try {
    const [goal] = buildGoalEvents(Date.now(), 1);
    if (!goal) throw new Error('no goal event');
    const team = goal.match.homeTeam.name;
    const browsers: BrowserSubscription[] = [];
    for (let index = 0; index < subscriptions; index += 1) {
      const browser = createBrowserSubscription(`${service.origin}/push/${index}`);
      browsers.push(browser);
      await writePushSubscription(dataDir, { endpoint: browser.endpoint, keys: browser.keys, teams: [team] });
    }
    await writeOthers(dataDir, service.origin, others);
    writeEventStoreAtomically(dataDir, { lastId: null, checkedAt: goal.at, events: [], known: [] });
    log(`  ${subscriptions} inscrições seguindo ${team}, ${others} seguindo outros times; um gol…`);
    const report = await runSender(dataDir, goal, service.certificateFile);
    const received = service.received;
    const lastAt = Math.max(...received.map((push) => push.receivedAt));
    const sample = received[0];
    const browser = browsers.find((candidate) => candidate.endpoint === `${service.origin}${sample?.path}`);
    const sampleTitle =
      sample && browser ? (JSON.parse(decryptPush(sample.body, browser)) as { title: string }).title : '';
    return {
      subscriptions,
      others,
      queuedMs: report.queuedMs,
      received: new Set(received.map((push) => push.path)).size,
      signed: received.filter((push) => push.vapid !== null).length,
      lastMs: lastAt - report.startedAt,
      idleMs: report.idleMs,
      cpuSeconds: report.cpuSeconds,
      rssBeforeMb: report.rssBeforeMb,
      maxRssMb: report.maxRssMb,
      sampleTitle,
    };
  } finally {
    await service.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
