/**
 * The search engine's own costs on the serving fixture's snapshot (1,000 matches a day), in
 * this process: how long building the per-snapshot index takes (once per refresh, on the
 * first search after it), the heap it holds, and the engine's time per query without the
 * server's response cache — the part of /api/busca the HTTP load mostly replays from cache.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { findMatches } from '../../src/lib/search/search.ts';
import { buildMatchIndex, matchIndexOf, type MatchIndex } from '../../src/lib/search/match-index.ts';
import { readSnapshot } from '../../src/lib/store/scraped/snapshot-store.ts';
import { median } from '../stats.ts';

export interface SearchIndexResult {
  matches: number;
  /** Median of the builds, ms. */
  buildMs: number;
  /** Heap held by one index, bytes (after a full GC). */
  heapBytes: number;
  /** Median over the bench's search terms of the engine's time per query, µs. */
  queryMicros: number;
}

const BUILDS = 7;

function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

export function measureSearchIndex(dataDir: string, terms: readonly string[]): SearchIndexResult {
  const snapshot = readSnapshot(dataDir);
  if (!snapshot) throw new Error('sem snapshot.json para medir o índice de busca');
  const buildTimes: number[] = [];
  for (let i = 0; i < BUILDS; i++) {
    const started = performance.now();
    buildMatchIndex(snapshot);
    buildTimes.push(performance.now() - started);
  }
  collectGarbage();
  const before = process.memoryUsage().heapUsed;
  const kept: MatchIndex[] = [];
  for (let i = 0; i < BUILDS; i++) kept.push(buildMatchIndex(snapshot));
  collectGarbage();
  const heapBytes = (process.memoryUsage().heapUsed - before) / kept.length;
  matchIndexOf(snapshot);
  const perTerm = terms.map((term) => {
    const rounds = 20;
    const started = performance.now();
    for (let i = 0; i < rounds; i++) findMatches(snapshot, term);
    return ((performance.now() - started) / rounds) * 1000;
  });
  return {
    matches: kept[0]?.matches.length ?? 0,
    buildMs: median(buildTimes),
    heapBytes,
    queryMicros: median(perTerm),
  };
}
