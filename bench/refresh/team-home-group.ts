/**
 * Group 14 (issue 50): what the team pages cost the refresh and the service.
 * The refresh at 400 matches a day with 40 live, 20 of them changing score each refresh (group 11's
 * first phase: `npm start`, a refresh a second, DETAIL_REQUESTS_PER_MINUTE=0 so that no page beyond
 * the listings is read in either phase), twice on the same day: without team pages held, then with
 * 600 teams' pages held in DATA_DIR/times. Both phases render every listed team's home
 * (/time/{slug}, its JSON and .ics): the first refresh all of them, later ones only the homes that
 * changed. The held records are what a read of each team's two pages leaves (the real parser and
 * schedule), the pages written as the demo upstream writes them, from nine days back to nine ahead:
 * about ten finished and ten coming matches a team. Per phase: the first refresh, the steady state
 * (median, CPU), and the service's RSS (every Placar process summed) after each measured refresh and
 * at its peak, sampled through the refreshes after the first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fixtureTeamPages } from '../../src/demo/demo-team-pages.ts';
import { fixtureMatchPages } from '../../src/demo/demo-match-pages.ts';
import { startFakeUpstream, type FakeUpstream } from '../../src/demo/upstream-server.ts';
import { LISTING_PATHS } from '../../src/lib/model/model.ts';
import { writeTeamPageRecordAsync } from '../../src/lib/store/scraped/team-page-store.ts';
import { applyTeamPagesOutcome } from '../../src/refresh/team-pages/team-page-schedule.ts';
import { parseTeamPage } from '../../src/upstream/team-page/parse-team-page.ts';
import type { PlacarProcess } from '../../harness/placar-process.ts';
import { parseRefreshLine } from '../refresh-lines.ts';
import { median } from '../stats.ts';
import { buildUpstreamPages } from '../upstream-pages.ts';
import {
  LIVE_MATCHES,
  REFRESH_MATCHES,
  WARMUP_CYCLES,
  readServiceRssMb,
  roundPages,
  runRefreshPhase,
  upstreamDay,
  type PhasePages,
  type RefreshPhase,
} from './detail-group.ts';

export interface TeamHomePlan {
  /** Measured refresh cycles per phase (after the warm-up ones). */
  refreshCycles: number;
}

export interface TeamHomePhase extends RefreshPhase {
  /** Refresh #1 (every home rendered; the site bundle is the run's, so none is built). */
  first: { totalMs: number; buildMs: number; teamHomesRendered: number };
  /** Team homes rendered per measured refresh (the others carried), median. */
  teamHomesRenderedPerRefresh: number;
  /** The service's RSS after each measured refresh (median) and its peak from refresh #2 on, sampled every 100 ms. */
  rssMedianMb: number;
  rssPeakMb: number;
}

export interface TeamHomeGroupResult {
  matchesPerDay: number;
  live: number;
  changingPerRefresh: number;
  teamPagesHeld: number;
  /** Matches of a held record's two pages, median, and the records' size on disk. */
  matchesPerRecord: number;
  recordsKb: number;
  without: TeamHomePhase;
  with: TeamHomePhase;
  /** with ÷ without: steady-state median and CPU per refresh, the first refresh; RSS: with − without, MB. */
  ratios: { medianRefresh: number; cpuPerRefresh: number; firstRefresh: number };
  rssDeltaMb: { median: number; peak: number };
}

const TEAM_PAGES_HELD = 600;
/** Days of team pages each side of today: the upstream's pages list about ten matches each way. */
const TEAM_PAGE_DAYS = 9;
const DAY_MS = 24 * 3600 * 1000;
/** Nothing read beyond the listings: the phases differ by the held team pages alone (not due anyway). */
const REFRESH_ENV = { DETAIL_REQUESTS_PER_MINUTE: '0' };
const PEAK_SAMPLE_MS = 100;

/** Listing pages of today and of the days around it, from which the demo writes every team's two pages. */
function teamPageListings(now: Date): Record<string, string> {
  const listings: Record<string, string> = { ...upstreamDay(0, 'grouped').pages };
  for (let day = 1; day <= TEAM_PAGE_DAYS; day += 1) {
    const back = buildUpstreamPages({ matchesPerDay: REFRESH_MATCHES, now: new Date(now.getTime() - day * DAY_MS) });
    const ahead = buildUpstreamPages({ matchesPerDay: REFRESH_MATCHES, now: new Date(now.getTime() + day * DAY_MS) });
    listings[`/ontem-${day}`] = back.pages[LISTING_PATHS.ontem] ?? '';
    listings[`/amanha-${day}`] = ahead.pages[LISTING_PATHS.amanha] ?? '';
  }
  return listings;
}

