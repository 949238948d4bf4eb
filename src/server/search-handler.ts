/**
 * /api/busca goes through the @astrojs/node handler (middleware mode) of one build's server
 * bundle. The endpoint reads the snapshot at request time, so the bundle need not follow each
 * refresh: it is imported once, its build marked in use, and re-imported only if that build
 * folder disappears.
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { buildServerEntry } from '../lib/store/build-layout.ts';
import { markBuildInUse, unmarkBuildInUse } from '../pipeline/build-in-use.ts';

type AdapterHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => Promise<void>;

export interface SearchHandler {
  /** Answers through the adapter; `notFound` when the adapter has no route for the request. */
  handle(req: IncomingMessage, res: ServerResponse, notFound: () => void): Promise<void>;
  /** Whether a handler is loaded (false before the first build). */
  ready(): boolean;
  /** Removes this process's in-use marker. */
  close(): void;
}

function isAdapterHandler(value: unknown): value is AdapterHandler {
  return typeof value === 'function';
}

export function createSearchHandler(dataDir: string, currentBuildId: () => string | null): SearchHandler {
  let loaded: { buildId: string; entry: string; handler: AdapterHandler } | null = null;
  let loading: Promise<void> | null = null;

  const load = async (buildId: string): Promise<void> => {
    const entry = buildServerEntry(dataDir, buildId);
    try {
      markBuildInUse(dataDir, buildId);
    } catch {
      // A full disk must not break searching: without the marker, cleanup may remove the
      // build, and the handler is then imported again from the current one.
    }
    const module = (await import(pathToFileURL(entry).href)) as { handler?: unknown };
    if (!isAdapterHandler(module.handler)) throw new Error(`${entry} não exporta handler`);
    if (loaded && loaded.buildId !== buildId) unmarkBuildInUse(dataDir, loaded.buildId);
    loaded = { buildId, entry, handler: module.handler };
  };

  const ensureLoaded = async (): Promise<AdapterHandler | null> => {
    if (loaded && fs.existsSync(loaded.entry)) return loaded.handler;
    const buildId = currentBuildId();
    if (buildId === null) return loaded?.handler ?? null;
    loading ??= load(buildId).finally(() => {
      loading = null;
    });
    await loading;
    return loaded?.handler ?? null;
  };

  return {
    async handle(req, res, notFound) {
      const handler = await ensureLoaded();
      if (!handler) return notFound();
      await handler(req, res, notFound);
    },
    ready: () => loaded !== null,
    close() {
      if (loaded) unmarkBuildInUse(dataDir, loaded.buildId);
    },
  };
}
