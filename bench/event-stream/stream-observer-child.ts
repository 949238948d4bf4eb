/**
 * Group 9's observer, in a process of its own: it holds the stream the server writes to last (it
 * opens — or reopens — its stream after the bench's thousands), watches the `current` link itself
 * and times, on its own clock, the swap → the build notice on that stream. The bench's process,
 * busy with its thousands of sockets, would time its own event loop as much as the server; a
 * fan's browser is not in the server's machine either.
 * Messages (IPC): 'open' → 'opened'; 'arm' → watches the next swap, then { swapToEventMs, swapToNoticeMs }.
 * argv: base URL, the link whose re-pointing is the swap (DATA_DIR/current).
 */
import fs from 'node:fs';
import { openLeanStreamReader, type LeanStreamReader } from './lean-stream-reader.ts';

export interface ObservedSwap {
  /** null: no event came with the notice. */
  swapToEventMs: number | null;
  swapToNoticeMs: number;
}

const [baseUrl = '', link = ''] = process.argv.slice(2);
const SWAP_CHECK_MS = 1;

function readTarget(): string | null {
  try {
    return fs.readlinkSync(link);
  } catch {
    return null;
  }
}

/** Resolves with the time the link changes away from `before`. */
function nextSwap(before: string | null): Promise<number> {
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      if (readTarget() === before) return;
      clearInterval(timer);
      resolve(performance.now());
    }, SWAP_CHECK_MS);
  });
}

async function observe(reader: LeanStreamReader): Promise<ObservedSwap> {
  const { event, notice } = reader.counts;
  const swapped = nextSwap(readTarget());
  const eventAt = reader.arrival('event', event);
  const noticeAt = reader.arrival('notice', notice);
  const swapAt = await swapped;
  const swapToNoticeMs = (await noticeAt) - swapAt;
  // A build's events come before its notice, in the same write; the floor's bare server sends none.
  const swapToEventMs = reader.counts.event > event ? (await eventAt) - swapAt : null;
  return { swapToEventMs, swapToNoticeMs };
}

let reader: LeanStreamReader | null = null;
process.on('message', (message: unknown) => {
  void (async () => {
    if (message === 'open') {
      reader?.close();
      reader = await openLeanStreamReader(baseUrl, '/api/eventos/stream');
      await reader.arrival('retry', 0);
      process.send?.('opened');
    } else if (message === 'arm' && reader !== null) {
      const watching = observe(reader);
      process.send?.('armed');
      process.send?.(await watching);
    } else if (message === 'exit') {
      reader?.close();
      process.disconnect();
    }
  })();
});
