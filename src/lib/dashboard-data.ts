/**
 * What every dashboard page and listing endpoint is made from: the configured upstream and
 * the snapshot (an empty, stale one before the first successful scrape). A refresh reads and
 * validates the snapshot once and hands it to every rendered route in Astro.locals
 * (src/pipeline/render-child.ts); a full `astro build` has no locals, and reads it here.
 */
import { readConfig } from './config.ts';
import type { Snapshot } from './model.ts';
import { readSnapshotOrEmpty } from './snapshot-store.ts';

export type ViewName = 'live' | 'hoje' | 'busca';

export interface DashboardData {
  upstreamUrl: string;
  snapshot: Snapshot;
  /** Tab counters: search starts at 0 until the browser has results. */
  counts: Record<ViewName, number>;
}

export function buildDashboardData(upstreamUrl: string, snapshot: Snapshot): DashboardData {
  return { upstreamUrl, snapshot, counts: { live: snapshot.live.count, hoje: snapshot.hoje.count, busca: 0 } };
}

export function readDashboardData(): DashboardData {
  const config = readConfig();
  return buildDashboardData(config.upstreamUrl, readSnapshotOrEmpty(config.dataDir, config.upstreamUrl));
}

/** The data the render call passed in `locals`, or (full build) the snapshot on disk. */
export function dashboardDataFor(locals: App.Locals): DashboardData {
  return locals.placar ?? readDashboardData();
}
