/**
 * A cheap reader of /api/eventos/stream for holding thousands of streams in the benchmark's own process:
 * one raw socket that counts the markers it needs (`retry:`, event ids, build notices) in the bytes as
 * they come, with no HTTP or SSE parsing and no timer per stream. Group 9 times the server, and the
 * harness's full client (a parser and a predicate check per chunk) made the readers, sharing the two
 * cores, a good part of what it timed.
 */
import net from 'node:net';

const MARKERS = { retry: '\nretry: ', event: '\nid: ', notice: '\nevent: build\n' } as const;
type Marker = keyof typeof MARKERS;
/** Long enough to hold any marker cut between two reads. */
const TAIL = 16;

export interface LeanStreamReader {
  counts: Record<Marker, number>;
  /** Resolves with performance.now() when `marker` has been seen more than `after` times. */
  arrival(marker: Marker, after: number): Promise<number>;
  /** Stops reading (the server's bytes wait in the kernel's buffers), and reads again. */
  pause(): void;
  resume(): void;
  close(): void;
}

/** Occurrences of `marker` in `text` that do not lie wholly within its first `seen` characters. */
function countNew(text: string, marker: string, seen: number): number {
  let count = 0;
  for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + 1))
    if (at + marker.length > seen) count += 1;
  return count;
}

export function openLeanStreamReader(baseUrl: string, path: string): Promise<LeanStreamReader> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    const counts: Record<Marker, number> = { retry: 0, event: 0, notice: 0 };
    const waiting: Array<{ marker: Marker; after: number; done: (at: number) => void }> = [];
    let tail = '';
    socket.setEncoding('latin1');
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\n\r\n`);
      resolve(reader);
    });
    socket.on('data', (chunk: string) => {
      const text = tail + chunk;
      for (const marker of Object.keys(MARKERS) as Marker[])
        counts[marker] += countNew(text, MARKERS[marker], tail.length);
      tail = text.slice(-TAIL);
      for (let index = waiting.length - 1; index >= 0; index -= 1) {
        const wait = waiting[index];
        if (wait && counts[wait.marker] > wait.after) {
          waiting.splice(index, 1);
          wait.done(performance.now());
        }
      }
    });
    const reader: LeanStreamReader = {
      counts,
      arrival: (marker, after) =>
        counts[marker] > after
          ? Promise.resolve(performance.now())
          : new Promise((done) => waiting.push({ marker, after, done })),
      pause: () => socket.pause(),
      resume: () => socket.resume(),
      close: () => socket.destroy(),
    };
  });
}
