/**
 * The current snapshot for request-time readers (/api/busca, /healthz). A stat per call (a few
 * microseconds); the file is read and validated again only when its inode, size or mtime
 * changed — writeSnapshotAtomically renames a new file into place, so every write is seen. A
 * snapshot this process wrote itself (its own refresh) is the store's kept copy: nothing is read.
 */
import fs from 'node:fs';
import type { Snapshot } from '../../model/model.ts';
import { finishSteps, type Steps } from '../../model/steps.ts';
import { emptySnapshot, readSnapshotSteps, snapshotPath } from './snapshot-store.ts';

export interface SnapshotReading {
  snapshot: Snapshot;
  /** mtime of snapshot.json; the reader's creation time when there is no file. */
  modifiedAt: Date;
}

export interface SnapshotReader {
  read(): SnapshotReading;
  /** read() in steps (the validation one listing at a time), for a server to run between requests. */
  readSteps(): Steps<SnapshotReading>;
}

export function createSnapshotReader(dataDir: string, upstreamUrl: string): SnapshotReader {
  const file = snapshotPath(dataDir);
  let key = '';
  let current: SnapshotReading = { snapshot: emptySnapshot(upstreamUrl), modifiedAt: new Date() };
  function* readSteps(): Steps<SnapshotReading> {
    let stats: fs.Stats | undefined;
    try {
      stats = fs.statSync(file);
    } catch {
      stats = undefined;
    }
    const nextKey = stats ? `${stats.ino}:${stats.size}:${stats.mtimeMs}` : 'missing';
    if (nextKey === key) return current;
    try {
      const snapshot = yield* readSnapshotSteps(dataDir);
      current = { snapshot: snapshot ?? emptySnapshot(upstreamUrl), modifiedAt: stats?.mtime ?? current.modifiedAt };
      key = nextKey;
    } catch {
      // An invalid file keeps the last good snapshot (and is retried on the next call).
    }
    return current;
  }
  return { read: () => finishSteps(readSteps()), readSteps };
}
