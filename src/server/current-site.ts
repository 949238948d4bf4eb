/**
 * The static site the server answers from: the build DATA_DIR/current points at. Reloaded at
 * once after an in-process swap, and — when another process (`npm run refresh`) re-points the
 * link — noticed on the next request at most about a second later.
 */
import { readCurrentBuildId } from '../pipeline/swap-build.ts';
import { loadStaticSite, type StaticSite } from './static-site.ts';

export interface CurrentSite {
  /** The loaded site (null before the first build); checks the link at most once a second. */
  get(): StaticSite | null;
  /** Loads the build `current` points at now, if it is not the loaded one. */
  reload(): void;
}

export const LINK_CHECK_INTERVAL_MS = 1000;

export function createCurrentSite(
  dataDir: string,
  log: (line: string) => void,
  now: () => number = Date.now,
  /** Called with each newly loaded build, before any request sees it (search index, event streams). */
  onLoad: (site: StaticSite) => void = () => undefined,
): CurrentSite {
  let site: StaticSite | null = null;
  let checkedAt = 0;
  let failedBuildId: string | null = null;
  const reload = (): void => {
    const buildId = readCurrentBuildId(dataDir);
    if (buildId === null || buildId === site?.buildId || buildId === failedBuildId) return;
    try {
      const loaded = loadStaticSite(dataDir, buildId);
      onLoad(loaded);
      site = loaded;
      failedBuildId = null;
    } catch (error) {
      // Keep serving what we have; do not retry (and log) the same broken build every second.
      failedBuildId = buildId;
      log(`aviso: não foi possível carregar o build ${buildId}: ${(error as Error).message}`);
    }
  };
  return {
    get(): StaticSite | null {
      // Requests check on their own too (at most once a second): the first one after another process's
      // swap need not wait for the server's own check.
      if (now() - checkedAt >= LINK_CHECK_INTERVAL_MS) {
        checkedAt = now();
        reload();
      }
      return site;
    },
    reload,
  };
}
