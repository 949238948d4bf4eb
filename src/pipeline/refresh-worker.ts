/**
 * The refresh worker: the child process (see worker-process.ts) that scrapes — fetching and
 * parsing the upstream pages, writing snapshot.json — and renders the data routes of each new
 * build (render-routes.ts); after a scrape it records the match events (record-events.ts).
 * Parsing and rendering allocate a lot for a moment; here that memory
 * is capped by the child's heap limit and never grows the server.
 */
import type { Config } from '../lib/config/config.ts';
import { renderDataRoutes, type RenderRequest } from './render-routes.ts';
import { formatEventsLines, recordMatchEvents } from './record-events.ts';
import { runScrape, type ScrapeSummary } from './scrape.ts';
import { serveWorkerJobs } from './worker-process.ts';

export interface ScrapeRequest {
  kind: 'scrape';
  config: Config;
}

export type RefreshWorkerRequest = ScrapeRequest | RenderRequest;

/** The scrape's report without the snapshot (the parent reads nothing of it), and its progress lines. */
export interface ScrapeAnswer {
  summary: ScrapeSummary;
  lines: string[];
}

async function scrape(request: ScrapeRequest): Promise<ScrapeAnswer> {
  const lines: string[] = [];
  const report = await runScrape(request.config, { log: (line) => lines.push(line) });
  lines.push(...formatEventsLines(recordMatchEvents(request.config.dataDir, report, new Date())));
  const { snapshot: _written, ...summary } = report;
  return { summary, lines };
}

serveWorkerJobs((request) => {
  const job = request as RefreshWorkerRequest;
  return job.kind === 'scrape' ? scrape(job) : renderDataRoutes(job);
});
