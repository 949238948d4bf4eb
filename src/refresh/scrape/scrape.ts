/**
 * One scrape: fetch the three upstream listings (at most 2 at a time, one fetch each),
 * parse them, and write the snapshot and the scrape state atomically. Each listing keeps
 * its last good data: a failure leaves its matches and generatedAt untouched and never
 * touches the others. Upstream faults never throw; they are reported per listing.
 */
import type { Config } from '../../lib/config/config.ts';
import { LISTING_NAMES, TIMEZONE, type ListingName, type Match, type Snapshot } from '../../lib/model/model.ts';
import {
  readScrapeState,
  writeScrapeStateAtomicallyAsync,
  type ScrapeState,
} from '../../lib/store/scraped/scrape-state-store.ts';
import {
  listingSource,
  readSnapshotOrEmpty,
  writeSnapshotAtomicallyAsync,
} from '../../lib/store/scraped/snapshot-store.ts';
import { isListingStale, listingIntervalSeconds } from '../../lib/model/staleness.ts';
import { formatSaoPauloIso } from '../../lib/model/time.ts';
import { UpstreamFetchError, messageWithoutKeptData } from '../../upstream/fetch/errors.ts';
import { ListingParseError } from '../../upstream/listing/listing-parse-error.ts';
import { createUpstreamAgent, fetchPage, type FetchPageResult } from '../../upstream/fetch/fetch-page.ts';
import { summarizeDiagnostics, type ListingDiagnostics } from '../../upstream/listing/listing-diagnostics.ts';
import { readListingPageSteps } from '../../upstream/listing/parse-listing.ts';
import { createListingRowCache, type ListingRowCache } from '../../upstream/listing/listing-row-cache.ts';
import { matchUrlOnOrigin, originOf } from '../../upstream/fetch/upstream-origin.ts';
import { parseNotices } from './parse-notices.ts';
import { dropForeignCrests } from '../../crests/crest-origin.ts';
import { syncCrests, type CrestSyncReport } from '../../crests/sync-crests.ts';
import { withServedCrests } from '../../crests/served-crests.ts';
import { buildCrestPaths, readCrestMap } from '../../lib/store/scraped/crest-store.ts';
import { isListingDue } from './listing-schedule.ts';
import { collectKickoffs, withKnownKickoffs } from './known-kickoffs.ts';
import { withMatchPageFacts } from '../match-pages/match-page-facts.ts';
import { inMatchOrder } from '../../lib/model/match-order.ts';
import { runInSlices } from '../../lib/slices/run-in-slices.ts';
import type { Dispatcher } from 'undici';
import { errorMessage } from '../../lib/model/caught-error.ts';
import { matchesById } from '../../lib/model/match-events.ts';
import {
  runDetailRefresh,
  type DetailRefreshReport,
  type DetailRefreshSummary,
} from '../match-pages/fetch-match-pages.ts';
import { formatStandingsLine, runStandingsRefresh } from '../competition-pages/fetch-tables.ts';
import { formatTeamPagesLine, runTeamPagesRefresh } from '../team-pages/fetch-team-pages.ts';

export interface ListingScrapeResult {
  ok: boolean;
  notModified: boolean;
  /** Matches the listing holds after this scrape (the last good ones on failure). */
  count: number;
  durationMs: number;
  error: string | null;
  /** What the parser found on the page read this time (null: nothing read, e.g. 304 or a fetch error). */
  parse: ListingDiagnostics | null;
  /** Log lines about the parse, each said once (parse-notices.ts). */
  notices: string[];
  /** Not requested this time: not due yet (ontem is fetched once per YESTERDAY_REFRESH_SECONDS). */
  skipped?: boolean;
}
export interface ScrapeReport {
  listings: Record<ListingName, ListingScrapeResult>;
  snapshot: Snapshot;
  /** New crests fetched this time (each team's crest is fetched once, ever). */
  crests: CrestSyncReport;
  /** The match pages asked for after the listings (fetch-match-pages.ts). */
  details: DetailRefreshReport;
  durationMs: number;
}
/** A scrape's report without its snapshot and detail records (written to disk, kept by their stores). */
export type ScrapeSummary = Omit<ScrapeReport, 'snapshot' | 'details'> & { details: DetailRefreshSummary };

