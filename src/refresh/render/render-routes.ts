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
import { DEFAULT_INTERVALS, buildDashboardData } from '../../lib/display/dashboard-data.ts';
import { buildMatchPages } from '../../lib/display/match-page-data.ts';
import { readDetailRecords } from '../../lib/store/detail-store.ts';
import { buildStandingsPages, withTablePositions } from '../../lib/display/standings-data.ts';
import { readStandingsRecords } from '../../lib/store/standings-store.ts';
import { buildEventFeed } from '../../lib/display/event-feed.ts';
import type { DataRoute } from '../../lib/api/data-routes.ts';
import { readSnapshotOrEmpty } from '../../lib/store/snapshot-store.ts';
import { readScrapeState } from '../../lib/store/scrape-state-store.ts';
import type { ListingIntervals } from '../../lib/model/staleness.ts';

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
  /** What the routes are rendered from; default: read from dataDir now (buildRenderLocals). */
  locals?: App.Locals;
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

/** What every route of a render is made from: the snapshot, scrape state, crests, events and match details. */
export function buildRenderLocals(
  dataDir: string,
  upstreamUrl: string,
  intervals: ListingIntervals | undefined,
  now: Date,
): App.Locals {
  const snapshot = readSnapshotOrEmpty(dataDir, upstreamUrl);
  const state = readScrapeState(dataDir);
  const context = intervals ? { state, intervals } : { state };
  const placar = buildDashboardData(upstreamUrl, snapshot, context);
  const { records } = readDetailRecords(dataDir);
  const standingsPages = buildStandingsPages(upstreamUrl, snapshot, readStandingsRecords(dataDir).records, now);
  return {
    placar,
    eventFeed: buildEventFeed(dataDir, now, (intervals ?? DEFAULT_INTERVALS).refreshIntervalSeconds),
    matchPages: withTablePositions(buildMatchPages(upstreamUrl, snapshot, records, now), standingsPages),
    standingsPages,
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

/** Renders routes of the site bundle one at a time, on one loopback connection; `close` when done. */
export interface RouteRenderer {
  /** The route's body; throws unless it answered `expected` (200 by default), or past the deadline. */
  render(routePath: string, expected?: number): Promise<Buffer>;
  close(): void;
}

export async function openRouteRenderer(request: RenderRequest): Promise<RouteRenderer> {
  const deadline = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
  const failure = (): Error =>
    new Error(deadline.aborted ? `build excedeu BUILD_TIMEOUT_MS (${request.timeoutMs} ms)` : 'build interrompido');
  const locals =
    request.locals ?? buildRenderLocals(request.dataDir, request.upstreamUrl, request.intervals, new Date());
  const handler = await loadHandler(request.serverEntry);
  const server = http.createServer((req, res) => {
    void handler(req, res, () => res.writeHead(404).end(), locals);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // One connection for all the routes.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    async render(routePath, expected = 200) {
      if (signal.aborted) throw failure();
      const { status, body } = await get(agent, port, routePath, signal).catch((error: unknown) => {
        throw signal.aborted ? failure() : error;
      });
      if (status !== expected)
        throw new Error(`${routePath} respondeu ${status}: ${body.toString('utf8').slice(0, 200)}`);
      return body;
    },
    close() {
      agent.destroy();
      server.closeAllConnections();
      server.close();
    },
  };
}

/** Renders `routes` into their files of `clientDir` with `renderer`. */
export async function writeRenderedRoutes(
  renderer: RouteRenderer,
  routes: readonly DataRoute[],
  clientDir: string,
): Promise<RenderResult> {
  let bytes = 0;
  for (const route of routes) {
    // The 404 page answers with its own status; every other route must be a 200.
    const body = await renderer.render(route.path, route.path === '/404' ? 404 : 200);
    const file = path.join(clientDir, ...route.file.split('/'));
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, body);
    bytes += body.length;
  }
  return { files: routes.length, bytes };
}

export async function renderDataRoutes(request: RenderRequest): Promise<RenderResult> {
  const renderer = await openRouteRenderer(request);
  try {
    return await writeRenderedRoutes(renderer, request.routes, request.clientDir);
  } finally {
    renderer.close();
  }
}
