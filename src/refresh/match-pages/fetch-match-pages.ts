/**
 * The match-page step of a scrape, after the listings are read: asks the upstream for the pages
 * the schedule picks (match-page-schedule.ts), within the per-minute budget (request-budget.ts), two
 * at a time, conditionally, and keeps what each page told in DATA_DIR/details (detail-store.ts).
 * A page never touches a listing: every failure stays in its match's record (the last good
 * detail kept, retried with back-off); a 429 or 503 pauses every match-page fetch for its
 * Retry-After (else 5 minutes). Pages are parsed in slices, like listings. No new request starts
 * past the step's deadline: what is left waits for the next refresh.
 */
import type { Dispatcher } from 'undici';
import type { Config } from '../../lib/config/config.ts';
import { errorMessage } from '../../lib/model/caught-error.ts';
import type { Match, MatchDetail } from '../../lib/model/model.ts';
import { formatSaoPauloIso } from '../../lib/model/time.ts';
import { runInSlices } from '../../lib/slices/run-in-slices.ts';
import {
  freshDetailRecord,
  readDetailRecords,
  readDetailSchedule,
  removeDetailRecordsAsync,
  summarizeDetailRecords,
  writeDetailRecordAsync,
  writeDetailScheduleAsync,
  type DetailRecord,
} from '../../lib/store/scraped/detail-store.ts';
import type { MatchPageSightings } from '../../lib/store/scraped/event-store.ts';
import { UpstreamFetchError } from '../../upstream/fetch/errors.ts';
import { MatchPageParseError } from '../../upstream/match-page/match-page-parse-error.ts';
import type { MatchPageDiagnostics } from '../../upstream/match-page/match-page-diagnostics.ts';
import { fetchPage } from '../../upstream/fetch/fetch-page.ts';
import { readMatchPageSteps } from '../../upstream/match-page/parse-match-page.ts';
import { findScoreContradiction } from '../../upstream/match-page/score-contradiction.ts';
import { onUpstreamOrigin, originOf } from '../../upstream/fetch/upstream-origin.ts';
import { applyDetailOutcome, type DetailOutcome } from './match-page-outcome.ts';
import {
  DETAIL_DEFAULT_PAUSE_MS,
  findChangedRows,
  planDetailFetches,
  type PlannedDetailFetch,
} from './match-page-schedule.ts';
import { requestBudgetOf } from './request-budget.ts';
import { createRequestAdmission } from './request-admission.ts';

/** Pages fetched at once (the listings' own limit too). */
const MAX_CONCURRENT_PAGES = 2;
/** No new match-page request starts later than this into the step (a third of the refresh interval, at most). */
const MAX_STEP_MS = 20_000;

export interface DetailFailure {
  id: string;
  url: string;
  error: string;
  /** What the page held, when it was read but not taken (for `npm run scrape -- --explain`). */
  diagnostics?: MatchPageDiagnostics;
}

export interface DetailRefreshReport {
  /** Pages the schedule wanted this time. */
  planned: number;
  /** Requests sent (a redirect counts). */
  requested: number;
  read: number;
  notModified: number;
  failed: DetailFailure[];
  /** Planned pages left for a later refresh: budget used up, paused, or past the step's deadline. */
  deferred: number;
  /** Records removed: their match left every listing. */
  removed: number;
  /** Every match-page fetch waits until then (ISO), or null. */
  pausedUntil: string | null;
  /** The records after this step, by match id (what the render and the events read). */
  records: ReadonlyMap<string, DetailRecord>;
  /** Details of the pages read (200 or 304) in this step, by match id. */
  readNow: ReadonlyMap<string, MatchDetail>;
  /** Record files that could not be read (their matches start again). */
  unusable: string[];
  durationMs: number;
}

/** The report without the records (what a refresh's log and /healthz keep). */
export type DetailRefreshSummary = Omit<DetailRefreshReport, 'records' | 'readNow'>;

export function summarizeDetailRefresh({
  records: _records,
  readNow: _readNow,
  ...summary
}: DetailRefreshReport): DetailRefreshSummary {
  return summary;
}

/** What the events take from the match pages: the details read now, and the latest held of each match. */
export function buildMatchPageSightings(report: DetailRefreshReport): MatchPageSightings {
  const latest = new Map<string, MatchDetail>();
  for (const [id, record] of report.records) if (record.detail) latest.set(id, record.detail);
  return { readNow: report.readNow, latest };
}

export interface DetailRefreshInput {
  config: Config;
  dispatcher: Dispatcher;
  now: () => Date;
  /** Every listing match before this scrape, and now (each once, freshest listing first). */
  before: readonly Match[];
  after: readonly Match[];
}

function isPause(error: unknown): error is UpstreamFetchError {
  return (
    error instanceof UpstreamFetchError && error.reason === 'http-status' && [429, 503].includes(error.status ?? 0)
  );
}

