/**
 * Guards for when refreshes stop publishing: the served listings turn `stale: true` on time
 * even though their files were built earlier, and temp files of killed processes are swept.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildContentHash } from '../../../src/lib/api/etag.ts';
import type { ListEnvelope } from '../../../src/lib/model/model.ts';
import { runTempFileSweep } from '../../../src/refresh/sweep-temp-files.ts';
import type { StaticEntry } from '../../../src/server/site/static-site.ts';
import { selectListingEntry, type ServedBuild } from '../../../src/server/health/stale-listing.ts';
import { buildEnvelope, readExpectedMatches } from '../../../harness/fixture-snapshot.ts';

const GENERATED_AT = '2026-11-21T19:41:05-03:00';
const at = (seconds: number): Date => new Date(Date.parse(GENERATED_AT) + seconds * 1000);

function listingEntry(envelope: ListEnvelope): StaticEntry {
  const identity = Buffer.from(JSON.stringify(envelope));
  const file = {
    path: 'api/live',
    hash: buildContentHash(identity),
    size: identity.length,
    lastModified: new Date(GENERATED_AT).toUTCString(),
    contentType: 'application/json; charset=utf-8',
    cacheControl: 'public, max-age=15',
    br: true,
    gzip: true,
  };
  return { file, identity, br: Buffer.from('old br'), gzip: Buffer.from('old gz') };
}

/** The selector as the server makes it: what the build says of the listing is its file's own head. */
function select(route: string, entry: StaticEntry, build: Omit<ServedBuild, 'head'>, now: Date): StaticEntry {
  const { generatedAt, stale } = JSON.parse(entry.identity.toString('utf8')) as ListEnvelope;
  return selectListingEntry(route, entry, { ...build, head: () => ({ generatedAt, stale }) }, now);
}

describe('selectListingEntry', () => {
  const fresh = listingEntry(buildEnvelope('https://up.example', 'live', readExpectedMatches('live'), GENERATED_AT));
  /** The build was published 2 s after the data was fetched, and none since. */
  const stopped = { builtAt: at(2).toISOString(), refreshIntervalSeconds: 60 };

  it('serves the built file while the data is younger than 3 refresh intervals', () => {
    expect(select('/api/live', fresh, stopped, at(180))).toBe(fresh);
  });

  it('trusts the file while builds keep being published, even if its data is older', () => {
    expect(select('/api/live', fresh, { builtAt: at(170).toISOString(), refreshIntervalSeconds: 60 }, at(200))).toBe(
      fresh,
    );
  });

  it('judges /api/ontem by its own (hourly) rhythm once builds stopped', () => {
    const ontem = listingEntry(
      buildEnvelope('https://up.example', 'ontem', readExpectedMatches('ontem'), GENERATED_AT),
    );
    const hourly = { ...stopped, yesterdayRefreshSeconds: 3600 };
    expect(select('/api/ontem', ontem, hourly, at(600))).toBe(ontem);
    expect(select('/api/ontem', ontem, hourly, at(3 * 3600))).toBe(ontem);
    const served = select('/api/ontem', ontem, hourly, at(3 * 3600 + 1));
    expect((JSON.parse(served.identity.toString('utf8')) as ListEnvelope).stale).toBe(true);
  });

  it('serves a stale: true copy (own ETag, compressed variants, same matches) once builds stopped and the data is older', () => {
    expect(select('/api/live', fresh, stopped, at(182))).toBe(fresh);
    const served = select('/api/live', fresh, stopped, at(183));
    expect(served).not.toBe(fresh);
    const envelope = JSON.parse(served.identity.toString('utf8')) as ListEnvelope;
    expect(envelope).toEqual({ ...(JSON.parse(fresh.identity.toString('utf8')) as ListEnvelope), stale: true });
    expect(served.file.hash).not.toBe(fresh.file.hash);
    expect(served.file.lastModified).toBe(at(180).toUTCString());
    expect(brotliDecompressSync(served.br ?? Buffer.alloc(0)).equals(served.identity)).toBe(true);
    expect(gunzipSync(served.gzip ?? Buffer.alloc(0)).equals(served.identity)).toBe(true);
    expect(select('/api/live', fresh, stopped, at(500))).toBe(served);
  });

  it('leaves other files and listings already stale as they are', () => {
    const stale = listingEntry(buildEnvelope('https://up.example', 'live', [], GENERATED_AT, true));
    expect(select('/api/live', stale, stopped, at(10_000))).toBe(stale);
    expect(select('/api/routes', fresh, stopped, at(10_000))).toBe(fresh);
    expect(select('/', fresh, stopped, at(10_000))).toBe(fresh);
  });
});

describe('runTempFileSweep', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-sweep-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("removes only dead processes' temp files", () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    const names = {
      dead: [`.snapshot.json.${dead}.0a1b2c3d.tmp`, `.current.${dead}.deadbeef.tmp`],
      alive: [`.snapshot.json.${process.pid}.0a1b2c3d.tmp`],
      other: ['snapshot.json', 'notes.tmp', '.snapshot.json.tmp'],
    };
    for (const name of [...names.dead, ...names.alive, ...names.other]) fs.writeFileSync(path.join(dir, name), '{');
    expect(runTempFileSweep(dir).sort()).toEqual([...names.dead].sort());
    expect(fs.readdirSync(dir).sort()).toEqual([...names.alive, ...names.other].sort());
  });
});
