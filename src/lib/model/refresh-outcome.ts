/**
 * How a refresh ended: in its log line, in /healthz (`lastRefresh.outcome`) and in the primary's
 * messages to its workers. Here, not in src/refresh/, so a server process that only needs the words
 * (a cluster worker) does not load the refresh pipeline to get them.
 */
export const REFRESH_OUTCOMES = ['published', 'build-failed', 'skipped', 'aborted'] as const;
export type RefreshOutcome = (typeof REFRESH_OUTCOMES)[number];
