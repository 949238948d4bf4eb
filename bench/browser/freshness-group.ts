/**
 * Group 2: from a change on the upstream to the change in /api/live and in the live page's DOM.
 * The default one-minute schedule is simulated by a seconds-level one (every S seconds); each
 * change lands at a different phase of it. A change waits for the next scheduled tick (at most
 * one interval) and then takes X seconds to show: X is measured from that tick (the start of
 * the refresh whose scrape first fetched the changed page) to the moment it is visible, so
 * "interval + X" bounds the delay under any schedule. The page in Chromium polls /api/live
 * every 60 s: its clock is fast-forwarded over that wait, and what is measured on top is the
 * page's fetch and render. Side by side, with their real clocks, an open live view and the
 * watched match's page (/jogo/{id}) hear of the new build on the event stream: how long after
 * /api/live has the goal each shows it (issue 33: ≤ 3 s; the 60-s poll alone, 0–60 s).
 */
import type { FakeUpstream } from '../../src/demo/upstream-server.ts';
import type { ListEnvelope } from '../../src/lib/model/model.ts';
import { LISTING_PATHS } from '../../src/lib/model/model.ts';
import { launchBrowser } from '../../harness/browser.ts';
import type { PlacarProcess } from '../../harness/placar-process.ts';
import { readRefreshLines, type RefreshLine } from '../refresh-lines.ts';
import type { BenchPlan } from '../bench-plan.ts';
import { summarize, type Summary } from '../stats.ts';
import { buildUpstreamPages } from '../upstream-pages.ts';

export const FRESHNESS_MATCHES = 300;
const PAGE_POLL_MS = 60_000;

export interface FreshnessChange {
  /** From the change to the refresh tick that picked it up (≤ the interval). */
  waitSeconds: number;
  /** From that tick to its scrape's request for the live page (cron and lock latency). */
  tickToFetchSeconds: number;
  /** total_ms of the refresh that published the change, as it logged it. */
  refreshSeconds: number | null;
  apiXSeconds: number;
  domXSeconds: number;
  /** From /api/live having it to the open live view (real clock, told by the stream) showing it. */
  openViewSeconds: number;
  /** The same for the open match page. */
  openMatchPageSeconds: number;
}

export interface FreshnessResult {
  intervalSeconds: number;
  matchesPerDay: number;
  changes: FreshnessChange[];
  apiX: Summary;
  domX: Summary;
  wait: Summary;
  /** Absent from runs before the build notices (issue 33). */
  openView?: Summary;
  openMatchPage?: Summary;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`tempo esgotado esperando ${what}`);
    await sleep(10);
  }
}