/** A fresh DATA_DIR; with `teams`, holding that many teams' records as a read of their two pages leaves them. */
async function prepareDataDir(
  upstreamUrl: string,
  teams: number,
): Promise<{ dataDir: string; matchesPerRecord: number; recordsKb: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-bench-times-'));
  if (teams === 0) return { dataDir, matchesPerRecord: 0, recordsKb: 0 };
  const now = new Date();
  const pages = fixtureTeamPages(teamPageListings(now));
  const slugs = Object.keys(pages)
    .filter((page) => page.endsWith('/proximos-jogos'))
    .map((page) => page.split('/')[2] ?? '')
    .slice(0, teams);
  const counts: number[] = [];
  const read = (page: string) => {
    const matches = parseTeamPage(pages[page] ?? '', `${upstreamUrl}${page}`);
    return { kind: 'read', matches, etag: null, lastModified: null } as const;
  };
  for (const slug of slugs) {
    const next = read(`/time/${slug}/proximos-jogos`);
    const last = read(`/time/${slug}/ultimos-jogos`);
    counts.push(next.matches.length + last.matches.length);
    const outcome = { kind: 'read', next, last } as const;
    await writeTeamPageRecordAsync(dataDir, applyTeamPagesOutcome(null, slug, outcome, DAY_MS, now));
  }
  const folder = path.join(dataDir, 'times');
  const bytes = fs.readdirSync(folder).reduce((sum, name) => sum + fs.statSync(path.join(folder, name)).size, 0);
  return { dataDir, matchesPerRecord: median(counts), recordsKb: Math.round(bytes / 1024) };
}

const homesRendered = (text: string): number => Number(/ paginas_de_time=(\d+)/.exec(text)?.[1] ?? 0);

/** One phase on `dataDir`: the refresh phase, with the first refresh, the homes rendered and the RSS beside it. */
async function runPhase(
  upstream: FakeUpstream,
  dataDir: string,
  siteBundle: string,
  cycles: number,
): Promise<TeamHomePhase> {
  const day = upstreamDay(0, 'grouped');
  const pages: PhasePages = {
    first: { ...day.pages, ...fixtureMatchPages(day.pages) },
    round: (n) => roundPages(n, 'grouped'),
  };
  const rssAfter: number[] = [];
  let peakMb = 0;
  let peakTimer: NodeJS.Timeout | null = null;
  let outputAtEnd = '';
  const afterRefresh = (placar: PlacarProcess, n: number): void => {
    peakTimer ??= setInterval(() => {
      peakMb = Math.max(peakMb, readServiceRssMb(placar));
    }, PEAK_SAMPLE_MS);
    if (n > 1 + WARMUP_CYCLES) rssAfter.push(readServiceRssMb(placar));
  };
  const atEnd = async (placar: PlacarProcess): Promise<void> => {
    outputAtEnd = placar.output();
  };
  let phase: RefreshPhase;
  try {
    const start = { env: { ...REFRESH_ENV, DATA_DIR: dataDir }, siteBundle };
    phase = await runRefreshPhase(upstream, pages, start, cycles, { afterRefresh, atEnd });
  } finally {
    if (peakTimer) clearInterval(peakTimer);
  }
  const texts = outputAtEnd.split('\n');
  const textOf = (n: number): string => texts.find((text) => text.startsWith(`atualização #${n} `)) ?? '';
  const firstLine = parseRefreshLine(textOf(1));
  const measured = Array.from({ length: phase.cycles }, (_, i) => textOf(i + 2 + WARMUP_CYCLES));
  return {
    ...phase,
    first: {
      totalMs: firstLine?.totalMs ?? 0,
      buildMs: firstLine?.buildMs ?? 0,
      teamHomesRendered: homesRendered(textOf(1)),
    },
    teamHomesRenderedPerRefresh: median(measured.map(homesRendered)),
    rssMedianMb: median(rssAfter),
    rssPeakMb: Math.max(peakMb, ...rssAfter),
  };
}

const ratio = (a: number, b: number): number => Math.round((a / Math.max(1, b)) * 100) / 100;
const delta = (a: number, b: number): number => Math.round((a - b) * 10) / 10;

/** `siteBundle`: the run's site bundle (run-bench.ts builds it once for the groups that start `npm start`). */
export async function runTeamHomeGroup(
  plan: TeamHomePlan,
  log: (line: string) => void,
  siteBundle: string,
): Promise<TeamHomeGroupResult> {
  const upstream = await startFakeUpstream({ pages: {} });
  try {
    const inDataDir = async (teams: number) => {
      const prepared = await prepareDataDir(upstream.url, teams);
      try {
        const phase = await runPhase(upstream, prepared.dataDir, siteBundle, plan.refreshCycles);
        return { ...prepared, phase };
      } finally {
        fs.rmSync(prepared.dataDir, { recursive: true, force: true });
      }
    };
    const without = (await inDataDir(0)).phase;
    log(`  sem páginas de times: mediana ${without.medianMs} ms, RSS pico ${without.rssPeakMb} MB`);
    const held = await inDataDir(TEAM_PAGES_HELD);
    const withPages = held.phase;
    log(`  com ${TEAM_PAGES_HELD} times: mediana ${withPages.medianMs} ms, RSS pico ${withPages.rssPeakMb} MB`);
    return {
      matchesPerDay: REFRESH_MATCHES,
      live: LIVE_MATCHES,
      changingPerRefresh: LIVE_MATCHES / 2,
      teamPagesHeld: TEAM_PAGES_HELD,
      matchesPerRecord: held.matchesPerRecord,
      recordsKb: held.recordsKb,
      without,
      with: withPages,
      ratios: {
        medianRefresh: ratio(withPages.medianMs, without.medianMs),
        cpuPerRefresh: ratio(withPages.cpuMsPerRefresh, without.cpuMsPerRefresh),
        firstRefresh: ratio(withPages.first.totalMs, without.first.totalMs),
      },
      rssDeltaMb: {
        median: delta(withPages.rssMedianMb, without.rssMedianMb),
        peak: delta(withPages.rssPeakMb, without.rssPeakMb),
      },
    };
  } finally {
    await upstream.close();
  }
}
