/**
 * One site bundle for a whole test run. `astro build` keeps a core busy for a long while, and every
 * test that starts Placar on a fresh DATA_DIR would build the same bundle again (the fingerprint
 * covers the code, not the data). The run's global setup builds it once into a data folder of its
 * own, named by PLACAR_TEST_SITE_BUNDLE; startPlacar and runScript copy it into each new DATA_DIR, where
 * Placar finds it complete and renders from it, as after `npm run build`. Copies, not hard links: a
 * build sets the mtime of the bundle files it links (its Last-Modified), and test files run side by
 * side would set each other's. A test that watches the bundle being built asks for its own
 * (`siteBundle: 'own'`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUNDLE_PREFIX, buildsDir } from '../src/lib/store/builds/build-layout.ts';
import { ensureBuildModulesLink } from '../src/refresh/render/build-site.ts';
import { ensureSiteBundle } from '../src/refresh/render/site-bundle.ts';

export const SHARED_SITE_BUNDLE_VARIABLE = 'PLACAR_TEST_SITE_BUNDLE';

/** Builds the bundle of the checked-out code into a new temp data folder; returns that folder. */
export async function buildSharedSiteBundle(projectRoot: string): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-shared-bundle-'));
  await ensureSiteBundle({
    projectRoot,
    dataDir,
    // Every test's upstream is on loopback; the bundle does not depend on its port.
    upstreamUrl: 'http://127.0.0.1:9',
    timeoutMs: 600_000,
    env: process.env,
  });
  return dataDir;
}

/**
 * Copies the run's shared bundle (or the one of `shared`, a bench group's own) into `dataDir` (unless it has one);
 * nothing when no run built one (the bench's other groups).
 */
export function copySharedSiteBundle(
  dataDir: string,
  projectRoot: string,
  shared: string | undefined = process.env[SHARED_SITE_BUNDLE_VARIABLE],
): void {
  if (!shared) return;
  for (const name of fs.readdirSync(buildsDir(shared))) {
    if (!name.startsWith(BUNDLE_PREFIX)) continue;
    const target = path.join(buildsDir(dataDir), name);
    if (!fs.existsSync(target)) fs.cpSync(path.join(buildsDir(shared), name), target, { recursive: true });
  }
  ensureBuildModulesLink(dataDir, projectRoot);
}

/**
 * A data folder without builds (new, or only prepared) gets the run's shared bundle, as a first start finds it after
 * `npm run build`; one with builds is left as the test made it (a read-only or a broken one).
 */
export function provideSharedSiteBundle(dataDir: string, projectRoot: string): void {
  const folder = fs.statSync(dataDir, { throwIfNoEntry: false });
  // Not a folder: the script under test is to say so itself.
  if (folder && !folder.isDirectory()) return;
  if (fs.existsSync(buildsDir(dataDir))) return;
  fs.mkdirSync(dataDir, { recursive: true });
  copySharedSiteBundle(dataDir, projectRoot);
}
