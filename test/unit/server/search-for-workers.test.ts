/**
 * The primary's searches for its workers (src/server/cluster/search-for-workers.ts), over real files:
 * it searches the snapshot of the build `current` names, switches when `current` is re-pointed (its own
 * publish, or another process's swap), and not when a scrape rewrites snapshot.json before its build is
 * published.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/lib/config/config.ts';
import { buildBuildId } from '../../../src/lib/store/builds/build-layout.ts';
import { swapCurrentBuild } from '../../../src/lib/store/builds/current-link.ts';
import { writeSnapshotAtomically } from '../../../src/lib/store/scraped/snapshot-store.ts';
import { readPrimaryMessage } from '../../../src/server/cluster/cluster-messages.ts';
import { createSearchForWorkers } from '../../../src/server/cluster/search-for-workers.ts';
import { buildFixtureSnapshot } from '../../../harness/fixture-snapshot.ts';

const folders: string[] = [];
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** The names of the home teams the search for `q` found, as the worker would get them. */
function homeTeamsFound(search: ReturnType<typeof createSearchForWorkers>, q: string): string[] | null {
  // Read as the worker reads it, after the channel.
  const message = readPrimaryMessage(JSON.parse(JSON.stringify(search.answer(1, q))));
  if (message?.placar !== 'search-found') throw new Error('no search-found message');
  if (message.found === null) return null;
  const envelope = JSON.parse(message.found.text) as { matches: { homeTeam: { name: string } }[] };
  return envelope.matches.map((match) => match.homeTeam.name);
}

function renamedHomeTeams(to: string): ReturnType<typeof buildFixtureSnapshot> {
  const snapshot = buildFixtureSnapshot();
  const rename = (envelope: typeof snapshot.hoje) => ({
    ...envelope,
    matches: envelope.matches.map((match) => ({ ...match, homeTeam: { ...match.homeTeam, name: to } })),
  });
  return { live: rename(snapshot.live), hoje: rename(snapshot.hoje), amanha: snapshot.amanha, ontem: snapshot.ontem };
}

describe("the primary's searches for its workers", () => {
  it('follows the published build: not a snapshot.json rewritten before its build is published', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-primary-search-'));
    folders.push(dataDir);
    const config = parseConfig({ DATA_DIR: dataDir });
    writeSnapshotAtomically(dataDir, renamedHomeTeams('Ypiranga'));
    swapCurrentBuild(dataDir, buildBuildId(new Date(), 'aaaa'));
    const search = createSearchForWorkers(config, () => undefined);
    stops.push(() => search.stop());
    await search.prepare();
    expect(homeTeamsFound(search, 'ypiranga')?.length).toBeGreaterThan(0);

    // A scrape writes the next snapshot; its build is not published (yet, or ever).
    writeSnapshotAtomically(dataDir, renamedHomeTeams('Xavante do Sul'));
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(homeTeamsFound(search, 'xavante')).toEqual([]);
    expect(homeTeamsFound(search, 'ypiranga')?.length).toBeGreaterThan(0);

    // Another process publishes it: searches follow within the link check.
    swapCurrentBuild(dataDir, buildBuildId(new Date(), 'bbbb'));
    await expect.poll(() => homeTeamsFound(search, 'xavante')?.length ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
  });

  it('finds nothing before there is any build, and searches the snapshot of the build it is told was published', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-primary-search-'));
    folders.push(dataDir);
    const search = createSearchForWorkers(parseConfig({ DATA_DIR: dataDir }), () => undefined);
    stops.push(() => search.stop());
    await search.prepare();
    expect(homeTeamsFound(search, 'ypiranga')).toEqual([]);
    writeSnapshotAtomically(dataDir, renamedHomeTeams('Ypiranga'));
    swapCurrentBuild(dataDir, buildBuildId(new Date(), 'cccc'));
    await search.prepare();
    expect(homeTeamsFound(search, 'ypiranga')?.length).toBeGreaterThan(0);
  });
});
