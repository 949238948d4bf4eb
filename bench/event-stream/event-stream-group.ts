/**
 * Group 9: the event stream. A reader (REFRESH_CRON=off, one process) serves a DATA_DIR that
 * `npm run refresh` keeps current; the bench holds 1,000, 5,000 then 10,000 open streams to it
 * (loopback) and measures the server's RSS per stream and how long after the build swap (the
 * `current` link re-pointed, watched here every 2 ms) a new event, and the build notice every
 * open page waits for (issue 33), reach the first and the last stream — read by lean raw-socket readers
 * (lean-stream-reader.ts), so what is timed is the server more than the readers beside it. Then the
 * most streams again with WORKERS=2 (each worker writes to the streams it holds, in parallel), as
 * docs/deploying.md advises for that many open pages on one machine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readFixturePages, startFakeUpstream } from '../../src/demo/upstream-server.ts';
import { currentLinkPath } from '../../src/lib/store/builds/build-layout.ts';
import { startPlacar } from '../../harness/placar-process.ts';
import { runScript } from '../../harness/run-script.ts';
import { withScore } from '../../harness/upstream-pages.ts';
import { readServiceRssKb } from '../../harness/process-stats.ts';
import { openLeanStreamReader, type LeanStreamReader } from './lean-stream-reader.ts';
import { measureBroadcastFloor, type BroadcastFloor } from './broadcast-floor.ts';
import { startStreamObserver, type ObservedSwap, type StreamObserver } from './stream-observer.ts';

export const EVENT_STREAM_COUNTS = [1_000, 5_000, 10_000] as const;
const LIVE = '/jogos-em-andamento';
const FLAMENGO = '/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html';
const OPEN_AT_ONCE = 200;

export interface EventStreamRow {
  streams: number;
  rssMb: number;
  rssPerStreamKb: number;
  /** ms from the swap to the event at the first and at the last stream. */
  firstMs: number;
  lastMs: number;
  /** ms from the swap to the build notice at the first and at the last stream (absent before issue 33). */
  noticeFirstMs?: number;
  noticeLastMs?: number;
  /**
   * The build notice at the stream the server writes to last, held by an observer process of its own
   * (stream-observer-child.ts, timing on its own clock): while the bench's streams read, and again
   * while they hold their bytes unread — the server's time without the bench's readers.
   */
  observedNoticeMs?: number;
  observedNoticeQuietMs?: number;
}