const MAX_CONCURRENT_FETCHES = 2;

/** Each listing's rows of its last read in this process, from one scrape to the next (listing-row-cache.ts). */
const listingRows: Readonly<Record<ListingName, ListingRowCache>> = {
  live: createListingRowCache(),
  hoje: createListingRowCache(),
  amanha: createListingRowCache(),
  ontem: createListingRowCache(),
};
interface ScrapeContext {
  config: Config;
  now: () => Date;
  snapshot: Snapshot;
  state: ScrapeState;
  dispatcher: Dispatcher;
  /** Ignore the stored validators (--explain: always read the page). */
  unconditional: boolean;
}

async function forEachConcurrently<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < items.length; index = next++) await task(items[index] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** One listing's fetch, done before any page is parsed: a long parse never eats another fetch's deadline. */
interface FetchedListing {
  started: number;
  attemptedAt: string;
  source: string;
  /** The page, or why it could not be had. */
  page: Promise<FetchPageResult>;
}

function fetchListing(listing: ListingName, context: ScrapeContext): FetchedListing {
  const { config, now, snapshot, state } = context;
  const started = performance.now();
  const source = listingSource(config.upstreamUrl, listing);
  const envelope = snapshot[listing];
  const previous = state[listing];
  const attemptedAt = formatSaoPauloIso(now());
  // Validators only make sense while we still hold the page they describe.
  const holdsPage = envelope.generatedAt !== null && envelope.source === source && !context.unconditional;
  const page = fetchPage(source, {
    dispatcher: context.dispatcher,
    timeoutMs: config.requestTimeoutMs,
    maxBytes: config.maxResponseBytes,
    etag: holdsPage ? previous.etag : null,
    lastModified: holdsPage ? previous.lastModified : null,
    retryNotBefore: previous.retryNotBefore ? new Date(previous.retryNotBefore) : null,
    now,
  });
  page.catch(() => undefined); // Read (and reported) by readListing.
  return { started, attemptedAt, source, page };
}

async function readListing(
  listing: ListingName,
  fetched: FetchedListing,
  context: ScrapeContext,
): Promise<ListingScrapeResult> {
  const { config, now, snapshot, state } = context;
  const { started, attemptedAt, source } = fetched;
  const envelope = snapshot[listing];
  const previous = state[listing];
  const elapsed = (): number => Math.round(performance.now() - started);
  let parse: ListingDiagnostics | null = null;
  try {
    const page = await fetched.page;
    let matches = envelope.matches;
    if (!page.notModified) {
      // In slices: the scrape runs in the serving process, between its requests.
      const read = await runInSlices(readListingPageSteps(page.html, page.url, listingRows[listing]));
      parse = read.diagnostics;
      // Each row was checked against the model as it was read (read-listing-candidate.ts), and a listing keeps
      // LIMITS.matches at most (parse-listing.ts): the edge's one check, not repeated here.
      matches = read.matches;
    }
    // Also on a 304: matches kept from before CREST_HOSTS changed follow the rule of today.
    matches = dropForeignCrests(matches, config.upstreamUrl, config.crestOrigins);
    const succeededAt = formatSaoPauloIso(now());
    snapshot[listing] = {
      generatedAt: succeededAt,
      timezone: TIMEZONE,
      source,
      stale: false,
      count: matches.length,
      matches,
    };
    state[listing] = {
      lastSuccessAt: succeededAt,
      lastAttemptAt: attemptedAt,
      lastError: null,
      etag: page.etag ?? (page.notModified ? previous.etag : null),
      lastModified: page.lastModified ?? (page.notModified ? previous.lastModified : null),
      retryNotBefore: null,
      failures: 0,
      parse: parse ? summarizeDiagnostics(parse) : previous.parse,
    };
    const notices = parse ? parseNotices(listing, previous.parse, summarizeDiagnostics(parse)) : [];
    return {
      ok: true,
      notModified: page.notModified,
      count: matches.length,
      durationMs: elapsed(),
      error: null,
      parse,
      notices,
    };
  } catch (error) {
    const raw = errorMessage(error);
    // Nothing was ever fetched: the log must not claim the last good data was kept.
    const message = envelope.generatedAt === null ? messageWithoutKeptData(raw) : raw;
    const pendingUntil =
      previous.retryNotBefore && Date.parse(previous.retryNotBefore) > now().getTime() ? previous.retryNotBefore : null;
    const retryNotBefore =
      error instanceof UpstreamFetchError && error.retryNotBefore
        ? formatSaoPauloIso(error.retryNotBefore)
        : pendingUntil;
    // A page that no longer parses still says what it holds (markup, skipped rows) in /healthz.
    parse = error instanceof ListingParseError ? error.diagnostics : null;
    const summary = parse ? summarizeDiagnostics(parse) : previous.parse;
    state[listing] = {
      ...previous,
      lastAttemptAt: attemptedAt,
      lastError: message,
      retryNotBefore,
      failures: previous.failures + 1,
      parse: summary,
    };
    const notices = parse ? parseNotices(listing, previous.parse, summarizeDiagnostics(parse)) : [];
    return {
      ok: false,
      notModified: false,
      count: envelope.count,
      durationMs: elapsed(),
      error: message,
      parse,
      notices,
    };
  }
}

/** A listing not due this time: what it holds stays, and nothing is requested. */
function skippedListing(listing: ListingName, context: ScrapeContext): ListingScrapeResult {
  const count = context.snapshot[listing].count;
  return { ok: true, notModified: true, count, durationMs: 0, error: null, parse: null, notices: [], skipped: true };
}

/** One pt-BR summary line per listing, as `npm run scrape` prints it. */
export function formatListingLine(listing: ListingName, result: ListingScrapeResult): string {
  if (result.skipped) return `${listing}: não buscada agora (fora do intervalo), ${result.count} jogos mantidos`;
  if (!result.ok) return `${listing}: falhou em ${result.durationMs} ms — ${result.error ?? 'erro desconhecido'}`;
  if (result.notModified)
    return `${listing}: sem mudanças (304), ${result.count} jogos mantidos, em ${result.durationMs} ms`;
  return `${listing}: ${result.count} jogos em ${result.durationMs} ms`;
}

/** One pt-BR line on the match pages of a scrape. */
export function formatDetailsLine(details: DetailRefreshReport): string {
  const parts = [
    `${details.read} lidas`,
    `${details.notModified} sem mudanças (304)`,
    `${details.failed.length} com falha`,
  ];
  if (details.deferred > 0) parts.push(`${details.deferred} para depois`);
  const paused = details.pausedUntil ? `; pausadas até ${details.pausedUntil} (o site pediu)` : '';
  return `páginas de jogo: ${parts.join(', ')} em ${details.durationMs} ms (${details.requested} requisições)${paused}`;
}

export interface ScrapeOptions {
  now?: () => Date;
  log?: (line: string) => void;
  /** Read every page in full, ignoring ETag/Last-Modified (`npm run scrape -- --explain`). */
  unconditional?: boolean;
}

export async function runScrape(config: Config, options: ScrapeOptions = {}): Promise<ScrapeReport> {
  const now = options.now ?? (() => new Date());
  const started = performance.now();
  // The read snapshot is shared (kept by the store, served by the search): its envelopes are
  // copied before this scrape changes them.
  const read = readSnapshotOrEmpty(config.dataDir, config.upstreamUrl);
  const snapshot = Object.fromEntries(LISTING_NAMES.map((listing) => [listing, { ...read[listing] }])) as Snapshot;
  const state = readScrapeState(config.dataDir);
  const dispatcher = createUpstreamAgent(config.requestTimeoutMs);
  const context: ScrapeContext = {
    config,
    now,
    snapshot,
    state,
    dispatcher,
    unconditional: options.unconditional ?? false,
  };
  const results: Partial<Record<ListingName, ListingScrapeResult>> = {};
  let crests: CrestSyncReport;
  let details: DetailRefreshReport;
  let standingsLine: string | null = null;
  let teamPagesLine: string | null = null;
  try {
    const fetched: Partial<Record<ListingName, FetchedListing>> = {};
    // ontem is fetched once per its own interval (sooner after a failure); the others on every refresh.
    const due = LISTING_NAMES.filter(
      (listing) => context.unconditional || isListingDue(listing, state[listing], now(), config),
    );
    await forEachConcurrently(due, MAX_CONCURRENT_FETCHES, async (listing) => {
      const listingFetch = fetchListing(listing, context);
      fetched[listing] = listingFetch;
      await listingFetch.page.catch(() => undefined);
    });
    // Parsing is CPU work that blocks this process: only once every page is in.
    for (const listing of LISTING_NAMES) {
      const page = fetched[listing];
      results[listing] = page ? await readListing(listing, page, context) : skippedListing(listing, context);
    }
    // This scrape's kick-offs first (a newer time wins), then the ones seen before the match started.
    const kickoffs = collectKickoffs([snapshot, read]);
    for (const listing of LISTING_NAMES) {
      const envelope = snapshot[listing];
      envelope.matches = withKnownKickoffs(envelope.matches, kickoffs);
    }
    // Each match once, as its freshest listing shows it (live first).
    const matchesOf = (from: Snapshot): Match[] => matchesById(LISTING_NAMES.map((listing) => from[listing].matches));
    details = await runDetailRefresh({ config, dispatcher, now, before: matchesOf(read), after: matchesOf(snapshot) });
    // What the match pages add (a kick-off still unknown, the teams' keys), then each
    // competition's matches in play order (match-order.ts).
    const { records } = details;
    for (const listing of LISTING_NAMES) {
      const envelope = snapshot[listing];
      envelope.matches = inMatchOrder(withMatchPageFacts(envelope.matches, (id) => records.get(id)?.facts));
    }
    // Competition tables: what the match pages left of the same budget, in quiet minutes only.
    standingsLine = formatStandingsLine(
      await runStandingsRefresh({ config, dispatcher, now, matches: matchesOf(snapshot) }),
    );
    // Team pages: what the match pages and tables left of that budget; nothing they say stops the scrape.
    teamPagesLine = await runTeamPagesRefresh({ config, dispatcher, now, matches: matchesOf(snapshot) }).then(
      formatTeamPagesLine,
      (error: unknown) => `páginas de times: a etapa falhou (${errorMessage(error)}); os dados guardados ficam`,
    );
    crests = await syncCrests(snapshot, {
      dataDir: config.dataDir,
      upstreamUrl: config.upstreamUrl,
      crestOrigins: config.crestOrigins,
      timeoutMs: config.requestTimeoutMs,
      now,
    });
    // The crests the build will hold (it links the same map's files): every team's, new ones included.
    const crestPaths = buildCrestPaths(readCrestMap(config.dataDir));
    for (const listing of LISTING_NAMES) {
      const envelope = snapshot[listing];
      envelope.matches = withServedCrests(envelope.matches, crestPaths);
    }
  } finally {
    await dispatcher.close();
  }

  const finishedAt = now();
  const origin = originOf(config.upstreamUrl);
  for (const listing of LISTING_NAMES) {
    const envelope = snapshot[listing];
    envelope.source = listingSource(config.upstreamUrl, listing);
    // Every listing, read now or kept (a 304, yesterday's between its reads): match links kept
    // from before they were judged by origin are rebuilt on it, never with a user and password.
    envelope.matches = envelope.matches.map((match) => {
      const url = matchUrlOnOrigin(match, origin);
      return url === match.url ? match : { ...match, url };
    });
    envelope.stale = isListingStale(envelope.generatedAt, finishedAt, listingIntervalSeconds(listing, config));
  }
  await writeSnapshotAtomicallyAsync(config.dataDir, snapshot);
  await writeScrapeStateAtomicallyAsync(config.dataDir, state);

  const listings = Object.fromEntries(LISTING_NAMES.map((listing) => [listing, results[listing]])) as Record<
    ListingName,
    ListingScrapeResult
  >;
  for (const listing of LISTING_NAMES) options.log?.(formatListingLine(listing, listings[listing]));
  options.log?.(formatDetailsLine(details));
  if (standingsLine) options.log?.(standingsLine);
  if (teamPagesLine) options.log?.(teamPagesLine);
  if (crests.fetched > 0) options.log?.(`escudos: ${crests.stored} novos de ${crests.fetched} buscados`);
  return { listings, snapshot, crests, details, durationMs: Math.round(performance.now() - started) };
}
