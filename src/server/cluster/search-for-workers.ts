/**
 * The primary's side of its workers' searches (primary-search.ts): one snapshot and search index
 * for the whole cluster, prepared in slices when the primary publishes a build (while the
 * workers load it) and when another process's swap re-points `current` (checked each second), so
 * searches follow the published builds as the pages do. Each 'search' message gets what the
 * query finds as JSON text.
 */
import type { Config } from '../../lib/config/config.ts';
import { findSearchBody } from '../../lib/api/search-answer.ts';
import { readCurrentBuildId } from '../../lib/store/builds/current-link.ts';
import { LINK_CHECK_INTERVAL_MS } from '../site/current-site.ts';
import { createSearchSnapshot } from '../search/search-snapshot.ts';
import { errorMessage } from '../../lib/model/caught-error.ts';
import { coalescedRuns } from '../coalesced-runs.ts';
import type { PrimaryMessage } from './cluster-messages.ts';

export interface SearchForWorkers {
  /** Prepares snapshot.json as it is now (if it changed) and searches it from then on. */
  prepare(): Promise<void>;
  /** The answer to a worker's search `id` for `q`, to send it back. */
  answer(id: number, q: string): PrimaryMessage;
  stop(): void;
}

export function createSearchForWorkers(config: Config, log: (line: string) => void): SearchForWorkers {
  const snapshot = createSearchSnapshot(config.dataDir, config.upstreamUrl, log);
  const prepare = coalescedRuns(async () => {
    try {
      (await snapshot.prepare())();
    } catch (error) {
      // Searches go on over the snapshot prepared before.
      log(`aviso: a busca não preparou o snapshot novo: ${errorMessage(error)}`);
    }
  });
  // Another process's swap (a second refresher, `npm run refresh`): seen when `current` names another build. Not
  // snapshot.json's own changes: a scrape writes it before its build is published, or when its build fails.
  let preparedFor = readCurrentBuildId(config.dataDir);
  const check = setInterval(() => {
    const current = readCurrentBuildId(config.dataDir);
    if (current === preparedFor) return;
    preparedFor = current;
    void prepare();
  }, LINK_CHECK_INTERVAL_MS);
  check.unref();
  return {
    prepare: () => {
      preparedFor = readCurrentBuildId(config.dataDir);
      return prepare();
    },
    answer(id, q) {
      const reading = snapshot.current();
      return { placar: 'search-found', id, found: reading ? findSearchBody(q, reading, config) : null };
    },
    stop: () => clearInterval(check),
  };
}
