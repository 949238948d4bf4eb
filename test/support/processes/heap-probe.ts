/**
 * Memory of a child Node process started with `--inspect=127.0.0.1:0`: RSS from /proc, and the
 * V8 heap in use after a full garbage collection, asked through the inspector protocol (the
 * only honest "back to baseline" measure: RSS keeps the allocator's high-water mark).
 */
import fs from 'node:fs';

export const INSPECT_OPTION = '--inspect=127.0.0.1:0';
const DEBUGGER_URL = /Debugger listening on (ws:\/\/\S+)/;

export function readRssMegabytes(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return Math.round(kb / 1024);
}

export interface HeapProbe {
  /** Heap in use after a full GC, in MB (one decimal). */
  heapAfterGcMegabytes(): Promise<number>;
  close(): void;
}

/** Connects to the inspector whose URL the child printed in `output`. */
export async function connectHeapProbe(output: string): Promise<HeapProbe> {
  const url = DEBUGGER_URL.exec(output)?.[1];
  if (!url) throw new Error(`no inspector URL in the output:\n${output.slice(0, 2000)}`);
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', () => reject(new Error(`cannot connect to ${url}`)), { once: true });
  });
  let nextId = 1;
  const call = (method: string): Promise<Record<string, unknown>> =>
    new Promise((resolve) => {
      const id = nextId++;
      const onMessage = (event: MessageEvent): void => {
        const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown> };
        if (message.id !== id) return;
        socket.removeEventListener('message', onMessage);
        resolve(message.result ?? {});
      };
      socket.addEventListener('message', onMessage);
      socket.send(JSON.stringify({ id, method }));
    });
  return {
    async heapAfterGcMegabytes() {
      await call('HeapProfiler.collectGarbage');
      const usage = await call('Runtime.getHeapUsage');
      return Math.round((Number(usage.usedSize) / 1024 / 1024) * 10) / 10;
    },
    close: () => socket.close(),
  };
}
