import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { snapshotPath, writeSnapshotAtomically } from '../../../src/lib/store/scraped/snapshot-store.ts';
import { createSnapshotReader } from '../../../src/lib/store/scraped/snapshot-reader.ts';
import { buildEnvelope, buildFixtureSnapshot } from '../../../harness/fixture-snapshot.ts';

const UPSTREAM = 'https://www.placardefutebol.com.br';
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('createSnapshotReader', () => {
  it('reads the file once, again only after it changed, and keeps the last good one over a broken file', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-reader-'));
    dirs.push(dataDir);
    const reader = createSnapshotReader(dataDir, UPSTREAM);
    expect(reader.read().snapshot.live).toMatchObject({ generatedAt: null, stale: true, count: 0 });

    const snapshot = buildFixtureSnapshot(UPSTREAM);
    writeSnapshotAtomically(dataDir, snapshot);
    const first = reader.read().snapshot;
    expect(first.live.count).toBe(4);
    // Unchanged file: the very same object (so the search index cached per snapshot is reused).
    expect(reader.read().snapshot).toBe(first);

    writeSnapshotAtomically(dataDir, {
      ...snapshot,
      live: buildEnvelope(UPSTREAM, 'live', [], '2026-11-21T19:45:00-03:00'),
    });
    expect(reader.read().snapshot.live.count).toBe(0);

    fs.writeFileSync(snapshotPath(dataDir), '{ not json');
    expect(reader.read().snapshot.live.count).toBe(0);
    expect(reader.read().snapshot.hoje.count).toBe(13);
  });
});
