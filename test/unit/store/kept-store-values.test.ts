/**
 * The stores keep what this process last read or wrote (src/lib/store/files/kept-values.ts): the
 * refresh, the pages and /api/busca share one parsed copy, never read back after this process's
 * own write — and a file another process renamed into place is always read afresh.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readEventStore, writeEventStoreAtomically } from '../../../src/lib/store/scraped/event-store.ts';
import {
  readSnapshot,
  snapshotPath,
  writeSnapshotAtomicallyAsync,
} from '../../../src/lib/store/scraped/snapshot-store.ts';
import { buildEnvelope, buildFixtureSnapshot } from '../../../harness/fixture-snapshot.ts';

const UPSTREAM = 'https://www.placardefutebol.com.br';
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-kept-'));
  dirs.push(dir);
  return dir;
}

/** What another process's atomic write does: a new file renamed over the old one. */
function replaceFromOutside(file: string, contents: string): void {
  fs.writeFileSync(`${file}.outside`, contents);
  fs.renameSync(`${file}.outside`, file);
}

describe('kept store values', () => {
  it("hands back this process's own snapshot write, and reads another process's write afresh", async () => {
    const dataDir = tempDataDir();
    const written = buildFixtureSnapshot(UPSTREAM);
    await writeSnapshotAtomicallyAsync(dataDir, written);
    expect(readSnapshot(dataDir)).toBe(written);

    const changed = { ...written, live: buildEnvelope(UPSTREAM, 'live', [], '2026-11-21T19:45:00-03:00') };
    replaceFromOutside(snapshotPath(dataDir), JSON.stringify(changed));
    const read = readSnapshot(dataDir);
    expect(read).not.toBe(written);
    expect(read?.live.count).toBe(0);
    // Read once: the same parsed object until the file changes again.
    expect(readSnapshot(dataDir)).toBe(read);
  });

  it('keeps the event store the same way', () => {
    const dataDir = tempDataDir();
    const store = { lastId: null, checkedAt: '2026-11-21T19:41:05-03:00', events: [], known: [] };
    writeEventStoreAtomically(dataDir, store);
    expect(readEventStore(dataDir)).toBe(store);
    const later = { ...store, checkedAt: '2026-11-21T19:42:05-03:00' };
    replaceFromOutside(path.join(dataDir, 'events.json'), JSON.stringify(later));
    expect(readEventStore(dataDir)?.checkedAt).toBe('2026-11-21T19:42:05-03:00');
  });

  it('forgets a snapshot whose file is gone', async () => {
    const dataDir = tempDataDir();
    await writeSnapshotAtomicallyAsync(dataDir, buildFixtureSnapshot(UPSTREAM));
    fs.rmSync(snapshotPath(dataDir));
    expect(readSnapshot(dataDir)).toBeNull();
  });
});
