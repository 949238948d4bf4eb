/**
 * Group 13 (issue 34): what the tables cost.
 * - One competition page, in this process: fetch over loopback from the fake upstream, and the
 *   parse (in the older layout, `table.standing-table`, and the newer div grid), per page.
 * - The refresh at 400 matches a day with 40 live, 20 of them changing score each refresh, under
 *   `npm start`'s settings, a refresh a second, no page read beyond the listings (group 11's first
 *   phase, DETAIL_REQUESTS_PER_MINUTE=0: no match page read adds its noise), twice on the same day:
 *   without tables, then with a table for each of its 40 competitions. "Without" is
 *   the same day with the competitions' slugs written with "_": Placar gives only plain slugs a table,
 *   so it reads and renders none, while every match keeps its page. "With": DATA_DIR holds each
 *   table as a read of the upstream's competition page leaves it (parsed here by the real parser),
 *   and the upstream serves the pages; the refresh then projects the live tables and renders two
 *   routes per competition. Reads are not in these refreshes (a table is due when it first appears,
 *   a few minutes after one of its matches ends, else every 6 hours, at most 5 a minute at the
 *   default budget): the per-page figures above say what one read adds.
 * - The whole service under `npm start` at 1,000 matches a day (200 in play), without tables and
 *   with 100, seeded the same way (at the default budget no table is read while more matches are
 *   in play than the budget allows a minute: live match pages first).
 * Every phase starts on a fresh DATA_DIR, the run's one site bundle linked in. --quick: no memory phases.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fixtureMatchPages } from '../../src/demo/demo-match-pages.ts';
import { startFakeUpstream, type FakeUpstream } from '../../src/demo/upstream-server.ts';
import { playedByTeam } from '../../src/lib/model/live-table.ts';
import { freshStandingsRecord, writeStandingsRecordAsync } from '../../src/lib/store/scraped/table-store.ts';
import { applyStandingsOutcome } from '../../src/refresh/competition-pages/table-schedule.ts';
import { parseCompetitionPage } from '../../src/upstream/competition-page/parse-competition-page.ts';
import { createUpstreamAgent, fetchPage } from '../../src/upstream/fetch/fetch-page.ts';
import {
  LIVE_MATCHES,
  REFRESH_MATCHES,
  measure,
  roundPages,
  runRefreshPhase,
  sampleServiceMemory,
  upstreamDay,
  type PerPage,
  type PhasePages,
  type RefreshPhase,
  type ServiceMemory,
} from './detail-group.ts';
import { buildUpstreamPages } from '../upstream-pages.ts';

export interface StandingsPlan {
  /** Measured refresh cycles per phase (after the warm-up ones). */
  refreshCycles: number;
  /** Refreshes through which the whole service's memory is sampled, per phase. */
  memoryCycles: number;
  /** Repetitions of each per-page measurement. */
  pageRepeats: number;
}

export interface StandingsGroupResult {
  page: { olderBytes: number; newerBytes: number; fetch: PerPage; parseOlder: PerPage; parseNewer: PerPage };
  refresh: {
    matchesPerDay: number;
    live: number;
    changingPerRefresh: number;
    tables: number;
    without: RefreshPhase;
    with: RefreshPhase;
  };
  /** null in --quick (no memory cycles). */
  memory: { matchesPerDay: number; tables: number; without: ServiceMemory; with: ServiceMemory } | null;
}

const MEMORY_MATCHES = 1_000;
/** Nothing read beyond the listings: both phases then differ by the tables alone (the seeded ones are not due anyway). */
const REFRESH_ENV = { DETAIL_REQUESTS_PER_MINUTE: '0' };

const slugOfPage = (page: string): string => page.slice(1);

/** A fresh DATA_DIR holding, given competition pages, their tables as a read of each leaves them. */
async function prepareDataDir(upstreamUrl: string, competitionPages: Record<string, string>): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-bench-tabelas-'));
  const now = new Date();
  const played = (groups: Parameters<typeof playedByTeam>[0]) => Object.fromEntries(playedByTeam(groups));
  for (const [page, html] of Object.entries(competitionPages)) {
    const { groups } = parseCompetitionPage(html, `${upstreamUrl}${page}`);
    const outcome = { kind: 'read', groups, etag: null, lastModified: null } as const;
    await writeStandingsRecordAsync(
      dataDir,
      applyStandingsOutcome(freshStandingsRecord(slugOfPage(page)), outcome, played, now),
    );
  }
  return dataDir;
}

