/**
 * `npm start`'s process model: WORKERS=1 is one process (run-placar.ts); otherwise the first
 * process becomes the cluster's primary (refreshes, no HTTP) and the processes it forks — this
 * same script again — the workers that serve.
 */
import cluster from 'node:cluster';
import type { Config } from '../lib/config/config.ts';
import { runClusterPrimary } from './cluster-primary.ts';
import { runClusterWorker } from './cluster-worker.ts';
import { runPlacar, type RunPlacarOptions } from './run-placar.ts';

export function runServer(config: Config, options: RunPlacarOptions): Promise<void> {
  if (config.workers === 1) return runPlacar(config, options);
  return cluster.isPrimary ? runClusterPrimary(config, options) : runClusterWorker(config, options);
}
