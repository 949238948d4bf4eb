/**
 * Group 10: the same open event streams held by a Placar process or by Pushpin, side by side in
 * one run. One reader (REFRESH_CRON=off, PUSHPIN_SIG_KEY) serves a DATA_DIR that `npm run
 * refresh` keeps current and publishes to a Pushpin instance (deploy/pushpin/) in front of it.
 * N streams straight to the reader, closed, then N through Pushpin; for each, the RSS the
 * holding processes gained per stream (Pushpin: its services summed, and each one), what the
 * reader gained meanwhile, and the time from the build swap to the event at the first and at
 * the last stream. Loopback only; the clients run in the benchmark's own process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readFixturePages, startFakeUpstream } from '../../src/demo/upstream-server.ts';
import { openEventStream, type EventStreamClient } from '../../harness/event-stream-client.ts';
import { startPlacar } from '../../harness/placar-process.ts';
import { startPushpin } from '../../harness/pushpin.ts';
import { runScript } from '../../harness/run-script.ts';
import { withScore } from '../../harness/upstream-pages.ts';
import { readCurrentTarget, watchSwap } from './event-stream-group.ts';
import { readMemoryKb } from '../../harness/process-stats.ts';

const LIVE = '/jogos-em-andamento';
const FLAMENGO = '/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html';
const OPEN_AT_ONCE = 200;
const SIG_KEY = 'chave-do-benchmark-para-o-pushpin';

export interface PushpinSide {
  /** Who holds the streams. */
  holder: 'placar' | 'pushpin';
  streams: number;
  /** Seconds to open them all, OPEN_AT_ONCE at a time (each through Placar's answer, on the Pushpin side). */
  openSeconds: number;
  /** Connections answered other than 200 while opening (and opened again). */
  refused: number;
  /** RSS of the holding processes before and with the streams open, MB. */
  rssBeforeMb: number;
  rssAfterMb: number;
  rssPerStreamKb: number;
  /** Pushpin's side: each service's growth per stream (condure, pushpin-handler, …), KB. */
  perProcessKb: Record<string, number>;
  /** What the Placar reader gained per stream meanwhile, KB (on Placar's side, the same as rssPerStreamKb). */
  placarPerStreamKb: number;
  /** ms from the swap to the event at the first and at the last stream that had it. */
  firstMs: number;
  lastMs: number;
  /** Streams still without the event ARRIVAL_WAIT_MS after the refresh began (a figure, not a crash: a loaded machine lost one once). */
  missed: number;
}

export interface PushpinGroupResult {
  sides: PushpinSide[];
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function processName(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return String(pid);
  }
}

function rssByProcessKb(pids: readonly number[]): Map<string, number> {
  const rss = new Map<string, number>();
  for (const pid of pids) {
    const name = processName(pid);
    rss.set(name, (rss.get(name) ?? 0) + (readMemoryKb(pid)?.rss ?? 0));
  }
  return rss;
}

const sum = (values: Iterable<number>): number => [...values].reduce((total, value) => total + value, 0);

/** How long an answered stream may stay silent (no `retry:`) before it counts as refused and is opened again. */
const SILENT_OPEN_MS = 30_000;
/**
 * How long the group waits for the swap's event at every stream: beyond two of Pushpin's rechecks of an idle held
 * stream (GRIP_RECHECK_SECONDS, 120 s, in src/server/event-stream/grip-stream.ts, which bench may not import).
 */
const ARRIVAL_WAIT_MS = 270_000;
/** Openings one stream may take (refused or silent) before the group gives up, naming why. */
const MAX_OPENINGS = 20;

/**
 * `count` streams, OPEN_AT_ONCE at a time; one refused (Pushpin answers 502 to a burst larger than its queue to
 * zurl), or answered but silent (on a busy machine a held stream once never got its first bytes), is opened again
 * after 100 ms, as a client would: how many were, is a figure.
 */
async function openStreams(url: string, count: number): Promise<{ streams: EventStreamClient[]; refused: number }> {
  const streams: EventStreamClient[] = [];
  let refused = 0;
  const openOne = async (): Promise<EventStreamClient> => {
    for (let opening = 1; ; opening += 1) {
      const stream = await openEventStream(url, '/api/eventos/stream');
      const opened =
        stream.status === 200 &&
        (await stream
          .waitFor((client) => client.retry !== null, SILENT_OPEN_MS)
          .then(
            () => true,
            () => false,
          ));
      if (opened) return stream;
      stream.close();
      if (opening >= MAX_OPENINGS)
        throw new Error(`um fluxo não abriu em ${MAX_OPENINGS} tentativas (última resposta: ${stream.status})`);
      refused += 1;
      await sleep(100);
    }
  };
  while (streams.length < count) {
    const batch = Math.min(OPEN_AT_ONCE, count - streams.length);
    streams.push(...(await Promise.all(Array.from({ length: batch }, openOne))));
  }
  return { streams, refused };
}

