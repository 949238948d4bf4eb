/**
 * The team-page step of a scrape, after the competition pages: asks the upstream for the two team
 * pages (`/time/<slug>/proximos-jogos`, `/ultimos-jogos`) of the teams team-page-schedule.ts finds
 * due, within what the match pages and tables left of the same per-minute budget and only in a quiet
 * minute (as the tables: live match pages first), conditionally, with their back-off and pause (a
 * 429 or 503 pauses every page beyond the listings), and keeps each team's read in DATA_DIR/times
 * (team-page-store.ts). A failure never loses the last good read. Pages are parsed in slices.
 */
import type { Dispatcher } from 'undici';
import type { Config } from '../../lib/config/config.ts';
import { errorMessage } from '../../lib/model/caught-error.ts';
import { isInPlay } from '../../lib/model/live-table.ts';
import type { Match } from '../../lib/model/model.ts';
import { formatSaoPauloIso } from '../../lib/model/time.ts';
import { runInSlices } from '../../lib/slices/run-in-slices.ts';
import { createPushSubscriptionReader, type PushFollowerIndex } from '../../lib/store/push/push-subscriptions.ts';
import { readArchiveIndex, readDayListing } from '../../lib/store/scraped/archive-store.ts';
import { readDetailSchedule, writeDetailScheduleAsync } from '../../lib/store/scraped/detail-store.ts';
import {
  readTeamPageRecords,
  writeTeamPageRecordAsync,
  type TeamPageRecord,
} from '../../lib/store/scraped/team-page-store.ts';
import { UpstreamFetchError } from '../../upstream/fetch/errors.ts';
import { fetchPage } from '../../upstream/fetch/fetch-page.ts';
import { parseTeamPageSteps } from '../../upstream/team-page/parse-team-page.ts';
import type { StandingsRefreshInput } from '../competition-pages/fetch-tables.ts';
import { DETAIL_DEFAULT_PAUSE_MS } from '../match-pages/match-page-schedule.ts';
import { requestBudgetOf, type RequestBudget } from '../match-pages/request-budget.ts';
import {
  applyTeamPagesOutcome,
  planTeamPageFetches,
  teamCandidates,
  type KeptTeam,
  type TeamPageAnswer,
  type TeamPagesOutcome,
} from './team-page-schedule.ts';

export interface TeamPagesRefreshReport {
  planned: number;
  requested: number;
  read: number;
  failed: { slug: string; error: string }[];
  /** Due teams left for a later refresh (budget used up or paused). */
  deferred: number;
}

/** What the step is given: the same as the tables' step (the config, the scrape's dispatcher and clock, its matches). */
export type TeamPagesRefreshInput = StandingsRefreshInput;

export const TEAM_PAGES = { next: 'proximos-jogos', last: 'ultimos-jogos' } as const;

/** The upstream's address of one of a team's two pages. */
export function teamPageSource(upstreamUrl: string, slug: string, page: keyof typeof TEAM_PAGES): string {
  return `${upstreamUrl}/time/${slug}/${TEAM_PAGES[page]}`;
}

/** Live match pages first: a team takes its two requests only while the window keeps three quarters free (as a table). */
function reservedForMatchPages(matches: readonly Match[], perMinute: number): number {
  return Math.max(matches.filter(isInPlay).length, Math.ceil((perMinute * 3) / 4));
}

/** Per kept day (by DATA_DIR and day) the teams its listing names, read again only when the day's listing changes. */
const keptDayTeams = new Map<string, { generatedAt: string; teams: KeptTeam[] }>();

function keptTeams(dataDir: string): KeptTeam[] {
  const { days } = readArchiveIndex(dataDir);
  const teams: KeptTeam[] = [];
  const current = new Set<string>();
  for (const [day, { generatedAt }] of Object.entries(days)) {
    const key = `${dataDir}\n${day}`;
    current.add(key);
    let kept = keptDayTeams.get(key);
    if (kept?.generatedAt !== generatedAt) {
      const matches = readDayListing(dataDir, day)?.matches ?? [];
      const named = matches.flatMap(({ homeTeam, awayTeam }) => [homeTeam, awayTeam]);
      kept = { generatedAt, teams: named.map(({ name, slug }) => ({ name, slug })) };
      keptDayTeams.set(key, kept);
    }
    teams.push(...kept.teams);
  }
  for (const key of keptDayTeams.keys())
    if (key.startsWith(`${dataDir}\n`) && !current.has(key)) keptDayTeams.delete(key);
  return teams;
}

/** One reader per DATA_DIR: it builds the follower index again only when the subscriptions change. */
const followerReaders = new Map<string, ReturnType<typeof createPushSubscriptionReader>>();

async function followersOf(dataDir: string): Promise<PushFollowerIndex> {
  const reader = followerReaders.get(dataDir) ?? createPushSubscriptionReader(dataDir);
  followerReaders.set(dataDir, reader);
  return reader.read();
}

/**
 * Per DATA_DIR, the records this process made but could not write (a full disk): the plan still sees them, so a team
 * read once is not read again at every refresh until the disk has room. Dropped once written.
 */
const unwrittenRecords = new Map<string, Map<string, TeamPageRecord>>();

function heldRecords(dataDir: string): ReadonlyMap<string, TeamPageRecord> {
  const onDisk = readTeamPageRecords(dataDir);
  const unwritten = unwrittenRecords.get(dataDir);
  return unwritten === undefined || unwritten.size === 0 ? onDisk : new Map([...onDisk, ...unwritten]);
}

