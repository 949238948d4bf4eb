/**
 * Web Push subscriptions in DATA_DIR/push/inscricoes/: one file per subscription, named by the
 * sha256 of its endpoint, holding only the endpoint, its keys and the followed team names (no
 * address, no time, nothing else about the fan). One file each, written atomically
 * (json-file.ts): every process that answers /api/push/inscricoes (a worker of a cluster, a
 * server with REFRESH_CRON=off) writes its own without a lock, and the refresher that sends
 * reads the folder again only when its mtime says something changed — keeping only who follows
 * which team (a follower's record is read from its file when its push goes out).
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

/** Whether `max` subscriptions are kept already. */
export async function pushSubscriptionsFull(dataDir: string, max: number): Promise<boolean> {
  return (await listSubscriptionFiles(pushSubscriptionsDir(dataDir))).length >= max;
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
  if (!known && (await pushSubscriptionsFull(dataDir, max))) return 'full';
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

/**
 * Which subscriptions follow each team, held small whatever their number: each file's name once,
 * and per team the positions of its followers' names (4 bytes each). The records themselves stay
 * on disk: the sender reads a follower's file when its push goes out.
 */
export interface PushFollowerIndex {
  count: number;
  /** The file names (in pushSubscriptionsDir) of the subscriptions following any of `teams`, each once. */
  followersOf(teams: readonly string[]): string[];
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

/** The subscription kept in `name` (a name followersOf gave); null once it is gone. */
export function readPushSubscriptionFile(dataDir: string, name: string): Promise<PushSubscriptionRecord | null> {
  return readSubscription(path.join(pushSubscriptionsDir(dataDir), name));
}

/** A growing list of positions (a typed array: no 8-byte slot per number). */
class Positions {
  items = new Uint32Array(8);
  length = 0;
  push(position: number): void {
    if (this.length === this.items.length) {
      const grown = new Uint32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length] = position;
    this.length += 1;
  }
}

/** Every file read a batch at a time, only its teams kept. */
async function buildFollowerIndex(dir: string): Promise<PushFollowerIndex> {
  const names = await listSubscriptionFiles(dir);
  const byTeam = new Map<string, Positions>();
  for (let start = 0; start < names.length; start += READ_CONCURRENCY) {
    const batch = names.slice(start, start + READ_CONCURRENCY);
    const read = await Promise.all(batch.map((name) => readSubscription(path.join(dir, name))));
    read.forEach((record, offset) => {
      for (const team of record?.teams ?? []) {
        let positions = byTeam.get(team);
        if (!positions) {
          positions = new Positions();
          byTeam.set(team, positions);
        }
        positions.push(start + offset);
      }
    });
  }
  return {
    count: names.length,
    followersOf(teams) {
      const taken = new Uint8Array(names.length);
      const followers: string[] = [];
      for (const team of teams) {
        const positions = byTeam.get(team);
        for (let index = 0; index < (positions?.length ?? 0); index += 1) {
          const position = positions?.items[index] ?? 0;
          if (taken[position] === 1) continue;
          taken[position] = 1;
          followers.push(names[position] ?? '');
        }
      }
      return followers;
    },
  };
}

const NO_FOLLOWERS: PushFollowerIndex = { count: 0, followersOf: () => [] };

/**
 * The folder's follower index, built again only when its mtime changed since the last one
 * (every create, replace and removal renames or unlinks an entry of the folder, which sets it).
 */
export function createPushSubscriptionReader(dataDir: string): { read(): Promise<PushFollowerIndex> } {
  const dir = pushSubscriptionsDir(dataDir);
  let cached: { mtimeMs: number; index: PushFollowerIndex } | null = null;
  return {
    async read() {
      let mtimeMs: number;
      try {
        // Taken before the reading: a change during it makes the next read look again.
        mtimeMs = (await fsp.stat(dir)).mtimeMs;
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return NO_FOLLOWERS;
        throw error;
      }
      if (cached?.mtimeMs === mtimeMs) return cached.index;
      // The old index goes before the new one is built: never two in memory.
      cached = null;
      cached = { mtimeMs, index: await buildFollowerIndex(dir) };
      return cached.index;
    },
  };
}
