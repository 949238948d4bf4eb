/**
 * The refresh worker's process handling (src/pipeline/worker-process.ts), with a real child:
 * it stays up between jobs, a job past its deadline or aborted kills it (and the promise settles
 * only once it is gone), a failing job says why, a dying child is replaced on the next job.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isProcessAlive } from '../../src/pipeline/build-in-use.ts';
import { createWorkerProcess, type WorkerProcess } from '../../src/pipeline/worker-process.ts';

const script = path.resolve(import.meta.dirname, '../support/echo-worker.ts');
const job = { timeoutMs: 20_000, stepName: 'build', timeoutName: 'BUILD_TIMEOUT_MS' };
let worker: WorkerProcess;

afterEach(async () => {
  await worker?.close();
});

type Echo = { pid: number; value: string };

describe('worker process', () => {
  it('answers job after job from the same child', async () => {
    worker = createWorkerProcess({ script, heapMb: 64, env: process.env });
    const first = (await worker.run({ action: 'echo', value: 'a' }, job)) as Echo;
    const second = (await worker.run({ action: 'echo', value: 'b' }, job)) as Echo;
    expect(first.value).toBe('a');
    expect(second).toEqual({ pid: first.pid, value: 'b' });
    expect(worker.pid()).toBe(first.pid);
  });

  it('kills a job past its deadline, settles only once the child is gone, then starts a new one', async () => {
    worker = createWorkerProcess({ script, heapMb: 64, env: process.env });
    const { pid } = (await worker.run({ action: 'echo' }, job)) as Echo;
    await expect(worker.run({ action: 'hang' }, { ...job, timeoutMs: 300 })).rejects.toThrow('build excedeu BUILD_TIMEOUT_MS (300 ms)');
    expect(isProcessAlive(pid)).toBe(false);
    const next = (await worker.run({ action: 'echo', value: 'c' }, job)) as Echo;
    expect(next.value).toBe('c');
    expect(next.pid).not.toBe(pid);
  });

  it('stops a job when its signal aborts', async () => {
    worker = createWorkerProcess({ script, heapMb: 64, env: process.env });
    const aborter = new AbortController();
    const running = worker.run({ action: 'hang' }, { ...job, signal: aborter.signal });
    setTimeout(() => aborter.abort(), 200);
    await expect(running).rejects.toThrow('build interrompido');
  });

  it('reports a failing job with its message and keeps the child', async () => {
    worker = createWorkerProcess({ script, heapMb: 64, env: process.env });
    const { pid } = (await worker.run({ action: 'echo' }, job)) as Echo;
    await expect(worker.run({ action: 'fail', value: 'x' }, job)).rejects.toThrow('build falhou: falhou de propósito: x');
    expect(((await worker.run({ action: 'echo' }, job)) as Echo).pid).toBe(pid);
  });

  it('reports a child that dies with its exit code and last line, and replaces it', async () => {
    worker = createWorkerProcess({ script, heapMb: 64, env: process.env });
    await expect(worker.run({ action: 'die' }, job)).rejects.toThrow('build falhou (código 3): morrendo de propósito');
    expect(((await worker.run({ action: 'echo', value: 'd' }, job)) as Echo).value).toBe('d');
  });
});
