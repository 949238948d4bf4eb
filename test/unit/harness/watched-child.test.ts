/**
 * harness/watched-child.ts with real child processes (`node -e` scripts): a wait for a line, a process that exits
 * first, one that ignores SIGTERM, and runs to the end.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { runChild, startChild, type WatchedChild } from '../../../harness/watched-child.ts';

const started: WatchedChild[] = [];
afterAll(async () => {
  await Promise.all(started.map((child) => child.stop({ signal: 'SIGKILL' })));
});

function node(script: string): WatchedChild {
  const child = startChild(process.execPath, ['-e', script], { name: 'o script', stdio: ['pipe', 'pipe', 'pipe'] });
  started.push(child);
  return child;
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('startChild and waitForOutput', () => {
  it('resolves with the match once the line is printed, on either stream', async () => {
    const child = node(`console.error('aquecendo'); setTimeout(() => console.log('pronto na porta 4321'), 200);
      setInterval(() => {}, 1000);`);
    const match = await child.waitForOutput(/pronto na porta (\d+)/, 20_000);
    expect(match[1]).toBe('4321');
    await child.waitForOutput(/aquecendo/, 20_000);
    expect(child.stderr()).toBe('aquecendo\n');
    expect(child.stdout()).toBe('pronto na porta 4321\n');
    expect(child.output()).toContain('aquecendo\n');
    expect(child.hasExited()).toBe(false);
  });

  it('rejects as soon as the process exits without the line, quoting its exit and output', async () => {
    const child = node(`console.log('falhou ao abrir a porta'); process.exit(3);`);
    const failure = child.waitForOutput(/pronto/, 60_000);
    await expect(failure).rejects.toThrow(/o script saiu com código 3 antes de \/pronto\/:\nfalhou ao abrir a porta/);
    expect(child.hasExited()).toBe(true);
  });

  it('rejects after its deadline with the output so far', async () => {
    const child = node(`console.log('ainda não'); setInterval(() => {}, 1000);`);
    await child.waitForOutput(/ainda não/, 20_000);
    await expect(child.waitForOutput(/pronto/, 300)).rejects.toThrow(/o script: sem \/pronto\/ em 300 ms:\nainda não/);
  });

  it('waits after a mark for a line printed after it, not for the same line printed before', async () => {
    const child = node(`console.log('rodada 1');
      process.stdin.on('data', () => console.log('rodada 2')); setInterval(() => {}, 1000);`);
    await child.waitForOutput(/rodada 1/, 20_000);
    const mark = child.outputMark();
    let seen = '';
    const after = child.waitForOutputAfter(mark, /rodada (\d)/, 20_000).then(([, round]) => (seen = round ?? ''));
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toBe('');
    child.process.stdin?.write('\n');
    await after;
    expect(seen).toBe('2');
  });

  it('keeps a character whose bytes arrive in two chunks whole', async () => {
    // "ç" is 0xc3 0xa7 in UTF-8: the second byte comes 100 ms after the first.
    const child = node(`process.stdout.write(Buffer.from([0xc3]));
      setTimeout(() => process.stdout.write(Buffer.from([0xa7, 0x0a])), 100); setInterval(() => {}, 1000);`);
    await child.waitForOutput(/\n/, 20_000);
    expect(child.stdout()).toBe('ç\n');
  });

  it('searches the whole output with a global pattern, however often asked', async () => {
    const child = node(`console.log('linha 1'); setInterval(() => {}, 1000);`);
    const pattern = /linha (\d)/g;
    expect((await child.waitForOutput(pattern, 20_000))[1]).toBe('1');
    expect((await child.waitForOutput(pattern, 20_000))[1]).toBe('1');
  });
});

describe('stop', () => {
  it('ends a process with SIGTERM and resolves once it has exited', async () => {
    const child = node(`console.log('pronto'); setInterval(() => {}, 1000);`);
    await child.waitForOutput(/pronto/, 20_000);
    const exit = await child.stop();
    expect(exit).toEqual({ code: null, signal: 'SIGTERM' });
    expect(child.hasExited()).toBe(true);
  });

  it('kills one that ignores SIGTERM after the grace, and every call resolves the same', async () => {
    const child = node(`process.on('SIGTERM', () => {}); console.log('pronto'); setInterval(() => {}, 1000);`);
    await child.waitForOutput(/pronto/, 20_000);
    const pid = child.process.pid ?? 0;
    const [first, second] = await Promise.all([child.stop({ graceMs: 300 }), child.stop({ graceMs: 300 })]);
    expect(first).toEqual({ code: null, signal: 'SIGKILL' });
    expect(second).toEqual(first);
    expect(isAlive(pid)).toBe(false);
    expect(await child.stop()).toEqual(first);
  });

  it('resolves at once for a process that has already exited', async () => {
    const child = node(`process.exit(0);`);
    await child.exited;
    expect(await child.stop()).toEqual({ code: 0, signal: null });
  });
});

describe('runChild', () => {
  it('resolves with the exit code and everything printed, each stream apart', async () => {
    const run = await runChild(process.execPath, [
      '-e',
      `process.stdout.write('x'.repeat(200000)); console.error('aviso'); process.exitCode = 2;`,
    ]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('x'.repeat(200_000));
    expect(run.stderr).toBe('aviso\n');
  });

  it('stops a run that outlives its deadline', async () => {
    const run = await runChild(process.execPath, ['-e', 'setInterval(() => {}, 1000);'], { timeoutMs: 300 });
    expect(run.signal).toBe('SIGTERM');
  });

  it('rejects when the command cannot start', async () => {
    await expect(runChild('/nonexistent/placar-command', [])).rejects.toThrow(/ENOENT/);
  });
});