/** One page: fetched, read in slices, checked against the listing's score. */
async function attempt(
  planned: PlannedDetailFetch,
  record: DetailRecord,
  input: DetailRefreshInput,
  admitRequest: () => Promise<boolean>,
): Promise<DetailOutcome | 'budget'> {
  const { match } = planned;
  const { config, dispatcher, now } = input;
  // A record kept from before the listing's links were judged by origin is judged here again.
  const url = onUpstreamOrigin(match.url, config.upstreamUrl, originOf(config.upstreamUrl));
  if (!url)
    return { kind: 'failed', error: `${match.id}: a página da partida não está na origem do upstream, não pedida` };
  // Validators only while we hold the detail they describe (and its facts: a record kept from
  // before Placar read them gets its page whole once).
  const holds = record.detail !== null && record.facts !== null;
  let page: Awaited<ReturnType<typeof fetchPage>>;
  try {
    page = await fetchPage(url, {
      dispatcher,
      timeoutMs: config.requestTimeoutMs,
      maxBytes: config.maxResponseBytes,
      etag: holds ? record.fetch.etag : null,
      lastModified: holds ? record.fetch.lastModified : null,
      retries: 0,
      admitRequest,
      now,
    });
  } catch (error) {
    if (error instanceof UpstreamFetchError && error.reason === 'budget') return 'budget';
    if (isPause(error)) return { kind: 'paused', error: errorMessage(error), until: error.retryNotBefore ?? null };
    return { kind: 'failed', error: errorMessage(error) };
  }
  if (page.notModified) return { kind: 'not-modified', etag: page.etag, lastModified: page.lastModified };
  try {
    const read = await runInSlices(readMatchPageSteps(page.html, page.url));
    const contradiction = findScoreContradiction(read.detail, match.score, read.pageScore);
    if (contradiction) {
      const error = `${match.url}: ${contradiction}; os últimos detalhes válidos foram mantidos.`;
      return { kind: 'failed', error, diagnostics: read.diagnostics };
    }
    return { kind: 'read', detail: read.detail, facts: read.facts, etag: page.etag, lastModified: page.lastModified };
  } catch (error) {
    const diagnostics = error instanceof MatchPageParseError ? error.pageDiagnostics : null;
    return diagnostics
      ? { kind: 'failed', error: errorMessage(error), diagnostics }
      : { kind: 'failed', error: errorMessage(error) };
  }
}

export async function runDetailRefresh(input: DetailRefreshInput): Promise<DetailRefreshReport> {
  const { config, now } = input;
  const started = performance.now();
  const dataDir = config.dataDir;
  const { records: stored, unusable } = readDetailRecords(dataDir);
  const schedule = readDetailSchedule(dataDir);
  const records = new Map(stored);
  const changedRecords = new Set<string>();
  const before = new Map(input.before.map((match) => [match.id, match]));
  const perMinute = config.detailRequestsPerMinute;
  const changed = findChangedRows(before, input.after);
  const plan =
    perMinute === 0 ? [] : planDetailFetches({ matches: input.after, changed, records, now: now(), perMinute });

  const pausedAt = schedule.pausedUntil === null ? Number.NaN : Date.parse(schedule.pausedUntil);
  let pausedUntil = pausedAt > now().getTime() ? schedule.pausedUntil : null;
  const budget = requestBudgetOf(dataDir, config.detailRequestsPerMinute, schedule.requests, () => now().getTime());
  const stepMs = Math.min(MAX_STEP_MS, (config.refreshIntervalSeconds * 1000) / 3);
  const deadline = performance.now() + stepMs;
  const admission = createRequestAdmission({
    dataDir,
    budget,
    scheduleFields: () => ({ pausedUntil, summary: schedule.summary }),
    now: () => now().getTime(),
  });
  // A request of the plan is sent before the deadline, and answers within its timeout.
  if (plan.length > 0 && pausedUntil === null)
    await admission.reserve(plan.length, now().getTime() + stepMs + config.requestTimeoutMs);
  const { admitRequest } = admission;
  const readNow = new Map<string, MatchDetail>();
  const failed: DetailFailure[] = [];
  let read = 0;
  let notModified = 0;
  let stopped = false;
  let next = 0;

  const worker = async (): Promise<void> => {
    while (!stopped && pausedUntil === null && performance.now() < deadline) {
      const planned = plan[next++];
      if (!planned) return;
      const { id } = planned.match;
      const record = records.get(id) ?? freshDetailRecord(id);
      const outcome = await attempt(planned, record, input, admitRequest);
      if (outcome === 'budget') {
        stopped = true;
        next -= 1;
        return;
      }
      const updated = applyDetailOutcome(record, planned.match, outcome, now());
      records.set(id, updated);
      changedRecords.add(id);
      if (outcome.kind === 'read') read += 1;
      if (outcome.kind === 'not-modified') notModified += 1;
      if ((outcome.kind === 'read' || outcome.kind === 'not-modified') && updated.detail)
        readNow.set(id, updated.detail);
      if (outcome.kind === 'failed') {
        const { error, diagnostics } = outcome;
        failed.push(
          diagnostics ? { id, url: planned.match.url, error, diagnostics } : { id, url: planned.match.url, error },
        );
      }
      if (outcome.kind === 'paused') {
        failed.push({ id, url: planned.match.url, error: outcome.error });
        pausedUntil = formatSaoPauloIso(outcome.until ?? new Date(now().getTime() + DETAIL_DEFAULT_PAUSE_MS));
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: MAX_CONCURRENT_PAGES }, worker));
  } finally {
    admission.settle();
  }

  // Matches that left every listing leave DATA_DIR too.
  const listed = new Set(input.after.map((match) => match.id));
  const gone = [...records.keys()].filter((id) => !listed.has(id));
  for (const id of gone) records.delete(id);
  const removed = await removeDetailRecordsAsync(dataDir, gone);
  // Each record is its own atomic file (written and synced): at once, so the syncs overlap.
  await Promise.all(
    [...changedRecords].flatMap((id) => {
      const record = records.get(id);
      return record ? [writeDetailRecordAsync(dataDir, record)] : [];
    }),
  );
  const summary = summarizeDetailRecords(records.values());
  await writeDetailScheduleAsync(dataDir, { requests: budget.recent(), pausedUntil, summary });

  return {
    planned: plan.length,
    requested: admission.requested(),
    read,
    notModified,
    failed,
    deferred: Math.max(0, plan.length - read - notModified - failed.length),
    removed,
    pausedUntil,
    records,
    readNow,
    unusable,
    durationMs: Math.round(performance.now() - started),
  };
}