export interface EventStreamResult {
  baselineRssMb: number;
  rows: EventStreamRow[];
  /** The same notice from a bare Node process to as many sockets, in the same run (absent before). */
  floor?: BroadcastFloor;
  /**
   * The most streams again, served by WORKERS=2 (RSS: every process of the service; the observer's
   * stream is the last one its worker writes to). Absent before 2026-11-29.
   */
  twoWorkers?: EventStreamRow;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** `work`, or an error naming `what` after `ms` (one timer for all the streams, not one each). */
function withinMs<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nada após ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Where DATA_DIR/current points now (null: no link yet). */
export function readCurrentTarget(dataDir: string): string | null {
  try {
    return fs.readlinkSync(currentLinkPath(dataDir));
  } catch {
    return null;
  }
}

/** Resolves with the time `current` changed away from `before` (checked every 2 ms). */
export function watchSwap(dataDir: string, before: string | null): { swapped: Promise<number>; stop: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const swapped = new Promise<number>((resolve) => {
    timer = setInterval(() => {
      if (readCurrentTarget(dataDir) !== before) {
        clearInterval(timer);
        resolve(performance.now());
      }
    }, 2);
  });
  return { swapped, stop: () => clearInterval(timer) };
}

interface SwapTimes {
  firstMs: number;
  lastMs: number;
  noticeFirstMs: number;
  noticeLastMs: number;
}

/** Runs `refresh` (which swaps the build) and times the new event and the build notice at each of `readers`. */
async function timeSwap(
  dataDir: string,
  readers: LeanStreamReader[],
  observer: StreamObserver,
  refresh: () => Promise<void>,
): Promise<{ times: SwapTimes; observed: ObservedSwap }> {
  const received = readers.map((reader) => reader.counts.event);
  const told = readers.map((reader) => reader.counts.notice);
  const { observed } = await observer.arm();
  const swap = watchSwap(dataDir, readCurrentTarget(dataDir));
  const arrivals = Promise.all(readers.map((reader, index) => reader.arrival('event', received[index] ?? 0)));
  const notices = Promise.all(readers.map((reader, index) => reader.arrival('notice', told[index] ?? 0)));
  await refresh();
  const swappedAt = await swap.swapped;
  const times = await withinMs(arrivals, 60_000, 'evento nos fluxos');
  const noticeTimes = await withinMs(notices, 60_000, 'aviso de build nos fluxos');
  return {
    times: {
      firstMs: Math.min(...times) - swappedAt,
      lastMs: Math.max(...times) - swappedAt,
      noticeFirstMs: Math.min(...noticeTimes) - swappedAt,
      noticeLastMs: Math.max(...noticeTimes) - swappedAt,
    },
    observed: await withinMs(observed, 60_000, 'aviso de build no observador'),
  };
}

async function measureEventStreams(
  log: (line: string) => void,
  counts: readonly number[],
  workers = 1,
): Promise<EventStreamResult> {
  const pages = readFixturePages();
  const upstream = await startFakeUpstream({ pages });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-bench-events-'));
  const refresh = async (): Promise<void> => {
    const env = { ...process.env, DATA_DIR: dataDir, UPSTREAM_URL: upstream.url, PUBLISH_COMMAND: '' };
    const result = await runScript('scripts/refresh.ts', env);
    if (result.code !== 0) throw new Error(`npm run refresh falhou:\n${result.output}`);
  };
  const streams: LeanStreamReader[] = [];
  const cleanups: Array<() => Promise<unknown>> = [];
  try {
    await refresh();
    const env = {
      REFRESH_CRON: 'off',
      EVENT_STREAMS_PER_IP: '0',
      EVENT_STREAMS_MAX: '20000',
      WORKERS: String(workers),
    };
    const placar = await startPlacar({ upstreamUrl: upstream.url, dataDir, env, waitForFirstRefresh: false });
    try {
      const pid = placar.process.pid ?? 0;
      const first = await openLeanStreamReader(placar.url, '/api/eventos/stream');
      streams.push(first);
      const observer = startStreamObserver(placar.url, currentLinkPath(dataDir));
      cleanups.push(() => observer.close());
      await sleep(1_000);
      const baselineKb = readServiceRssKb(pid);
      const rows: EventStreamRow[] = [];
      let home = 2;
      for (const count of counts) {
        while (streams.length < count) {
          const batch = Math.min(OPEN_AT_ONCE, count - streams.length);
          const opened = Array.from({ length: batch }, () => openLeanStreamReader(placar.url, '/api/eventos/stream'));
          streams.push(...(await Promise.all(opened)));
        }
        await withinMs(Promise.all(streams.map((stream) => stream.arrival('retry', 0))), 30_000, 'abertura dos fluxos');
        await sleep(1_000);
        const rssKb = readServiceRssKb(pid);
        const scoreChange = async (): Promise<void> => {
          home += 1;
          pages[LIVE] = withScore(pages[LIVE] ?? '', FLAMENGO, home, 1);
          upstream.setPage(LIVE, pages[LIVE]);
          await refresh();
        };
        await observer.open();
        const all = await timeSwap(dataDir, streams, observer, scoreChange);
        for (const stream of streams) stream.pause();
        const toldBefore = streams.map((stream) => stream.counts.notice);
        const quiet = await timeSwap(dataDir, [], observer, scoreChange);
        for (const stream of streams) stream.resume();
        const caughtUp = streams.map((stream, index) => stream.arrival('notice', toldBefore[index] ?? 0));
        await withinMs(Promise.all(caughtUp), 60_000, 'leitura dos fluxos pausados');
        const row: EventStreamRow = {
          streams: count,
          rssMb: rssKb / 1024,
          rssPerStreamKb: (rssKb - baselineKb) / (count - 1),
          ...all.times,
          observedNoticeMs: all.observed.swapToNoticeMs,
          observedNoticeQuietMs: quiet.observed.swapToNoticeMs,
        };
        rows.push(row);
        const memory = `RSS ${row.rssMb.toFixed(0)} MB (${row.rssPerStreamKb.toFixed(1)} KB/fluxo)`;
        log(
          `  ${count} fluxos: ${memory}; evento após a troca: 1º ${row.firstMs.toFixed(0)} ms, último ${row.lastMs.toFixed(0)} ms; ` +
            `aviso de build: 1º ${row.noticeFirstMs?.toFixed(0)} ms, último ${row.noticeLastMs?.toFixed(0)} ms; ` +
            `no observador: aviso ${row.observedNoticeMs?.toFixed(0)} ms, com os outros sem ler ${row.observedNoticeQuietMs?.toFixed(0)} ms`,
        );
      }
      return { baselineRssMb: baselineKb / 1024, rows };
    } finally {
      for (const cleanup of cleanups) await cleanup();
      for (const stream of streams) stream.close();
      await placar.stop();
    }
  } finally {
    await upstream.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runEventStreamGroup(
  log: (line: string) => void,
  counts: readonly number[] = EVENT_STREAM_COUNTS,
): Promise<EventStreamResult> {
  const result = await measureEventStreams(log, counts);
  const most = Math.max(...counts);
  const floor = await measureBroadcastFloor(most);
  log(
    `  piso (processo Node mínimo, ${floor.streams} sockets): aviso ${floor.noticeMs.toFixed(0)} ms, outros sem ler ${floor.noticeQuietMs.toFixed(0)} ms`,
  );
  log('  de novo com WORKERS=2:');
  const twoWorkers = (await measureEventStreams(log, [most], 2)).rows[0];
  return { ...result, floor, twoWorkers };
}
