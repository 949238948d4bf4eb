/**
 * Deletes old builds: keeps the newest `keep` complete builds, the one `current` points at and
 * any a live server process imported its handler from; then the files of matches the served build
 * does not list (match-files.ts), except those the archive holds, and those past the archive's window
 * (archive-matches.ts). Runs under the refresh lock, so no
 * build of this DATA_DIR is in progress meanwhile. The files are removed off the event loop (a
 * build is dozens of files): the refreshing process serves meanwhile.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { buildDir, buildManifestPath, buildsDir, isBuildId } from '../../lib/store/builds/build-layout.ts';
import { isBuildInUse } from '../../lib/store/builds/build-in-use.ts';
import { readCurrentBuildId } from '../../lib/store/builds/current-link.ts';
import { readSiteManifest, type SiteFile } from '../../lib/store/builds/site-manifest.ts';
import { runMatchFilesCleanup } from '../render/match-files.ts';
import { keepArchived, runExpiredMatchFilesCleanup } from '../render/archive-matches.ts';

export const BUILDS_TO_KEEP = 2;

/** Removes what it may; returns the ids it removed. */
export async function runBuildCleanup(dataDir: string, keep: number = BUILDS_TO_KEEP): Promise<string[]> {
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
    await fsp.rm(buildDir(dataDir, id), { recursive: true, force: true });
    removed.push(id);
  }
  // The match files the served build does not list go too (they are shared, not in the builds).
  let served: SiteFile[] | null = null;
  try {
    served = current ? (readSiteManifest(buildManifestPath(dataDir, current))?.files ?? null) : null;
  } catch {
    // An unreadable manifest: nothing is known to be unlisted, so nothing is removed.
  }
  await runMatchFilesCleanup(dataDir, served, keepArchived(dataDir));
  await runExpiredMatchFilesCleanup(dataDir, served);
  return removed;
}
