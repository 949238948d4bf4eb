/**
 * The static site the server answers from: the build DATA_DIR/current points at. A new build is
 * loaded — its changed files read, its search index built, in slices between requests — and
 * served only once all of it is ready: until then requests get the previous build, whole.
 * Loaded right after an in-process swap, from the value the refresh hands over (nothing read
 * back), and — when another process (`npm run refresh`, a cluster's primary) re-points the link —
 * from the build's files (read-build-loaded.ts) as soon as the server notices, at most about a
 * second later.
 */
import { readCurrentBuildId } from '../../lib/store/builds/current-link.ts';
import { yieldToRequests } from '../../lib/slices/run-in-slices.ts';
import type { BuildLoaded } from '../../lib/store/builds/build-loaded.ts';
import { loadStaticSite, type StaticSite } from './static-site.ts';
import { errorMessage } from '../../lib/model/caught-error.ts';
import { coalescedRuns } from '../coalesced-runs.ts';

export interface CurrentSite {
  /** The served site (null before the first build); notices another process's swap (checks at most once a second). */
  get(): StaticSite | null;
  /**
   * Loads `published` (this process's refresh handed it over), else the build `current` points at now, if it is
   * not the served one; resolves once it is served (or failed).
   */
  reload(published?: BuildLoaded): Promise<void>;
}

/**
 * Prepares what must be ready before `site` is served (the search index, in slices) and returns
 * what switches it in, called at the moment the site is: nothing in between reaches a request.
 */
export type PrepareSite = (site: StaticSite) => Promise<() => void>;

export const LINK_CHECK_INTERVAL_MS = 1000;

export function createCurrentSite(
  dataDir: string,
  log: (line: string) => void,
  now: () => number = Date.now,
  prepare: PrepareSite = async () => () => undefined,
): CurrentSite {
  let site: StaticSite | null = null;
  let checkedAt = 0;
  let failedBuildId: string | null = null;
  let handedOver: BuildLoaded | null = null;
  const loadCurrent = async (): Promise<void> => {
    const given = handedOver;
    handedOver = null;
    const buildId = given?.buildId ?? readCurrentBuildId(dataDir);
    if (buildId === null || buildId === site?.buildId || buildId === failedBuildId) return;
    try {
      // Files unchanged since the served build are taken from it, not read again.
      const loaded = loadStaticSite(dataDir, given ?? buildId, site);
      await yieldToRequests();
      const switchIn = await prepare(loaded);
      switchIn();
      site = loaded;
      failedBuildId = null;
    } catch (error) {
      // Keep serving what we have; do not retry (and log) the same broken build every second.
      failedBuildId = buildId;
      log(`aviso: não foi possível carregar o build ${buildId}: ${errorMessage(error)}`);
    }
  };
  // One load at a time; a swap noticed (or handed over) meanwhile is loaded right after it.
  const loadInTurn = coalescedRuns(loadCurrent);
  const reload = (published?: BuildLoaded): Promise<void> => {
    if (published) handedOver = published;
    return loadInTurn();
  };
  return {
    get(): StaticSite | null {
      // Requests check on their own too (at most once a second): another process's swap starts
      // loading on the first request after it, which itself is still answered from the served build.
      if (now() - checkedAt >= LINK_CHECK_INTERVAL_MS) {
        checkedAt = now();
        void reload();
      }
      return site;
    },
    reload,
  };
}
