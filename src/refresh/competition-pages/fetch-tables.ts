/**
 * The competition-page step of a scrape, after the match pages: asks the upstream for the tables
 * table-schedule.ts finds due, within what the match pages left of their per-minute budget and
 * only in a quiet minute (reservedForMatchPages: live match pages first), one at a time, conditionally, with their
 * back-off and
 * pause (a 429 or 503 pauses every page beyond the listings), and keeps each table in
 * DATA_DIR/tabelas (table-store.ts). A failure or a page without a known frame never loses
 * the last good table. Pages are parsed in slices.
 */
import type { Dispatcher } from 'undici';
import type { Config } from '../../lib/config/config.ts';
import { competitionSource } from '../../lib/display/table-data.ts';
import { errorMessage } from '../../lib/model/caught-error.ts';
import { isInPlay, playedByTeam } from '../../lib/model/live-table.ts';
import type { Match } from '../../lib/model/model.ts';
import { isCompetitionSlug } from '../../lib/model/table-paths.ts';
import { formatSaoPauloIso } from '../../lib/model/time.ts';
import { runInSlices } from '../../lib/slices/run-in-slices.ts';
import { readDetailSchedule, writeDetailScheduleAsync } from '../../lib/store/scraped/detail-store.ts';
import {
  readStandingsRecords,
  writeStandingsRecordAsync,
  type StandingsRecord,
} from '../../lib/store/scraped/table-store.ts';
import { UpstreamFetchError } from '../../upstream/fetch/errors.ts';
import { fetchPage } from '../../upstream/fetch/fetch-page.ts';
import { parseCompetitionPageSteps } from '../../upstream/competition-page/parse-competition-page.ts';
import { DETAIL_DEFAULT_PAUSE_MS } from '../match-pages/match-page-schedule.ts';
import { requestBudgetOf } from '../match-pages/request-budget.ts';
import {
  applyStandingsOutcome,
  awaitsResult,
  planStandingsFetches,
  recordsForListings,
  type StandingsOutcome,
} from './table-schedule.ts';

export interface StandingsRefreshReport {
  planned: number;
  requested: number;
  read: number;
  notModified: number;
  failed: { slug: string; error: string }[];
  /** Due tables left for a later refresh (budget used up or paused). */
  deferred: number;
}

export interface StandingsRefreshInput {
  config: Config;
  dispatcher: Dispatcher;
  now: () => Date;
  /** Every listing match after this scrape (each once). */
  matches: readonly Match[];
}

/**
 * Live match pages go first: a table takes a request only while the minute's window keeps one for
 * every match in play and three quarters of the budget free (a live row that changes in the next
 * refresh has its page read at once). A table awaited for a finished result (issue 47) needs only a
 * quarter free: it is one request per ended match, and the live table is wrong until it is read.
 */
function reservedForMatchPages(matches: readonly Match[], perMinute: number, awaited: boolean): number {
  if (awaited) return Math.ceil(perMinute / 4);
  return Math.max(matches.filter(isInPlay).length, Math.ceil((perMinute * 3) / 4));
}

function competitionsOf(matches: readonly Match[]): Map<string, Match[]> {
  const competitions = new Map<string, Match[]>();
  for (const match of matches) {
    const { slug } = match.competition;
    if (!isCompetitionSlug(slug)) continue;
    const list = competitions.get(slug) ?? [];
    list.push(match);
    competitions.set(slug, list);
  }
  return competitions;
}

const playedOf = (groups: StandingsRecord['groups']): Record<string, number> =>
  Object.fromEntries(playedByTeam(groups));

