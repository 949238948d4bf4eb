/**
 * A generated corpus of more than 1,000 hostile requests (test/support/http/bad-input-corpus.ts),
 * sent three times as raw bytes over TCP to a running server: never a 5xx, never a crash,
 * every error a 4xx — a problem+json with a pt-BR title and detail for /api/* (and for
 * requests node's parser rejects), a pt-BR page elsewhere — and the server's memory back to
 * its baseline: the V8 heap after a full GC (asked through the inspector) and the RSS.
 * A process: its heap and RSS are read through the inspector; the corpus is raw bytes over TCP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { ProblemSchema } from '../../../src/lib/model/model.ts';
import { buildBadInputCorpus, buildRequestBytes, type CorpusRequest } from '../../support/http/bad-input-corpus.ts';
import {
  connectHeapProbe,
  INSPECT_OPTION,
  readRssMegabytes,
  type HeapProbe,
} from '../../support/processes/heap-probe.ts';
import { sendRawRequest, type SocketResponse } from '../../support/http/raw-socket.ts';
import { servePlacarForFile } from '../../support/processes/served-placar.ts';

/** Heap in use after a full GC may differ this much from the baseline (caches, JIT data). */
const HEAP_TOLERANCE_MB = 5;
/** RSS keeps some of what the allocator took (freed pages are returned lazily). */
const RSS_TOLERANCE_MB = 40;
// 308: a known route asked with a trailing slash is sent to its canonical path.
// 416: a Range that cannot be read, refused as nginx refuses it (issue 35).
const ALLOWED = new Set([200, 204, 304, 308, 400, 404, 405, 408, 416, 431]);
const PT_BR = /[ãáâàçéêíóôõú]|\b(não|use|informe|tente|verifique|esta|este)\b/i;
let port: number;
let heap: HeapProbe;

const served = servePlacarForFile({
  pages: () => readFixturePages(),
  env: { REFRESH_CRON: '0 0 * * *', SEARCH_RATE_LIMIT: '0', NODE_OPTIONS: INSPECT_OPTION },
});

beforeAll(async () => {
  port = Number(new URL(served.placar.url).port);
  heap = await connectHeapProbe(served.placar.output());
});

afterAll(() => heap?.close());

/** Whether the server counts the target as an API path (same rule as its router). */
function isApiTarget(target: string): boolean {
  let path = target;
  try {
    path = new URL(target, 'http://placar.invalid').pathname;
  } catch {
    // The router then looks at the raw target too.
  }
  return path === '/api' || path.startsWith('/api/');
}

/** What is wrong with the answer to `request`, or null. */
function judge(request: CorpusRequest, response: SocketResponse): string | null {
  if (!ALLOWED.has(response.status)) return `status ${response.status}`;
  if (response.status === 308) {
    const location = response.headers.location ?? '';
    // Same origin, one canonical path: never another host, never a redirect loop.
    return /^\/[^/]/.test(location) && !location.replace(/\?.*$/, '').endsWith('/')
      ? null
      : `308 to ${JSON.stringify(location)}`;
  }
  if (response.status < 400) return null;
  const type = response.headers['content-type'] ?? '';
  const isProblem = type === 'application/problem+json; charset=utf-8';
  if (isApiTarget(request.target) && !isProblem) return `API error as ${type}`;
  if (request.method === 'HEAD') return null;
  if (isProblem) {
    const problem = ProblemSchema.safeParse(JSON.parse(response.body.toString('utf8')));
    if (!problem.success) return 'invalid problem body';
    if (problem.data.status !== response.status) return 'problem status differs';
    if (!PT_BR.test(problem.data.title) && !PT_BR.test(problem.data.detail)) return `not pt-BR: ${problem.data.detail}`;
    return null;
  }
  if (!type.startsWith('text/html') || !response.body.toString('utf8').includes('lang="pt-BR"'))
    return `page error as ${type}`;
  return null;
}

async function sendCorpus(
  corpus: CorpusRequest[],
  concurrency: number,
): Promise<{ statuses: Map<number, number>; failures: string[] }> {
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < corpus.length; index = next++) {
      const request = corpus[index] as CorpusRequest;
      try {
        const response = await sendRawRequest(port, buildRequestBytes(request, `127.0.0.1:${port}`), request.method);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const problem = judge(request, response);
        if (problem) failures.push(`${request.label} (${request.method}): ${problem}`);
      } catch (error) {
        failures.push(`${request.label} (${request.method}): no answer (${(error as Error).message})`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { statuses, failures };
}

describe('a generated corpus of bad input', () => {
  it('gets only 2xx/3xx/4xx answers, problem+json in pt-BR for the API, and no crash or memory growth', async () => {
    const corpus = buildBadInputCorpus();
    expect(corpus.length).toBeGreaterThanOrEqual(1_000);
    const pid = served.placar.process.pid ?? 0;
    // Warm up (search handler loaded, caches filled) on ordinary requests, then take the baseline.
    const ordinary: CorpusRequest[] = Array.from({ length: 300 }, (_, i) => ({
      label: 'ordinary',
      method: 'GET',
      target: ['/', '/hoje', '/api/live', '/api/busca?q=flamengo', '/api/busca?q=serie%20a'][i % 5] ?? '/',
      headers: [['Accept-Encoding', i % 2 ? 'br' : 'identity']],
    }));
    expect((await sendCorpus(ordinary, 8)).failures).toEqual([]);
    const baseline = { heapMb: await heap.heapAfterGcMegabytes(), rssMb: readRssMegabytes(pid) };

    const rounds = [];
    for (let round = 0; round < 3; round++) {
      const result = await sendCorpus(corpus, 16);
      expect(result.failures).toEqual([]);
      rounds.push({ statuses: Object.fromEntries(result.statuses), peakRssMb: readRssMegabytes(pid) });
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = { heapMb: await heap.heapAfterGcMegabytes(), rssMb: readRssMegabytes(pid) };
    console.info(
      `bad input: ${corpus.length} requests × 3 rounds, statuses per round ${JSON.stringify(rounds[0]?.statuses)}; ` +
        `heap after GC ${baseline.heapMb} → ${after.heapMb} MB; RSS ${baseline.rssMb} → ${rounds.map((r) => r.peakRssMb).join('/')} → ${after.rssMb} MB`,
    );

    expect(served.placar.process.exitCode).toBeNull();
    expect(served.placar.output()).not.toMatch(/erro ao responder|Erro inesperado/);
    expect(after.heapMb - baseline.heapMb).toBeLessThanOrEqual(HEAP_TOLERANCE_MB);
    expect(after.rssMb - baseline.rssMb).toBeLessThanOrEqual(RSS_TOLERANCE_MB);
    expect(
      (await sendRawRequest(port, Buffer.from('GET /api/live HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'), 'GET'))
        .status,
    ).toBe(200);
  }, 180_000);
});
