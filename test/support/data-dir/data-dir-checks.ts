/**
 * What must hold in a DATA_DIR whatever happened to the processes using it: every file a
 * reader opens is complete and valid, and `current` points at a complete build. Plus the
 * build children a killed server leaves running, found by the DATA_DIR in their environment.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { buildClientDir, buildManifestPath, buildsDir, isBuildId } from '../../../src/lib/store/builds/build-layout.ts';
import { ScrapeStateSchema, scrapeStatePath } from '../../../src/lib/store/scraped/scrape-state-store.ts';
import { readSnapshot } from '../../../src/lib/store/scraped/snapshot-store.ts';
import { readCurrentBuildId } from '../../../src/lib/store/builds/current-link.ts';
import { loadStaticSite } from '../../../src/server/site/static-site.ts';

export interface DataDirState {
  currentBuildId: string | null;
  /** Temp files (".name.pid.random.tmp") a killed writer left; nothing reads them. */
  tempFiles: string[];
  /** Build folders without a site manifest (a build that never finished). */
  incompleteBuilds: string[];
}

/** Asserts the invariants and returns what else is in the folder. */
export function expectConsistentDataDir(dataDir: string): DataDirState {
  // readSnapshot throws on a truncated or invalid file; null only before the first scrape.
  expect(() => readSnapshot(dataDir)).not.toThrow();
  if (fs.existsSync(scrapeStatePath(dataDir))) {
    expect(ScrapeStateSchema.safeParse(JSON.parse(fs.readFileSync(scrapeStatePath(dataDir), 'utf8'))).success).toBe(
      true,
    );
  }
  const currentBuildId = readCurrentBuildId(dataDir);
  if (currentBuildId !== null) {
    expect(fs.existsSync(buildManifestPath(dataDir, currentBuildId))).toBe(true);
    expect(fs.existsSync(path.join(buildClientDir(dataDir, currentBuildId), 'index.html'))).toBe(true);
    expect(() => loadStaticSite(dataDir, currentBuildId)).not.toThrow();
  }
  const builds = fs.existsSync(buildsDir(dataDir)) ? fs.readdirSync(buildsDir(dataDir)).filter(isBuildId) : [];
  return {
    currentBuildId,
    tempFiles: fs.readdirSync(dataDir).filter((name) => name.endsWith('.tmp')),
    incompleteBuilds: builds.filter((id) => !fs.existsSync(buildManifestPath(dataDir, id))),
  };
}

/** Pids of the processes whose environment names `dataDir` as their build output (PLACAR_OUT_DIR). */
export function findBuildChildren(dataDir: string): number[] {
  const marker = `PLACAR_OUT_DIR=${buildsDir(dataDir)}/`;
  const pids: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const environ = fs.readFileSync(`/proc/${name}/environ`, 'latin1');
      if (environ.split('\0').some((entry) => entry.startsWith(marker))) pids.push(Number(name));
    } catch {
      // Gone meanwhile, or not readable.
    }
  }
  return pids;
}

/** SIGKILLs the build children of `dataDir` (each leads its own process group); returns how many. */
export function killBuildChildren(dataDir: string): number {
  const pids = findBuildChildren(dataDir);
  for (const pid of pids) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
  return pids.length;
}
