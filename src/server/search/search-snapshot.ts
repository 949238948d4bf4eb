/**
 * The snapshot /api/busca searches, prepared off the request path: when the server loads a
 * build (after its own swap, a cluster "reload", or the link check noticing another process's
 * swap), it reads snapshot.json and builds its search index in slices between requests, and
 * only then lets searches use it — together with the build's pages (current-site.ts). Searches
 * thus follow the published build, as the pages do, and none waits for an index.
 */
import { matchIndexOfSteps } from '../../lib/search/match-index.ts';
import { runInSlices } from '../../lib/slices/run-in-slices.ts';
import { createSnapshotReader, type SnapshotReading } from '../../lib/store/scraped/snapshot-reader.ts';

export interface SearchSnapshot {
  /**
   * Reads snapshot.json (if it changed) and builds its index, in slices; searches go on with the
   * prepared one until the returned function is called.
   */
  prepare(): Promise<() => void>;
  /** The prepared reading; null before the first prepare. */
  current(): SnapshotReading | null;
  /** Changes with every newly prepared snapshot (keys the response cache). */
  generation(): number;
}

export function createSearchSnapshot(
  dataDir: string,
  upstreamUrl: string,
  log: (line: string) => void,
): SearchSnapshot {
  const reader = createSnapshotReader(dataDir, upstreamUrl);
  let prepared: SnapshotReading | null = null;
  let generation = 0;
  return {
    async prepare() {
      const started = performance.now();
      const reading = await runInSlices(reader.readSteps());
      if (reading === prepared) return () => undefined;
      const index = await runInSlices(matchIndexOfSteps(reading.snapshot));
      const ms = Math.round(performance.now() - started);
      return () => {
        prepared = reading;
        generation += 1;
        log(`busca: índice pronto (${index.matches.length} jogos, ${index.names.length} nomes) em ${ms} ms`);
      };
    },
    current: () => prepared,
    generation: () => generation,
  };
}