export async function runFreshnessGroup(
  plan: BenchPlan,
  env: { upstream: FakeUpstream; placar: PlacarProcess },
  log: (line: string) => void,
): Promise<FreshnessResult> {
  const { upstream, placar } = env;
  const interval = plan.freshnessIntervalSeconds * 1000;
  const watched = buildUpstreamPages({ matchesPerDay: FRESHNESS_MATCHES }).watchedMatchId;
  const browser = await launchBrowser();
  const changes: FreshnessChange[] = [];
  try {
    const page = await (await browser.newContext()).newPage();
    await page.clock.install();
    await page.goto(`${placar.url}/`);
    const score = page.locator(`.match[data-id="${watched}"] .score`);
    // The open pages, with their real clocks: only the stream's notices (or a 60-s poll) refresh them.
    const openView = await (await browser.newContext()).newPage();
    await openView.goto(`${placar.url}/`);
    const openViewScore = openView.locator(`.match[data-id="${watched}"] .score`);
    const openMatchPage = await (await browser.newContext()).newPage();
    await openMatchPage.goto(`${placar.url}/jogo/${watched}`);
    const openMatchScore = openMatchPage.locator('[data-score]');
    for (let i = 0; i < plan.freshnessChanges; i++) {
      const goals = 10 + i;
      // Golden-ratio steps spread the changes over the whole schedule interval.
      await sleep(((i * 0.618) % 1) * interval);
      const { pages } = buildUpstreamPages({ matchesPerDay: FRESHNESS_MATCHES, watchedGoals: goals });
      const changedAt = Date.now();
      upstream.setPage(LISTING_PATHS.live, pages[LISTING_PATHS.live] ?? '');
      upstream.setPage(LISTING_PATHS.hoje, pages[LISTING_PATHS.hoje] ?? '');
      const hasGoals = async (): Promise<boolean> => {
        const live = (await (await fetch(`${placar.url}/api/live`)).json()) as ListEnvelope;
        return live.matches.some((match) => match.id === watched && match.score.home === goals);
      };
      await waitFor(hasGoals, 5 * interval + 60_000, `o gol ${goals} em /api/live`);
      const apiAt = Date.now();
      const shownAfter = async (shows: () => Promise<boolean>, what: string): Promise<number> => {
        await waitFor(shows, 2 * PAGE_POLL_MS, what);
        return (Date.now() - apiAt) / 1000;
      };
      const [openViewSeconds, openMatchPageSeconds] = await Promise.all([
        shownAfter(async () => (await openViewScore.textContent())?.startsWith(`${goals} `) === true, 'a vista aberta'),
        shownAfter(
          async () => (await openMatchScore.textContent())?.startsWith(`${goals} `) === true,
          'a página do jogo aberta',
        ),
      ]);
      const fetchedAt =
        upstream.requests.find((request) => request.path === LISTING_PATHS.live && request.at >= changedAt)?.at ??
        apiAt;
      const tick = Math.floor(fetchedAt / interval) * interval;
      const publishing = async (): Promise<RefreshLine | undefined> =>
        readRefreshLines(placar).find((line) => line.buildStartedAt !== null && line.buildStartedAt >= fetchedAt);
      await waitFor(async () => (await publishing()) !== undefined, 10_000, 'a linha da atualização');
      const refreshMs = (await publishing())?.totalMs;
      const domStart = Date.now();
      await page.clock.runFor(PAGE_POLL_MS);
      await waitFor(
        async () => (await score.textContent())?.startsWith(`${goals} `) === true,
        30_000,
        `o gol ${goals} na página`,
      );
      const domClient = Date.now() - domStart;
      const change = {
        waitSeconds: (tick - changedAt) / 1000,
        tickToFetchSeconds: (fetchedAt - tick) / 1000,
        refreshSeconds: refreshMs === undefined ? null : refreshMs / 1000,
        apiXSeconds: (apiAt - tick) / 1000,
        domXSeconds: (apiAt - tick + domClient) / 1000,
        openViewSeconds,
        openMatchPageSeconds,
      };
      changes.push(change);
      log(
        `  mudança ${i + 1}: espera ${change.waitSeconds.toFixed(2)} s, tique→coleta ${change.tickToFetchSeconds.toFixed(2)} s, atualização ${change.refreshSeconds?.toFixed(2) ?? '?'} s, API X=${change.apiXSeconds.toFixed(2)} s, DOM X=${change.domXSeconds.toFixed(2)} s, ` +
          `páginas abertas: vista ${openViewSeconds.toFixed(2)} s, jogo ${openMatchPageSeconds.toFixed(2)} s após a API`,
      );
    }
  } finally {
    await browser.close();
  }
  return {
    intervalSeconds: plan.freshnessIntervalSeconds,
    matchesPerDay: FRESHNESS_MATCHES,
    changes,
    apiX: summarize(changes.map((c) => c.apiXSeconds)),
    domX: summarize(changes.map((c) => c.domXSeconds)),
    wait: summarize(changes.map((c) => c.waitSeconds)),
    openView: summarize(changes.map((c) => c.openViewSeconds)),
    openMatchPage: summarize(changes.map((c) => c.openMatchPageSeconds)),
  };
}
