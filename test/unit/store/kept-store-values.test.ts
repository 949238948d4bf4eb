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
import { readSiteManifest, writeSiteManifest, type SiteManifest } from '../../../src/lib/store/builds/site-manifest.ts';
import {
  TEAM_PAGES_FOLDER,
  freshTeamPageRecord,
  readTeamPageRecord,
  readTeamPageRecords,
  writeTeamPageRecordAsync,
} from '../../../src/lib/store/scraped/team-page-store.ts';

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

  it("keeps each team's page record: one copy through every refresh's read, another process's write read afresh", async () => {
    const dataDir = tempDataDir();
    await writeTeamPageRecordAsync(dataDir, { ...freshTeamPageRecord('sport'), readAt: '2027-03-15T10:00:00-03:00' });
    const written = readTeamPageRecord(dataDir, 'sport');
    expect(written?.readAt).toBe('2027-03-15T10:00:00-03:00');
    expect(readTeamPageRecords(dataDir).get('sport')).toBe(written);

    const file = path.join(dataDir, TEAM_PAGES_FOLDER, 'sport.json');
    replaceFromOutside(file, JSON.stringify({ ...freshTeamPageRecord('sport'), readAt: '2027-03-16T10:00:00-03:00' }));
    const read = readTeamPageRecords(dataDir).get('sport');
    expect(read?.readAt).toBe('2027-03-16T10:00:00-03:00');
    expect(readTeamPageRecord(dataDir, 'sport')).toBe(read);
    // A damaged file from outside is no record, not the copy kept before it.
    replaceFromOutside(file, '{"slug":"sport"');
    expect(readTeamPageRecord(dataDir, 'sport')).toBeNull();
  });

  it("keeps the two manifests last written, and a serving process's read of a build only when asked to", () => {
    const dataDir = tempDataDir();
    const manifest = (buildId: string): SiteManifest => ({ buildId, builtAt: '2026-11-21T19:41:05-03:00', files: [] });
    const files = ['a', 'b', 'c'].map((buildId) => {
      const file = path.join(dataDir, `${buildId}.json`);
      const written = manifest(buildId);
      writeSiteManifest(file, written);
      return { file, written };
    });
    const [first, second, third] = files;
    // The refresh reads the served build's and the one it just wrote: the last two, as written.
    expect(readSiteManifest(third?.file ?? '')).toBe(third?.written);
    expect(readSiteManifest(second?.file ?? '')).toBe(second?.written);
    const firstRead = readSiteManifest(first?.file ?? '');
    expect(firstRead).not.toBe(first?.written);
    expect(firstRead).toEqual(first?.written);

    // A worker loading a build another process wrote: read afresh each time, never kept.
    const outside = path.join(dataDir, 'outside.json');
    replaceFromOutside(outside, JSON.stringify(manifest('outside')));
    const once = readSiteManifest(outside, { keep: false });
    expect(once?.buildId).toBe('outside');
    expect(readSiteManifest(outside, { keep: false })).not.toBe(once);
    // Kept as before when it is the refresh that reads it.
    const kept = readSiteManifest(outside);
    expect(readSiteManifest(outside, { keep: false })).toBe(kept);
  });
});
