/**
 * The primary's side of its workers' searches (primary-search.ts): one snapshot and search index
 * for the whole cluster, prepared in slices when the primary publishes a build (before the
 * workers are told to load it) and when another process's swap replaces snapshot.json (checked
 * each second: a stat). Each 'search' message gets what the query finds as JSON text.
 */
import type { Worker } from 'node:cluster';
import type { Config } from '../../lib/config/config.ts';
import { findSearchBody } from '../../lib/api/search-answer.ts';
import { LINK_CHECK_INTERVAL_MS } from '../site/current-site.ts';
import { createSearchSnapshot } from '../search/search-snapshot.ts';
import { errorMessage } from '../../lib/model/caught-error.ts';
import { coalescedRuns } from '../coalesced-runs.ts';
import { sendToWorker } from './cluster-messages.ts';

export interface SearchForWorkers {
  /** Prepares snapshot.json as it is now (if it changed) and searches it from then on. */
  prepare(): Promise<void>;
  /** Answers a worker's search `id` for `q`. */
  answer(worker: Worker, id: number, q: string): void;
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
  const check = setInterval(() => void prepare(), LINK_CHECK_INTERVAL_MS);
  check.unref();
  return {
    prepare,
    answer(worker, id, q) {
      const reading = snapshot.current();
      sendToWorker(worker, { placar: 'search-found', id, found: reading ? findSearchBody(q, reading, config) : null });
    },
    stop: () => clearInterval(check),
  };
}
