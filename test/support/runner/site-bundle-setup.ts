/** Vitest global setup: the run's one site bundle (harness/shared-site-bundle.ts), removed at the end. */
import fs from 'node:fs';
import path from 'node:path';
import { buildSharedSiteBundle, SHARED_SITE_BUNDLE_VARIABLE } from '../../../harness/shared-site-bundle.ts';

export async function setup(): Promise<() => void> {
  const dataDir = await buildSharedSiteBundle(path.resolve(import.meta.dirname, '../../..'));
  process.env[SHARED_SITE_BUNDLE_VARIABLE] = dataDir;
  return () => fs.rmSync(dataDir, { recursive: true, force: true });
}
