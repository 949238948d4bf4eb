/**
 * Deletes old builds: keeps the newest `keep` complete builds, the one `current` points at and
 * any a live server process imported its handler from. Runs under the refresh lock, so no
 * build of this DATA_DIR is in progress meanwhile.
 */
import fs from 'node:fs';
import { buildDir, buildManifestPath, buildsDir, isBuildId } from '../lib/store/build-layout.ts';
import { isBuildInUse } from './build-in-use.ts';
import { readCurrentBuildId } from './swap-build.ts';

export const BUILDS_TO_KEEP = 2;

/** Removes what it may; returns the ids it removed. */
export function runBuildCleanup(dataDir: string, keep: number = BUILDS_TO_KEEP): string[] {
  let ids: string[];
  try {
    ids = fs.readdirSync(buildsDir(dataDir)).filter(isBuildId).sort();
  } catch {
    return [];
  }
  const complete = ids.filter((id) => fs.existsSync(buildManifestPath(dataDir, id)));
  const kept = new Set(complete.slice(-keep));
  const current = readCurrentBuildId(dataDir);
  if (current) kept.add(current);
  const removed: string[] = [];
  for (const id of ids) {
    if (kept.has(id) || isBuildInUse(dataDir, id)) continue;
    fs.rmSync(buildDir(dataDir, id), { recursive: true, force: true });
    removed.push(id);
  }
  return removed;
}
