/**
 * The render step, in the process that refreshes (the server itself): takes the snapshot the
 * scrape left (kept in memory by the snapshot store: no second parse), then renders every data
 * route through the site bundle's @astrojs/node handler — the snapshot handed to the pages in
 * Astro.locals — and writes each answer into the new build's client folder. The handler takes
 * node:http requests only, so each render listens on a loopback port for its few requests; one
 * route at a time, so requests to the server are answered between two routes.
 */
import fs from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildDashboardData } from '../lib/display/dashboard-data.ts';
import { buildEventFeed } from '../lib/display/event-feed.ts';
import type { DataRoute } from '../lib/api/data-routes.ts';
import { readSnapshotOrEmpty } from '../lib/store/snapshot-store.ts';
import { readScrapeState } from '../lib/store/scrape-state-store.ts';
import type { ListingIntervals } from '../lib/model/staleness.ts';

export interface RenderRequest {
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
  /** The render fails with "build excedeu BUILD_TIMEOUT_MS (…)" past this. */
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface RenderResult {
  files: number;
  bytes: number;
}

type AdapterHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
  locals: App.Locals,
) => Promise<void>;

const handlers = new Map<string, Promise<AdapterHandler>>();

/**
 * The bundle's handler, imported once per bundle (ES modules stay loaded: a new version's bundle
 * is a second copy until the process restarts). The adapter installs a process-wide
 * unhandledRejection logger on import; it is removed, so the server keeps Node's own behaviour.
 */
function loadHandler(serverEntry: string): Promise<AdapterHandler> {
  let loaded = handlers.get(serverEntry);
  if (!loaded) {
    const before = new Set(process.listeners('unhandledRejection'));
    loaded = import(pathToFileURL(serverEntry).href).then((module: { handler?: unknown }) => {
      for (const listener of process.listeners('unhandledRejection')) {
        if (!before.has(listener)) process.off('unhandledRejection', listener);
      }
      if (typeof module.handler !== 'function') throw new Error(`${serverEntry} não exporta handler`);
      return module.handler as AdapterHandler;
    });
    loaded.catch(() => handlers.delete(serverEntry));
    handlers.set(serverEntry, loaded);
  }
  return loaded;
}

function buildLocals(request: RenderRequest): App.Locals {
  const snapshot = readSnapshotOrEmpty(request.dataDir, request.upstreamUrl);
  const state = readScrapeState(request.dataDir);
  const context = request.intervals ? { state, intervals: request.intervals } : { state };
  return {
    placar: buildDashboardData(request.upstreamUrl, snapshot, context),
    eventFeed: buildEventFeed(request.dataDir, new Date(), request.refreshIntervalSeconds),
  };
}

interface RenderedRoute {
  status: number;
  body: Buffer;
}

/** One GET on the loopback render server. node:http rather than fetch: no second HTTP stack loaded. */
function get(agent: http.Agent, port: number, routePath: string, signal: AbortSignal): Promise<RenderedRoute> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: routePath, signal, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

export async function renderDataRoutes(request: RenderRequest): Promise<RenderResult> {
  const deadline = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
  const failure = (): Error =>
    new Error(deadline.aborted ? `build excedeu BUILD_TIMEOUT_MS (${request.timeoutMs} ms)` : 'build interrompido');
  const locals = buildLocals(request);
  const handler = await loadHandler(request.serverEntry);
  const server = http.createServer((req, res) => {
    void handler(req, res, () => res.writeHead(404).end(), locals);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // One connection for all the routes.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    let bytes = 0;
    for (const route of request.routes) {
      if (signal.aborted) throw failure();
      const { status, body } = await get(agent, port, route.path, signal).catch((error: unknown) => {
        throw signal.aborted ? failure() : error;
      });
      // The 404 page answers with its own status; every other route must be a 200.
      const expected = route.path === '/404' ? 404 : 200;
      if (status !== expected) {
        throw new Error(`${route.path} respondeu ${status}: ${body.toString('utf8').slice(0, 200)}`);
      }
      const file = path.join(request.clientDir, ...route.file.split('/'));
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, body);
      bytes += body.length;
    }
    return { files: request.routes.length, bytes };
  } finally {
    agent.destroy();
    server.closeAllConnections();
    server.close();
  }
}
