/**
 * Archived match pages are never rendered again, so they keep naming the fingerprinted assets
 * (/_astro/…) of the site bundle they were made with. A new bundle (an upgrade) has other names:
 * the archive keeps each bundle's assets (hard links in DATA_DIR/arquivo/site/_astro) and links
 * into every build those the build's bundle lacks, until no page kept can use them — an asset
 * last seen in a bundle before the oldest day kept goes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { oldestKeptDay } from '../../lib/model/archive-days.ts';
import { archiveSiteDir, type ArchiveIndex } from '../../lib/store/scraped/archive-store.ts';
import { isCompressedVariant } from '../compress/precompress.ts';
import { linkOrCopySync } from '../link-or-copy.ts';

const ASSETS = '_astro';

/** The asset files of a folder (no precompressed variants); none when it has no such folder. */
function assetNames(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !isCompressedVariant(entry.name))
    .map((entry) => entry.name);
}

/**
 * Keeps the build's assets for later builds, prunes those no kept page can use, and links the
 * kept ones the build lacks into its client folder. Returns true when `index` changed.
 */
export function keepArchiveAssets(
  dataDir: string,
  clientDir: string,
  window: { today: string; archiveDays: number },
  index: ArchiveIndex,
): boolean {
  const kept = path.join(archiveSiteDir(dataDir), ASSETS);
  const own = path.join(clientDir, ASSETS);
  const current = new Set(assetNames(own));
  fs.mkdirSync(kept, { recursive: true });
  let changed = false;
  for (const name of current) {
    if (!fs.existsSync(path.join(kept, name))) linkOrCopySync(path.join(own, name), path.join(kept, name));
    if (index.assets[name] !== window.today) {
      index.assets[name] = window.today;
      changed = true;
    }
  }
  const oldest = oldestKeptDay(window.today, window.archiveDays);
  for (const [name, lastSeen] of Object.entries(index.assets)) {
    if (current.has(name)) continue;
    if (lastSeen < oldest) {
      fs.rmSync(path.join(kept, name), { force: true });
      delete index.assets[name];
      changed = true;
    } else if (fs.existsSync(path.join(kept, name))) {
      linkOrCopySync(path.join(kept, name), path.join(own, name));
    }
  }
  return changed;
}
