/**
 * The demo's DATA_DIR is temporary, so the site bundle Placar builds in it (`astro build`, once per
 * installed version) would go with it and be built again at every start. The demo keeps the complete
 * bundles in a folder that survives (node_modules/.cache/placar-demo, gone with a fresh install) and
 * copies them into each new DATA_DIR, where Placar finds its version's bundle complete, as after
 * `npm run build`; a bundle Placar had to build is kept there in turn. Copies, not hard links: a build
 * sets the mtime of the bundle files it links (its Last-Modified).
 */
import fs from 'node:fs';
import path from 'node:path';
import { BUNDLE_INFO_FILE, BUNDLE_PREFIX, buildsDir } from '../lib/store/builds/build-layout.ts';

export function demoBundleCacheDir(projectRoot: string): string {
  return path.join(projectRoot, 'node_modules', '.cache', 'placar-demo');
}

/** The complete bundles in a folder (bundle.json is written last), by name. */
function completeBundles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.startsWith(BUNDLE_PREFIX) && fs.existsSync(path.join(dir, name, BUNDLE_INFO_FILE)));
}

/** Copies the kept bundles into a new DATA_DIR; returns how many. */
export function restoreDemoBundles(cacheDir: string, dataDir: string): number {
  const bundles = completeBundles(cacheDir);
  for (const name of bundles) {
    const target = path.join(buildsDir(dataDir), name);
    if (!fs.existsSync(target)) fs.cpSync(path.join(cacheDir, name), target, { recursive: true });
  }
  return bundles.length;
}

/**
 * Keeps the DATA_DIR's complete bundles not kept yet (copied beside, then renamed: a kill never leaves
 * half of one) and drops the kept ones of other versions, which Placar would not use again.
 */
export function keepDemoBundles(dataDir: string, cacheDir: string): void {
  const current = completeBundles(buildsDir(dataDir));
  if (current.length === 0) return;
  fs.mkdirSync(cacheDir, { recursive: true });
  for (const name of current) {
    const kept = path.join(cacheDir, name);
    if (fs.existsSync(kept)) continue;
    const partial = `${kept}.${process.pid}.tmp`;
    fs.cpSync(path.join(buildsDir(dataDir), name), partial, { recursive: true });
    fs.renameSync(partial, kept);
  }
  for (const name of fs.readdirSync(cacheDir))
    if (!current.includes(name)) fs.rmSync(path.join(cacheDir, name), { recursive: true, force: true });
}