async function measurePages(upstream: FakeUpstream, pages: Record<string, string>, repeats: number) {
  const entries = Object.entries(pages);
  const [olderPath, older] = entries.find(([, html]) => html.includes('standing-table')) ?? ['', ''];
  const [newerPath, newer] = entries.find(([, html]) => html.includes('table__row')) ?? ['', ''];
  for (const [page, html] of entries) upstream.setPage(page, html);
  const dispatcher = createUpstreamAgent(5000);
  const fetch = await measure(repeats, () =>
    fetchPage(`${upstream.url}${olderPath}`, { dispatcher, timeoutMs: 5000, maxBytes: 5_000_000 }),
  );
  await dispatcher.close();
  const parseOlder = await measure(repeats, () => parseCompetitionPage(older, `${upstream.url}${olderPath}`));
  const parseNewer = await measure(repeats, () => parseCompetitionPage(newer, `${upstream.url}${newerPath}`));
  return { olderBytes: Buffer.byteLength(older), newerBytes: Buffer.byteLength(newer), fetch, parseOlder, parseNewer };
}

/** Runs `task` on a prepared DATA_DIR, removed afterwards. */
async function inDataDir<T>(dataDir: string, task: (dataDir: string) => Promise<T>): Promise<T> {
  try {
    return await task(dataDir);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runRefreshPhases(
  upstream: FakeUpstream,
  siteBundle: string,
  cycles: number,
  log: (line: string) => void,
): Promise<StandingsGroupResult['refresh']> {
  const phase = (tablelessSlugs: boolean): PhasePages => {
    const day = upstreamDay(0, 'grouped', { tablelessSlugs, competitionPages: true });
    return {
      first: { ...day.pages, ...fixtureMatchPages(day.pages), ...day.competitionPages },
      round: (n) => roundPages(n, 'grouped', { tablelessSlugs }),
    };
  };
  const withoutPages = phase(true);
  const without = await inDataDir(await prepareDataDir(upstream.url, {}), (dataDir) =>
    runRefreshPhase(upstream, withoutPages, { env: { ...REFRESH_ENV, DATA_DIR: dataDir }, siteBundle }, cycles),
  );
  log(`  sem tabelas: mediana ${without.medianMs} ms`);
  const tables = upstreamDay(0, 'grouped', { competitionPages: true }).competitionPages;
  const withPages = phase(false);
  const withTables = await inDataDir(await prepareDataDir(upstream.url, tables), (dataDir) =>
    runRefreshPhase(upstream, withPages, { env: { ...REFRESH_ENV, DATA_DIR: dataDir }, siteBundle }, cycles),
  );
  log(`  com ${Object.keys(tables).length} tabelas: mediana ${withTables.medianMs} ms`);
  return {
    matchesPerDay: REFRESH_MATCHES,
    live: LIVE_MATCHES,
    changingPerRefresh: LIVE_MATCHES / 2,
    tables: Object.keys(tables).length,
    without,
    with: withTables,
  };
}

async function runMemoryPhases(
  upstream: FakeUpstream,
  siteBundle: string,
  cycles: number,
  log: (line: string) => void,
): Promise<NonNullable<StandingsGroupResult['memory']>> {
  const sample = async (tablelessSlugs: boolean): Promise<{ tables: number; memory: ServiceMemory }> => {
    const day = buildUpstreamPages({ matchesPerDay: MEMORY_MATCHES, tablelessSlugs, competitionPages: true });
    const pages = { ...day.pages, ...fixtureMatchPages(day.pages), ...day.competitionPages };
    for (const [page, html] of Object.entries(pages)) upstream.setPage(page, html);
    const dataDir = await prepareDataDir(upstream.url, day.competitionPages);
    const env = { UPSTREAM_URL: upstream.url, DATA_DIR: dataDir };
    const memory = await inDataDir(dataDir, () => sampleServiceMemory({ env, siteBundle }, cycles, log));
    return { tables: Object.keys(day.competitionPages).length, memory };
  };
  const without = await sample(true);
  const withTables = await sample(false);
  return { matchesPerDay: MEMORY_MATCHES, tables: withTables.tables, without: without.memory, with: withTables.memory };
}

/** `siteBundle`: the run's site bundle (run-bench.ts builds it once for the groups that start `npm start`). */
export async function runStandingsGroup(
  plan: StandingsPlan,
  log: (line: string) => void,
  siteBundle: string,
): Promise<StandingsGroupResult> {
  const upstream = await startFakeUpstream({ pages: {} });
  try {
    const sample = upstreamDay(0, 'grouped', { competitionPages: true }).competitionPages;
    const page = await measurePages(upstream, sample, plan.pageRepeats);
    log(
      `  uma página de competição: busca ${page.fetch.ms.toFixed(2)} ms, leitura ${page.parseOlder.ms.toFixed(2)} ms`,
    );
    const refresh = await runRefreshPhases(upstream, siteBundle, plan.refreshCycles, log);
    const memory = plan.memoryCycles > 0 ? await runMemoryPhases(upstream, siteBundle, plan.memoryCycles, log) : null;
    return { page, refresh, memory };
  } finally {
    await upstream.close();
  }
}
