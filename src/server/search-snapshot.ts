/**
 * The snapshot /api/busca searches, prepared off the request path: when the server loads a
 * build (after its own swap, a cluster "reload", or the link check noticing another process's
 * swap), it reads snapshot.json and builds its search index before any search sees it. Searches
 * then follow the published build, as the pages do. Another process's swap (`npm run refresh`) is
 * loaded by the server's once-a-second link check, or by the first request to notice it first.
 */
import { matchIndexOf } from '../lib/search/match-index.ts';
import { createSnapshotReader, type SnapshotReading } from './snapshot-reader.ts';

export interface SearchSnapshot {
  /** Reads snapshot.json (if it changed) and builds its index; then searches use it. */
  prepare(): void;
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
    prepare() {
      const reading = reader.read();
      if (reading === prepared) return;
      const started = performance.now();
      const index = matchIndexOf(reading.snapshot);
      prepared = reading;
      generation += 1;
      const ms = Math.round(performance.now() - started);
      log(`busca: índice pronto (${index.matches.length} jogos, ${index.names.length} nomes) em ${ms} ms`);
    },
    current: () => prepared,
    generation: () => generation,
  };
}
