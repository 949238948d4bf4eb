/**
 * Refreshes in this process from a given snapshot (no scrape), as the build tests drive them: the fixture listings'
 * snapshot, written into DATA_DIR, rendered, compressed and swapped in; and that snapshot with the live Flamengo
 * match's score or minute moved, or the match over.
 */
import { expect } from 'vitest';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import type { Config } from '../../../src/lib/config/config.ts';
import type { Match, Snapshot } from '../../../src/lib/model/model.ts';
import { writeSnapshotAtomically } from '../../../src/lib/store/scraped/snapshot-store.ts';
import { runRefresh, type RefreshReport } from '../../../src/refresh/refresh.ts';

/** In play in the fixture listings (live and today). */
export const FLAMENGO = 'brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras';

/** One refresh of `snapshot` into config's DATA_DIR; it must publish. */
export async function refreshFrom(config: Config, snapshot: Snapshot): Promise<RefreshReport> {
  writeSnapshotAtomically(config.dataDir, snapshot);
  const report = await runRefresh(config, { projectRoot: PROJECT_ROOT, log: () => undefined, scrape: false });
  expect(report.error).toBeNull();
  return report;
}

/** The Flamengo match as `change` makes it, in live and today. */
function withFlamengo(snapshot: Snapshot, change: (match: Match) => Match): Snapshot {
  const changed = (listing: 'live' | 'hoje') => ({
    ...snapshot[listing],
    matches: snapshot[listing].matches.map((match) => (match.id === FLAMENGO ? change(match) : match)),
  });
  return { ...snapshot, live: changed('live'), hoje: changed('hoje') };
}

/** The Flamengo match with another home score, in live and today. */
export function withFlamengoScore(snapshot: Snapshot, home: number): Snapshot {
  return withFlamengo(snapshot, (match) => ({ ...match, score: { ...match.score, home } }));
}

/** The Flamengo match at another minute (its status line too), in live and today. */
export function withFlamengoMinute(snapshot: Snapshot, minute: number): Snapshot {
  return withFlamengo(snapshot, (match) => ({ ...match, minute, statusLabel: `${minute} MIN` }));
}

/** The Flamengo match over at its score: gone from live, finished in today. */
export function withFlamengoFinished(snapshot: Snapshot): Snapshot {
  const live = snapshot.live.matches.filter((match) => match.id !== FLAMENGO);
  const hoje = snapshot.hoje.matches.map((match) =>
    match.id === FLAMENGO ? { ...match, status: 'FINISHED' as const, minute: null } : match,
  );
  return {
    ...snapshot,
    live: { ...snapshot.live, matches: live, count: live.length },
    hoje: { ...snapshot.hoje, matches: hoje },
  };
}