export async function runPushpinGroup(log: (line: string) => void, count: number): Promise<PushpinGroupResult> {
  const pages = readFixturePages();
  const upstream = await startFakeUpstream({ pages });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-bench-pushpin-'));
  let publishTo = '';
  const refresh = async (): Promise<void> => {
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      UPSTREAM_URL: upstream.url,
      PUBLISH_COMMAND: '',
      PUSHPIN_PUBLISH_URLS: publishTo,
    };
    const result = await runScript('scripts/refresh.ts', env);
    if (result.code !== 0) throw new Error(`npm run refresh falhou:\n${result.output}`);
  };
  let home = 2;
  const goal = (): void => {
    home += 1;
    pages[LIVE] = withScore(pages[LIVE] ?? '', FLAMENGO, home, 1);
    upstream.setPage(LIVE, pages[LIVE]);
  };
  try {
    await refresh();
    const env = {
      REFRESH_CRON: 'off',
      EVENT_STREAMS_PER_IP: '0',
      EVENT_STREAMS_MAX: String(count + 100),
      MAX_CONNECTIONS: String(count + 2_000),
      PUSHPIN_SIG_KEY: SIG_KEY,
    };
    const placar = await startPlacar({ upstreamUrl: upstream.url, dataDir, env, waitForFirstRefresh: false });
    const pushpin = await startPushpin({ sigKey: SIG_KEY, placarUrls: [placar.url] });
    publishTo = pushpin.controlUrl;
    const placarPid = placar.process.pid ?? 0;
    const placarKb = (): number => readMemoryKb(placarPid)?.rss ?? 0;
    const sides: PushpinSide[] = [];
    try {
      for (const holder of ['placar', 'pushpin'] as const) {
        const holderPids = (): number[] => (holder === 'placar' ? [placarPid] : pushpin.pids());
        await sleep(1_000);
        const before = rssByProcessKb(holderPids());
        const placarBefore = placarKb();
        const opening = performance.now();
        const { streams, refused } = await openStreams(holder === 'placar' ? placar.url : pushpin.url, count);
        const openSeconds = (performance.now() - opening) / 1000;
        try {
          await sleep(1_000);
          const after = rssByProcessKb(holderPids());
          const placarAfter = placarKb();
          goal();
          const swap = watchSwap(dataDir, readCurrentTarget(dataDir));
          const arrivals = Promise.all(
            streams.map(async (stream) => {
              // Past Pushpin's recheck of an idle stream (GRIP_RECHECK_SECONDS): a publish lost on a busy machine
              // reaches the stream then, as it would a fan's.
              return stream
                .waitFor((client) => client.ids().length > 0, ARRIVAL_WAIT_MS)
                .then(
                  () => performance.now(),
                  () => null,
                );
            }),
          );
          await refresh();
          const swappedAt = await swap.swapped;
          const times = (await arrivals).filter((time) => time !== null);
          if (times.length === 0) throw new Error(`nenhum dos ${count} fluxos recebeu o evento`);
          const missed = count - times.length;
          const perProcessKb = Object.fromEntries(
            [...after].map(([name, kb]) => [name, (kb - (before.get(name) ?? 0)) / count]),
          );
          const side: PushpinSide = {
            holder,
            streams: count,
            openSeconds,
            refused,
            rssBeforeMb: sum(before.values()) / 1024,
            rssAfterMb: sum(after.values()) / 1024,
            rssPerStreamKb: (sum(after.values()) - sum(before.values())) / count,
            perProcessKb: holder === 'pushpin' ? perProcessKb : {},
            placarPerStreamKb: (placarAfter - placarBefore) / count,
            firstMs: Math.min(...times) - swappedAt,
            lastMs: Math.max(...times) - swappedAt,
            missed,
          };
          sides.push(side);
          log(
            `  ${count} fluxos no ${holder === 'placar' ? 'Placar' : 'Pushpin'}: ${side.rssPerStreamKb.toFixed(1)} KB/fluxo ` +
              `(Placar +${side.placarPerStreamKb.toFixed(1)} KB/fluxo); evento após a troca: 1º ${side.firstMs.toFixed(0)} ms, ` +
              `último ${side.lastMs.toFixed(0)} ms; ${refused} recusados ao abrir; ${missed} sem o evento`,
          );
        } finally {
          for (const stream of streams) stream.close();
        }
        // The closed streams leave the holder before the next side is measured.
        await sleep(2_000);
      }
      return { sides };
    } finally {
      await pushpin.stop();
      await placar.stop();
    }
  } finally {
    await upstream.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
