/**
 * The render step, in the process that refreshes (the server itself): takes the snapshot the
 * scrape left (kept in memory by the snapshot store: no second parse), then renders every data
 * route with the site bundle's own Astro App (`app.render(request, { locals })`, no HTTP) — the
 * snapshot handed to the pages in Astro.locals — and writes each answer into the new build's
 * client folder; one route at a time, so requests to the server are answered between two routes.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_INTERVALS, buildDashboardData } from '../../lib/display/dashboard-data.ts';
import { buildMatchPages } from '../../lib/display/match-page-data.ts';
import { readDetailRecords, type DetailRecord } from '../../lib/store/scraped/detail-store.ts';
import { buildStandingsPages, withTablePositions } from '../../lib/display/table-data.ts';
import { readStandingsRecords } from '../../lib/store/scraped/table-store.ts';
import { buildEventFeed } from '../../lib/display/event-feed.ts';
import { buildTeamHomePages, readHeldTeamPages, readKeptDayMatches } from '../../lib/display/team-home-data.ts';
import type { DataRoute } from '../../lib/api/data-routes.ts';
import { readSnapshotOrEmpty } from '../../lib/store/scraped/snapshot-store.ts';
import { readScrapeState } from '../../lib/store/scraped/scrape-state-store.ts';
import type { ListingIntervals } from '../../lib/model/staleness.ts';
import { RENDER_APP_FILE } from './render-app-integration.ts';
import { untilAborted } from './until-aborted.ts';

/** The pages never print their own origin: any will do. */
const RENDER_ORIGIN = 'http://placar.invalid';

export interface RenderRequest {
  /** The site bundle's server entry; its App (render-app.mjs) is the file beside it. */
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

/** What the refresh needs of Astro's App (render-app-entry.ts). */
interface RenderApp {
  render(request: Request, options: { locals: App.Locals }): Promise<Response>;
}

const apps = new Map<string, Promise<RenderApp>>();

/**
 * The bundle's App, imported once per bundle (ES modules stay loaded: a new version's bundle is a
 * second copy until the process restarts).
 */
function loadRenderApp(serverEntry: string): Promise<RenderApp> {
  const file = path.join(path.dirname(serverEntry), RENDER_APP_FILE);
  let loaded = apps.get(file);
  if (!loaded) {
    loaded = import(pathToFileURL(file).href).then((module: { app?: RenderApp }) => {
      if (typeof module.app?.render !== 'function') throw new Error(`${file} não exporta app`);
      return module.app;
    });
    loaded.catch(() => apps.delete(file));
    apps.set(file, loaded);
  }
  return loaded;
}

/** What a refresh renders from: the listings' data and the event feed are always there. */
export type RenderLocals = App.Locals & Required<Pick<App.Locals, 'placar' | 'eventFeed'>>;

/**
 * What every route of a render is made from: the snapshot, scrape state, crests, events and match
 * details (`detailRecords`: the scrape's own, by match id; without them, DATA_DIR's).
 */
export function buildRenderLocals(
  dataDir: string,
  upstreamUrl: string,
  intervals: ListingIntervals | undefined,
  now: Date,
  detailRecords?: ReadonlyMap<string, DetailRecord>,
): RenderLocals {
  const snapshot = readSnapshotOrEmpty(dataDir, upstreamUrl);
  const state = readScrapeState(dataDir);
  const context = intervals ? { state, intervals } : { state };
  const placar = buildDashboardData(upstreamUrl, snapshot, context);
  const records = detailRecords ?? readDetailRecords(dataDir).records;
  const standingsPages = buildStandingsPages(upstreamUrl, snapshot, readStandingsRecords(dataDir).records, now);
  const teamHomePages = buildTeamHomePages(
    {
      upstreamUrl,
      snapshot,
      keptDays: readKeptDayMatches(dataDir),
      teamPages: readHeldTeamPages(dataDir),
      standingsPages,
      detailRecords: records,
    },
    now,
  );
  return {
    placar,
    eventFeed: buildEventFeed(dataDir, now, (intervals ?? DEFAULT_INTERVALS).refreshIntervalSeconds),
    matchPages: withTablePositions(buildMatchPages(upstreamUrl, snapshot, records, now), standingsPages),
    standingsPages,
    teamHomePages,
  };
}

/** Renders routes of the site bundle with its App, one at a time, all from the same locals. */
export interface RouteRenderer {
  /** The route's body; throws unless it answered `expected` (200 by default), or past the deadline. */
  render(routePath: string, expected?: number): Promise<Buffer>;
}

export async function openRouteRenderer(request: RenderRequest): Promise<RouteRenderer> {
  const deadline = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
  const failure = (): Error =>
    new Error(deadline.aborted ? `build excedeu BUILD_TIMEOUT_MS (${request.timeoutMs} ms)` : 'build interrompido');
  const locals =
    request.locals ?? buildRenderLocals(request.dataDir, request.upstreamUrl, request.intervals, new Date());
  const app = await loadRenderApp(request.serverEntry);
  return {
    async render(routePath, expected = 200) {
      if (signal.aborted) throw failure();
      // A render past the deadline is abandoned, not awaited (Astro's render takes no signal).
      const rendered = async (): Promise<{ status: number; body: Buffer }> => {
        const response = await app.render(new Request(new URL(routePath, RENDER_ORIGIN)), { locals });
        return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
      };
      const { status, body } = await untilAborted(rendered(), signal, failure);
      if (status !== expected)
        throw new Error(`${routePath} respondeu ${status}: ${body.toString('utf8').slice(0, 200)}`);
      return body;
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
  return writeRenderedRoutes(await openRouteRenderer(request), request.routes, request.clientDir);
}
