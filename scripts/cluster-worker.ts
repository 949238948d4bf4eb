/**
 * One server process of `npm start` with WORKERS > 1, forked by the primary — not run by hand. The
 * primary compiles this entry into one JavaScript file first (src/server/cluster/worker-bundle.ts).
 */
import { runClusterWorker } from '../src/server/cluster/cluster-worker.ts';
import { runServeCommand } from '../src/server/serve-command.ts';

await runServeCommand(runClusterWorker);
