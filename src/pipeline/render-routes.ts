/**
 * The render step, inside the refresh worker (refresh-worker.ts): reads and validates
 * snapshot.json once, then renders every data route through the site bundle's @astrojs/node
 * handler — the snapshot handed to the pages in Astro.locals — and writes each answer into
 * the new build's client folder. The handler takes node:http requests only, so each render
 * listens on a loopback port for its few requests.
 */
import fs from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readCrestMap } from '../lib/store/crest-store.ts';
import { buildDashboardData } from '../lib/display/dashboard-data.ts';
import { buildEventFeed } from '../lib/display/event-feed.ts';
import type { DataRoute } from '../lib/api/data-routes.ts';
import { readSnapshotOrEmpty } from '../lib/store/snapshot-store.ts';
import { readScrapeState } from '../lib/store/scrape-state-store.ts';
import type { ListingIntervals } from '../lib/model/staleness.ts';

export interface RenderRequest {
  kind: 'render';
  /** The site bundle's server entry (exports the adapter's `handler`). */
  serverEntry: string;
  clientDir: string;
  dataDir: string;
  upstreamUrl: string;
  /** For the event feed's `stale`. */
  refreshIntervalSeconds: number;
  routes: readonly DataRoute[];
  /** The refresh rhythms the pages check their data's age against (default: every minute, ontem hourly). */
  intervals?: ListingIntervals;
}

export interface RenderResult {
  files: number;
  bytes: number;
}

type AdapterHandler = (req: IncomingMessage, res: ServerResponse, next: () => void, locals: App.Locals) => Promise<void>;

function isAdapterHandler(value: unknown): value is AdapterHandler {
  return typeof value === 'function';
}

export async function renderDataRoutes(request: RenderRequest): Promise<RenderResult> {
  const snapshot = readSnapshotOrEmpty(request.dataDir, request.upstreamUrl);
  const state = readScrapeState(request.dataDir);
  const context = request.intervals ? { state, intervals: request.intervals } : { state };
  const placar = buildDashboardData(request.upstreamUrl, snapshot, readCrestMap(request.dataDir), context);
  const locals: App.Locals = {
    placar,
    eventFeed: buildEventFeed(request.dataDir, new Date(), request.refreshIntervalSeconds),
  };
  // Imported once per worker: the module cache keeps it (a new bundle gets a new worker).
  const module = (await import(pathToFileURL(request.serverEntry).href)) as { handler?: unknown };
  const handler = module.handler;
  if (!isAdapterHandler(handler)) throw new Error(`${request.serverEntry} não exporta handler`);
  const server = http.createServer((req, res) => {
    void handler(req, res, () => res.writeHead(404).end(), locals);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    let bytes = 0;
    for (const route of request.routes) {
      const response = await fetch(origin + route.path);
      const body = Buffer.from(await response.arrayBuffer());
      // The 404 page answers with its own status; every other route must be a 200.
      const expected = route.path === '/404' ? 404 : 200;
      if (response.status !== expected) throw new Error(`${route.path} respondeu ${response.status}: ${body.toString('utf8').slice(0, 200)}`);
      const file = path.join(request.clientDir, ...route.file.split('/'));
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, body);
      bytes += body.length;
    }
    return { files: request.routes.length, bytes };
  } finally {
    server.closeAllConnections();
    server.close();
  }
}