export async function runStandingsRefresh(input: StandingsRefreshInput): Promise<StandingsRefreshReport> {
  const { config, dispatcher, now } = input;
  const dataDir = config.dataDir;
  const report: StandingsRefreshReport = { planned: 0, requested: 0, read: 0, notModified: 0, failed: [], deferred: 0 };
  const stored = readStandingsRecords(dataDir).records;
  const records = recordsForListings(stored, competitionsOf(input.matches), now());
  const changed = new Set([...records.keys()].filter((slug) => records.get(slug) !== stored.get(slug)));
  const schedule = readDetailSchedule(dataDir);
  const paused = schedule.pausedUntil !== null && Date.parse(schedule.pausedUntil) > now().getTime();
  const plan = config.detailRequestsPerMinute === 0 || paused ? [] : planStandingsFetches(records, now());
  report.planned = plan.length;
  // The same window as the match pages', remembered in this process: a table request counts before it is sent,
  // whatever happens to schedule.json afterwards (a full disk).
  const budget = requestBudgetOf(dataDir, config.detailRequestsPerMinute, schedule.requests, () => now().getTime());
  let pausedUntil = paused ? schedule.pausedUntil : null;
  for (const slug of plan) {
    const record = records.get(slug);
    if (!record || pausedUntil !== null) break;
    const url = competitionSource(config.upstreamUrl, slug);
    const reserve = reservedForMatchPages(input.matches, config.detailRequestsPerMinute, awaitsResult(record));
    let outcome: StandingsOutcome;
    try {
      const held = record.readAt !== null;
      const page = await fetchPage(url, {
        dispatcher,
        timeoutMs: config.requestTimeoutMs,
        maxBytes: config.maxResponseBytes,
        etag: held ? record.fetch.etag : null,
        lastModified: held ? record.fetch.lastModified : null,
        retries: 0,
        admitRequest: () => {
          const admitted = budget.used() + reserve < config.detailRequestsPerMinute && budget.admit();
          if (admitted) report.requested += 1;
          return admitted;
        },
        now,
      });
      if (page.notModified) outcome = { kind: 'not-modified', etag: page.etag, lastModified: page.lastModified };
      else {
        const read = await runInSlices(parseCompetitionPageSteps(page.html, page.url));
        outcome = { kind: 'read', groups: read.groups, etag: page.etag, lastModified: page.lastModified };
      }
    } catch (error) {
      if (error instanceof UpstreamFetchError && error.reason === 'budget') break;
      if (
        error instanceof UpstreamFetchError &&
        error.reason === 'http-status' &&
        [429, 503].includes(error.status ?? 0)
      )
        pausedUntil = formatSaoPauloIso(error.retryNotBefore ?? new Date(now().getTime() + DETAIL_DEFAULT_PAUSE_MS));
      outcome = { kind: 'failed', error: errorMessage(error) };
    }
    records.set(slug, applyStandingsOutcome(record, outcome, playedOf, now()));
    changed.add(slug);
    if (outcome.kind === 'read') report.read += 1;
    else if (outcome.kind === 'not-modified') report.notModified += 1;
    else report.failed.push({ slug, error: outcome.error });
  }
  report.deferred = Math.max(0, plan.length - report.read - report.notModified - report.failed.length);
  await Promise.all(
    [...changed].flatMap((slug) => {
      const record = records.get(slug);
      return record ? [writeStandingsRecordAsync(dataDir, record)] : [];
    }),
  );
  if (report.requested > 0 || pausedUntil !== schedule.pausedUntil)
    await writeDetailScheduleAsync(dataDir, { ...schedule, requests: budget.recent(), pausedUntil });
  return report;
}

/** The scrape's log line of this step; null when nothing was due. */
export function formatStandingsLine(report: StandingsRefreshReport): string | null {
  if (report.planned === 0) return null;
  const parts = [
    `${report.read} lidas`,
    `${report.notModified} sem mudanças (304)`,
    `${report.failed.length} com falha`,
  ];
  if (report.deferred > 0) parts.push(`${report.deferred} para depois`);
  // The first few failures, each with why (all of them are in DATA_DIR/tabelas).
  const named = report.failed.slice(0, 3).map((failure) => `; ${failure.slug}: ${failure.error}`);
  const more = report.failed.length > 3 ? `; … e mais ${report.failed.length - 3}` : '';
  const failures = named.join('') + more;
  return `tabelas: ${parts.join(', ')} (${report.requested} requisições)${failures}`;
}
