/**
 * The reference the render pipeline is compared with: a whole `astro build` of DATA_DIR's
 * snapshot (every page pre-rendered, no site bundle), the way refreshes made their builds
 * before the render pipeline, with the crests linked in as a refresh does. Tests only: no user
 * needs a second pipeline.
 */
import { buildClientDir, buildDir } from '../../../src/lib/store/builds/build-layout.ts';
import { linkCrestsIntoBuild } from '../../../src/crests/link-crests.ts';
import { runSiteBuild } from '../../../src/refresh/render/build-site.ts';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';

/** Its folder's name under DATA_DIR/builds: not a build id, so no refresh serves or removes it. */
const REFERENCE_BUILD = 'full-astro-build';

/** Generous: an `astro build` on a loaded 2-core machine (a refresh's default is 60 s). */
const BUILD_TIMEOUT_MS = 170_000;

/** Builds the whole site from `dataDir`'s snapshot; returns its client folder. */
export async function buildFullAstroSite(dataDir: string, upstreamUrl: string): Promise<string> {
  await runSiteBuild({
    projectRoot: PROJECT_ROOT,
    dataDir,
    upstreamUrl,
    outDir: buildDir(dataDir, REFERENCE_BUILD),
    requiredFiles: ['client/index.html', 'server/entry.mjs'],
    timeoutMs: BUILD_TIMEOUT_MS,
    env: process.env,
  });
  const clientDir = buildClientDir(dataDir, REFERENCE_BUILD);
  linkCrestsIntoBuild(dataDir, clientDir);
  return clientDir;
}
