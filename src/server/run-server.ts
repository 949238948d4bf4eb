/**
 * `npm start`'s process model: WORKERS=1 is one process (run-placar.ts); otherwise this process
 * becomes the cluster's primary (refreshes, no HTTP) and forks the workers that serve, each running
 * scripts/cluster-worker.ts compiled into one JavaScript file (cluster/worker-bundle.ts). Each
 * process loads only its own part: a worker no refresh pipeline, the primary no HTTP server.
 */
import type { Config } from '../lib/config/config.ts';
import type { RunPlacarOptions } from './run-placar.ts';

export async function runServer(config: Config, options: RunPlacarOptions): Promise<void> {
  if (config.workers === 1) return (await import('./run-placar.ts')).runPlacar(config, options);
  return (await import('./cluster/cluster-primary.ts')).runClusterPrimary(config, options);
}
