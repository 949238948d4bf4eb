/**
 * untilAborted: the render's deadline race. What it settles with, and — the soak's memory creep — that a
 * settled render's value is not kept alive by the build's still-pending deadline.
 */
import { getEventListeners } from 'node:events';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { untilAborted } from '../../../src/refresh/render/until-aborted.ts';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const failure = (): Error => new Error('build interrompido');

describe('untilAborted', () => {
  it('settles with the work, and with the failure once the signal aborts first', async () => {
    await expect(untilAborted(Promise.resolve(7), new AbortController().signal, failure)).resolves.toBe(7);
    await expect(
      untilAborted(Promise.reject(new Error('falhou')), new AbortController().signal, failure),
    ).rejects.toThrow('falhou');
    const controller = new AbortController();
    const never = new Promise<number>(() => undefined);
    const raced = untilAborted(never, controller.signal, failure);
    controller.abort();
    await expect(raced).rejects.toThrow('build interrompido');
    await expect(untilAborted(Promise.resolve(1), controller.signal, failure)).rejects.toThrow('build interrompido');
  });

  it('leaves no listener on the signal and keeps no settled value alive while the signal stays pending', async () => {
    const deadline = new AbortController();
    // Each body is made and awaited in its own call, so nothing but the race could still hold it.
    const renderOnce = async (route: number): Promise<WeakRef<Buffer>> => {
      const body = Buffer.alloc(64 * 1024, route);
      await untilAborted(Promise.resolve({ body }), deadline.signal, failure);
      return new WeakRef(body);
    };
    const bodies: Array<WeakRef<Buffer>> = [];
    for (let route = 0; route < 50; route += 1) bodies.push(await renderOnce(route));
    expect(getEventListeners(deadline.signal, 'abort')).toHaveLength(0);
    for (let round = 0; round < 2; round += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      collectGarbage();
    }
    expect(bodies.filter((body) => body.deref() !== undefined)).toEqual([]);
  });
});
