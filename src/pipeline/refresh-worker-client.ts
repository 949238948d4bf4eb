/**
 * The server's (or `npm run refresh`'s) handle on the refresh worker child (refresh-worker.ts):
 * one scrape or render job at a time. A new site bundle gets a new child, so the old bundle's
 * modules are not kept in memory beside the new ones.
 */
import path from 'node:path';
import { buildsDir } from '../lib/store/build-layout.ts';
import type { Config } from '../lib/config/config.ts';
import type { RenderRequest, RenderResult } from './render-routes.ts';
import type { ScrapeAnswer } from './refresh-worker.ts';
import { recordScrapeFailure } from './scrape.ts';
import { createWorkerProcess, type WorkerProcess } from './worker-process.ts';

/**
 * Heap of the worker, set on purpose. Its resident size is Node + zod + cheerio + the Astro
 * runtime (~110 MB) plus what V8 keeps of the moment's garbage, and the young generation decides
 * most of the latter: with V8's default semi-spaces the worker sat at ~300 MB at 1,000 matches a
 * day, with 2 MB ones at ~175-185 MB, for a few ms more of scavenging per refresh. The old-space
 * limit is a ceiling for a runaway page (a 5,000-match listing needs well under it), not a target.
 */
export const REFRESH_WORKER_HEAP_MB = 128;
export const REFRESH_WORKER_SEMI_SPACE_MB = 2;

/** A scrape's own deadline is per request (REQUEST_TIMEOUT_MS, ≤ 3 attempts, 2 at a time): this only catches a stuck worker. */
const SCRAPE_TIMEOUT_REQUESTS = 8;

export interface RefreshWorker {
  scrape(config: Config, signal?: AbortSignal): Promise<ScrapeAnswer>;
  render(request: Omit<RenderRequest, 'kind'>, timeoutMs: number, signal?: AbortSignal): Promise<RenderResult>;
  pid(): number | null;
  close(): Promise<void>;
}

export function createRefreshWorker(dataDir: string, env: NodeJS.ProcessEnv = process.env): RefreshWorker {
  const worker: WorkerProcess = createWorkerProcess({
    script: path.join(import.meta.dirname, 'refresh-worker.ts'),
    heapMb: REFRESH_WORKER_HEAP_MB,
    semiSpaceMb: REFRESH_WORKER_SEMI_SPACE_MB,
    // PLACAR_OUT_DIR: the folder it writes builds into (tests find build processes by it).
    env: { ...env, PLACAR_OUT_DIR: `${buildsDir(dataDir)}${path.sep}` },
  });
  let bundleEntry: string | null = null;
  return {
    async scrape(config, signal) {
      const timeoutMs = config.requestTimeoutMs * SCRAPE_TIMEOUT_REQUESTS;
      const job = { timeoutMs, stepName: 'coleta', timeoutName: 'REQUEST_TIMEOUT_MS × 8', signal };
      try {
        return (await worker.run({ kind: 'scrape', config }, job)) as ScrapeAnswer;
      } catch (error) {
        // The worker died or was stopped mid-scrape: it wrote no state, so the failure is recorded here.
        const reason = `${(error as Error).message}; os últimos dados válidos foram mantidos.`;
        if (!signal?.aborted) recordScrapeFailure(config.dataDir, reason);
        throw error;
      }
    },
    async render(request, timeoutMs, signal) {
      if (bundleEntry !== null && bundleEntry !== request.serverEntry) await worker.close();
      bundleEntry = request.serverEntry;
      return (await worker.run({ kind: 'render', ...request }, { timeoutMs, stepName: 'build', timeoutName: 'BUILD_TIMEOUT_MS', signal })) as RenderResult;
    },
    pid: () => worker.pid(),
    close: () => worker.close(),
  };
}
