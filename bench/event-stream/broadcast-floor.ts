/**
 * Group 9's floor, measured in the same run as the server: a bare Node process writing a build
 * notice to the same number of loopback sockets (bare-broadcast-child.ts), timed by the same
 * observer from its swap to the notice at the last socket — with the bench's sockets reading, and
 * again holding their bytes unread. What no server on this machine can do faster in one process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openLeanStreamReader, type LeanStreamReader } from './lean-stream-reader.ts';
import { forkBenchChild, nextMessage, startStreamObserver, type StreamObserver } from './stream-observer.ts';

export interface BroadcastFloor {
  streams: number;
  noticeMs: number;
  noticeQuietMs: number;
}

const OPEN_AT_ONCE = 200;

export async function measureBroadcastFloor(count: number): Promise<BroadcastFloor> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-bench-floor-'));
  const link = path.join(dir, 'current');
  fs.symlinkSync('target-0', link);
  const bare = forkBenchChild('bench/event-stream/bare-broadcast-child.ts', [link], 'servidor mínimo');
  const readers: LeanStreamReader[] = [];
  let observer: StreamObserver | null = null;
  try {
    const { port } = (await nextMessage(bare.process, 'servidor mínimo')) as { port: number };
    const url = `http://127.0.0.1:${port}`;
    while (readers.length < count - 1) {
      const batch = Math.min(OPEN_AT_ONCE, count - 1 - readers.length);
      readers.push(...(await Promise.all(Array.from({ length: batch }, () => openLeanStreamReader(url, '/')))));
    }
    await Promise.all(readers.map((reader) => reader.arrival('retry', 0)));
    const watching = startStreamObserver(url, link);
    observer = watching;
    await watching.open();
    const swapOnce = async (): Promise<number> => {
      const { observed } = await watching.arm();
      const sent = nextMessage(bare.process, 'servidor mínimo');
      bare.process.send('swap');
      await sent;
      return (await observed).swapToNoticeMs;
    };
    const noticeMs = await swapOnce();
    for (const reader of readers) reader.pause();
    const noticeQuietMs = await swapOnce();
    return { streams: count, noticeMs, noticeQuietMs };
  } finally {
    await observer?.close();
    for (const reader of readers) reader.close();
    await bare.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
