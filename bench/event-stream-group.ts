/**
 * Group 9: the event stream. A reader (REFRESH_CRON=off, one process) serves a DATA_DIR that
 * `npm run refresh` keeps current; the bench holds 1,000, 5,000 then 10,000 open streams to it
 * (loopback) and measures the server's RSS per stream and how long after the build swap (the
 * `current` link re-pointed, watched here every 2 ms) a new event, and the build notice every
 * open page waits for (issue 33), reach the first and the last stream.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readFixturePages, startFakeUpstream } from '../src/demo/upstream-server.ts';
import { currentLinkPath } from '../src/lib/store/build-layout.ts';
import { openEventStream, type EventStreamClient } from '../harness/event-stream-client.ts';
import { startPlacar } from '../harness/placar-process.ts';
import { runScript } from '../harness/run-script.ts';
import { withScore } from '../harness/upstream-pages.ts';
import { readMemoryKb } from '../harness/process-stats.ts';

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
}

export interface EventStreamResult {
  baselineRssMb: number;
  rows: EventStreamRow[];
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

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

export async function runEventStreamGroup(
  log: (line: string) => void,
  counts: readonly number[] = EVENT_STREAM_COUNTS,
): Promise<EventStreamResult> {
  const pages = readFixturePages();
  const upstream = await startFakeUpstream({ pages });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-bench-events-'));
  const refresh = async (): Promise<void> => {
    const env = { ...process.env, DATA_DIR: dataDir, UPSTREAM_URL: upstream.url, PUBLISH_COMMAND: '' };
    const result = await runScript('scripts/refresh.ts', env);
    if (result.code !== 0) throw new Error(`npm run refresh falhou:\n${result.output}`);
  };
  const streams: EventStreamClient[] = [];
  try {
    await refresh();
    const env = { REFRESH_CRON: 'off', EVENT_STREAMS_PER_IP: '0', EVENT_STREAMS_MAX: '20000' };
    const placar = await startPlacar({ upstreamUrl: upstream.url, dataDir, env, waitForFirstRefresh: false });
    try {
      const pid = placar.process.pid ?? 0;
      const first = await openEventStream(placar.url, '/api/eventos/stream');
      streams.push(first);
      await sleep(1_000);
      const baselineKb = readMemoryKb(pid)?.rss ?? 0;
      const rows: EventStreamRow[] = [];
      let home = 2;
      for (const count of counts) {
        while (streams.length < count) {
          const batch = Math.min(OPEN_AT_ONCE, count - streams.length);
          const opened = Array.from({ length: batch }, () => openEventStream(placar.url, '/api/eventos/stream'));
          streams.push(...(await Promise.all(opened)));
        }
        await Promise.all(streams.map((stream) => stream.waitFor((client) => client.retry !== null, 30_000)));
        await sleep(1_000);
        const rssKb = readMemoryKb(pid)?.rss ?? 0;
        const received = streams.map((stream) => stream.ids().length);
        const told = streams.map((stream) => stream.notices().length);
        home += 1;
        pages[LIVE] = withScore(pages[LIVE] ?? '', FLAMENGO, home, 1);
        upstream.setPage(LIVE, pages[LIVE]);
        const swap = watchSwap(dataDir, readCurrentTarget(dataDir));
        const arrival = (arrived: (client: EventStreamClient, index: number) => boolean): Promise<number[]> =>
          Promise.all(
            streams.map(async (stream, index) => {
              await stream.waitFor((client) => arrived(client, index), 60_000);
              return performance.now();
            }),
          );
        const arrivals = arrival((client, index) => client.ids().length > (received[index] ?? 0));
        const notices = arrival((client, index) => client.notices().length > (told[index] ?? 0));
        await refresh();
        const swappedAt = await swap.swapped;
        const times = await arrivals;
        const noticeTimes = await notices;
        const row: EventStreamRow = {
          streams: count,
          rssMb: rssKb / 1024,
          rssPerStreamKb: (rssKb - baselineKb) / (count - 1),
          firstMs: Math.min(...times) - swappedAt,
          lastMs: Math.max(...times) - swappedAt,
          noticeFirstMs: Math.min(...noticeTimes) - swappedAt,
          noticeLastMs: Math.max(...noticeTimes) - swappedAt,
        };
        rows.push(row);
        const memory = `RSS ${row.rssMb.toFixed(0)} MB (${row.rssPerStreamKb.toFixed(1)} KB/fluxo)`;
        log(
          `  ${count} fluxos: ${memory}; evento após a troca: 1º ${row.firstMs.toFixed(0)} ms, último ${row.lastMs.toFixed(0)} ms; ` +
            `aviso de build: 1º ${row.noticeFirstMs?.toFixed(0)} ms, último ${row.noticeLastMs?.toFixed(0)} ms`,
        );
      }
      return { baselineRssMb: baselineKb / 1024, rows };
    } finally {
      for (const stream of streams) stream.close();
      await placar.stop();
    }
  } finally {
    await upstream.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
