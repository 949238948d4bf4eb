/**
 * Web Push subscriptions in DATA_DIR/push/inscricoes/: one file per subscription, named by the
 * sha256 of its endpoint, holding only the endpoint, its keys and the followed team names (no
 * address, no time, nothing else about the fan). One file each, written atomically
 * (json-file.ts): every process that answers /api/push/inscricoes (a worker of a cluster, a
 * server with REFRESH_CRON=off) writes its own without a lock, and the refresher that sends
 * reads the folder again only when its mtime says something changed.
 */
import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { errorCode } from '../../model/caught-error.ts';
import type { PushSubscriptionRecord } from '../../model/push-subscription.ts';
import { writeJsonAtomicallyAsync } from '../files/json-file.ts';

const StoredSubscriptionSchema = z.object({
  endpoint: z.string().max(2000),
  keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(200) }),
  teams: z.array(z.string().max(200)).max(50),
});

/** Files read at once when the folder is read again. */
const READ_CONCURRENCY = 64;

export function pushSubscriptionsDir(dataDir: string): string {
  return path.join(dataDir, 'push', 'inscricoes');
}

function subscriptionFile(dataDir: string, endpoint: string): string {
  const name = createHash('sha256').update(endpoint).digest('hex');
  return path.join(pushSubscriptionsDir(dataDir), `${name}.json`);
}

/** Subscription files (temp files of a write in progress start with "."). */
async function listSubscriptionFiles(dir: string): Promise<string[]> {
  try {
    return (await fsp.readdir(dir)).filter((name) => name.endsWith('.json') && !name.startsWith('.'));
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return [];
    throw error;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fsp.access(file);
    return true;
  } catch {
    return false;
  }
}

export type SaveOutcome = 'created' | 'replaced' | 'full';

/**
 * Keeps `record` (its teams replace those of the same endpoint). A new endpoint beyond `max`
 * subscriptions is not kept ('full'); processes saving at the same moment may each pass the
 * check, so the folder can hold a few more than `max` (at most one per process).
 */
export async function savePushSubscription(
  dataDir: string,
  record: PushSubscriptionRecord,
  max: number,
): Promise<SaveOutcome> {
  const known = await exists(subscriptionFile(dataDir, record.endpoint));
  if (!known && (await listSubscriptionFiles(pushSubscriptionsDir(dataDir))).length >= max) return 'full';
  await writePushSubscription(dataDir, record);
  return known ? 'replaced' : 'created';
}

/** Writes the subscription's file (no limit checked: savePushSubscription's, or a benchmark's set-up). */
export async function writePushSubscription(dataDir: string, record: PushSubscriptionRecord): Promise<void> {
  const stored: PushSubscriptionRecord = { endpoint: record.endpoint, keys: record.keys, teams: record.teams };
  await writeJsonAtomicallyAsync(subscriptionFile(dataDir, record.endpoint), stored);
}

/** The subscription kept for `endpoint`; null when none is (or its file is not one). */
export function readPushSubscription(dataDir: string, endpoint: string): Promise<PushSubscriptionRecord | null> {
  return readSubscription(subscriptionFile(dataDir, endpoint));
}

/** Forgets the endpoint's subscription (nothing to do when it is unknown). */
export async function removePushSubscription(dataDir: string, endpoint: string): Promise<void> {
  await fsp.rm(subscriptionFile(dataDir, endpoint), { force: true });
}

/** The subscriptions following each team. */
export interface PushSubscriptionIndex {
  count: number;
  byTeam: ReadonlyMap<string, readonly PushSubscriptionRecord[]>;
}

async function readSubscription(file: string): Promise<PushSubscriptionRecord | null> {
  try {
    const parsed = StoredSubscriptionSchema.safeParse(JSON.parse(await fsp.readFile(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    // Removed meanwhile (410, DELETE) or not JSON: not a subscription to send to.
    return null;
  }
}

function indexByTeam(records: readonly PushSubscriptionRecord[]): PushSubscriptionIndex {
  const byTeam = new Map<string, PushSubscriptionRecord[]>();
  for (const record of records) {
    for (const team of record.teams) {
      const list = byTeam.get(team);
      if (list) list.push(record);
      else byTeam.set(team, [record]);
    }
  }
  return { count: records.length, byTeam };
}

/**
 * The folder's subscriptions, read again only when its mtime changed since the last reading
 * (every create, replace and removal renames or unlinks an entry of the folder, which sets it).
 */
export function createPushSubscriptionReader(dataDir: string): { read(): Promise<PushSubscriptionIndex> } {
  const dir = pushSubscriptionsDir(dataDir);
  let cached: { mtimeMs: number; index: PushSubscriptionIndex } | null = null;
  return {
    async read() {
      let mtimeMs: number;
      try {
        // Taken before the reading: a change during it makes the next read look again.
        mtimeMs = (await fsp.stat(dir)).mtimeMs;
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return { count: 0, byTeam: new Map() };
        throw error;
      }
      if (cached?.mtimeMs === mtimeMs) return cached.index;
      const names = await listSubscriptionFiles(dir);
      const records: PushSubscriptionRecord[] = [];
      for (let start = 0; start < names.length; start += READ_CONCURRENCY) {
        const batch = names.slice(start, start + READ_CONCURRENCY);
        const read = await Promise.all(batch.map((name) => readSubscription(path.join(dir, name))));
        for (const record of read) if (record) records.push(record);
      }
      cached = { mtimeMs, index: indexByTeam(records) };
      return cached.index;
    },
  };
}
