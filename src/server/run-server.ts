/**
 * `npm start`'s process model: WORKERS=1 is one process (run-placar.ts); otherwise the first
 * process becomes the cluster's primary (refreshes, no HTTP) and the processes it forks — this
 * same script again — the workers that serve. Each process imports only its own part: a worker
 * loads no refresh pipeline, the primary no HTTP server.
 */
import cluster from 'node:cluster';
import type { Config } from '../lib/config/config.ts';
import type { RunPlacarOptions } from './run-placar.ts';

export async function runServer(config: Config, options: RunPlacarOptions): Promise<void> {
  if (config.workers === 1) return (await import('./run-placar.ts')).runPlacar(config, options);
  if (cluster.isPrimary) return (await import('./cluster/cluster-primary.ts')).runClusterPrimary(config, options);
  return (await import('./cluster/cluster-worker.ts')).runClusterWorker(config, options);
}