async function keepRecord(dataDir: string, record: TeamPageRecord): Promise<void> {
  const unwritten = unwrittenRecords.get(dataDir) ?? new Map<string, TeamPageRecord>();
  unwrittenRecords.set(dataDir, unwritten);
  try {
    await writeTeamPageRecordAsync(dataDir, record);
    unwritten.delete(record.slug);
  } catch (error) {
    unwritten.set(record.slug, record);
    throw error;
  }
}

interface TeamRead {
  config: Config;
  dispatcher: Dispatcher;
  now: () => Date;
  budget: RequestBudget;
  reserve: number;
  report: TeamPagesRefreshReport;
}

/** One page of the team, conditionally when its last read is held. */
async function readTeamPage(
  read: TeamRead,
  slug: string,
  record: TeamPageRecord | null,
  page: keyof typeof TEAM_PAGES,
): Promise<TeamPageAnswer> {
  const { config, budget, reserve, report } = read;
  const held = record?.pages != null;
  const fetched = await fetchPage(teamPageSource(config.upstreamUrl, slug, page), {
    dispatcher: read.dispatcher,
    timeoutMs: config.requestTimeoutMs,
    maxBytes: config.maxResponseBytes,
    etag: held ? (record?.fetch[page].etag ?? null) : null,
    lastModified: held ? (record?.fetch[page].lastModified ?? null) : null,
    retries: 0,
    admitRequest: () => {
      const admitted = budget.used() + reserve < config.detailRequestsPerMinute && budget.admit();
      if (admitted) report.requested += 1;
      return admitted;
    },
    now: read.now,
  });
  const validators = { etag: fetched.etag, lastModified: fetched.lastModified };
  if (fetched.notModified) return { kind: 'not-modified', ...validators };
  return { kind: 'read', matches: await runInSlices(parseTeamPageSteps(fetched.html, fetched.url)), ...validators };
}

const isBudgetRefusal = (error: unknown): boolean => error instanceof UpstreamFetchError && error.reason === 'budget';

/** A 429 or 503: the instant the upstream asked every page beyond the listings to wait until; else null. */
function pauseAskedBy(error: unknown, now: Date): string | null {
  if (!(error instanceof UpstreamFetchError) || error.reason !== 'http-status') return null;
  if (![429, 503].includes(error.status ?? 0)) return null;
  return formatSaoPauloIso(error.retryNotBefore ?? new Date(now.getTime() + DETAIL_DEFAULT_PAUSE_MS));
}

export async function runTeamPagesRefresh(input: TeamPagesRefreshInput): Promise<TeamPagesRefreshReport> {
  const { config, now } = input;
  const { dataDir, detailRequestsPerMinute: perMinute } = config;
  const report: TeamPagesRefreshReport = { planned: 0, requested: 0, read: 0, failed: [], deferred: 0 };
  const schedule = readDetailSchedule(dataDir);
  const paused = schedule.pausedUntil !== null && Date.parse(schedule.pausedUntil) > now().getTime();
  if (perMinute === 0 || config.teamPageIntervalHours === 0 || paused) return report;
  const budget = requestBudgetOf(dataDir, perMinute, schedule.requests, () => now().getTime());
  const reserve = reservedForMatchPages(input.matches, perMinute);
  // A quiet minute's room is checked before anything is read from disk: most refreshes stop here.
  if (budget.used() + reserve + 2 > perMinute) return report;
  const records = heldRecords(dataDir);
  const candidates = teamCandidates(input.matches, keptTeams(dataDir), now());
  const followers = await followersOf(dataDir);
  const plan = planTeamPageFetches(
    candidates,
    records,
    (candidate) => followers.count > 0 && followers.followersOf([...candidate.names]).length > 0,
    now(),
  );
  report.planned = plan.length;
  const intervalMs = config.teamPageIntervalHours * 60 * 60 * 1000;
  const read: TeamRead = { config, dispatcher: input.dispatcher, now, budget, reserve, report };
  let pausedUntil: string | null = null;
  for (const slug of plan) {
    // Both pages or neither: a team is read only when the window has room for its two requests.
    if (pausedUntil !== null || budget.used() + reserve + 2 > perMinute) break;
    const record = records.get(slug) ?? null;
    let outcome: TeamPagesOutcome;
    try {
      const next = await readTeamPage(read, slug, record, 'next');
      const last = await readTeamPage(read, slug, record, 'last');
      outcome = { kind: 'read', next, last };
    } catch (error) {
      if (isBudgetRefusal(error)) break;
      pausedUntil = pauseAskedBy(error, now());
      outcome = { kind: 'failed', error: errorMessage(error) };
    }
    await keepRecord(dataDir, applyTeamPagesOutcome(record, slug, outcome, intervalMs, now()));
    if (outcome.kind === 'read') report.read += 1;
    else report.failed.push({ slug, error: outcome.error });
  }
  report.deferred = Math.max(0, plan.length - report.read - report.failed.length);
  if (report.requested > 0 || pausedUntil !== null)
    await writeDetailScheduleAsync(dataDir, { ...readDetailSchedule(dataDir), requests: budget.recent(), pausedUntil });
  return report;
}

/** The scrape's log line of this step; null when nothing was due. */
export function formatTeamPagesLine(report: TeamPagesRefreshReport): string | null {
  if (report.planned === 0) return null;
  const parts = [`${report.read} lidos`, `${report.failed.length} com falha`];
  if (report.deferred > 0) parts.push(`${report.deferred} para depois`);
  const named = report.failed.slice(0, 3).map((failure) => `; ${failure.slug}: ${failure.error}`);
  const more = report.failed.length > 3 ? `; … e mais ${report.failed.length - 3}` : '';
  return `páginas de times: ${parts.join(', ')} (${report.requested} requisições)${named.join('')}${more}`;
}
