/**
 * The cluster's IPC messages are outside data (src/server/cluster/cluster-messages.ts): each is validated
 * where it is received; anything else is ignored — null, and one log line when a log is given.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  SEARCH_ANSWER_MAX_CHARS,
  readPrimaryMessage,
  readWorkerMessage,
  type PrimaryMessage,
} from '../../../src/server/cluster/cluster-messages.ts';
import { createPrimaryChannel } from '../../../src/server/cluster/primary-channel.ts';

function collectLog(): { lines: string[]; log: (line: string) => void } {
  const lines: string[] = [];
  return { lines, log: (line) => lines.push(line) };
}

describe('cluster messages', () => {
  it('reads every message each side sends, unchanged', () => {
    const fromWorkers = [
      { placar: 'listening', url: 'http://127.0.0.1:8080' },
      { placar: 'startup-error', message: 'porta em uso' },
      { placar: 'rate-limit-lease', id: 7, client: '203.0.113.9', wanted: 3 },
      { placar: 'rate-limit-return', client: '2001:db8::/64', tokens: 2 },
      { placar: 'loaded' },
      { placar: 'search', id: 3, q: 'São Paulo ⚽' },
    ];
    for (const message of fromWorkers) expect(readWorkerMessage(message)).toEqual(message);
    const fromPrimary = [
      { placar: 'reload' },
      { placar: 'refresh-finished', report: { outcome: 'build-failed', error: 'coleta falhou' } },
      { placar: 'rate-limit-leased', id: 7, granted: 0, remaining: 0, resetSeconds: 4 },
      { placar: 'search-found', id: 3, found: { text: '{"q":"x"}', lastModified: 'Sat, 28 Nov 2026 11:00:00 GMT' } },
      { placar: 'search-found', id: 4, found: null },
      { placar: 'shutdown' },
    ];
    for (const message of fromPrimary) expect(readPrimaryMessage(message)).toEqual(message);
  });

  it('keeps only what a worker needs of a refresh report', () => {
    const report = { outcome: 'published', error: null, buildId: 'x', scrape: null, removedBuilds: [] };
    expect(readPrimaryMessage({ placar: 'refresh-finished', report })).toEqual({
      placar: 'refresh-finished',
      report: { outcome: 'published', error: null },
    });
  });

  it.each([
    ['not an object', 'reload'],
    ['null', null],
    ['no placar field', { url: 'http://x' }],
    ['an unknown kind', { placar: 'explode' }],
    ['a field of the wrong type', { placar: 'rate-limit-lease', id: '7', client: 'a', wanted: 1 }],
    ['a negative count', { placar: 'rate-limit-return', client: 'a', tokens: -5 }],
    ['a missing field', { placar: 'listening' }],
  ])('ignores a worker message that is %s, with one log line', (_label, message) => {
    const { lines, log } = collectLog();
    expect(readWorkerMessage(message, log)).toBeNull();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^aviso: mensagem inválida de um processo do servidor ignorada \(.+\)$/);
  });

  it('ignores a bad primary message, logging it only where a log is given', () => {
    const { lines, log } = collectLog();
    const bad = { placar: 'refresh-finished', report: { outcome: 'talvez', error: null } };
    expect(readPrimaryMessage(bad)).toBeNull();
    expect(lines).toEqual([]);
    expect(readPrimaryMessage(bad, log)).toBeNull();
    expect(lines).toEqual([expect.stringContaining('do processo principal ignorada (report.outcome: ')]);
  });

  it('refuses a search answer over its bound, and takes one at it', () => {
    const answer = (text: string): unknown => ({
      placar: 'search-found',
      id: 1,
      found: { text, lastModified: 'Sat, 28 Nov 2026 11:00:00 GMT' },
    });
    expect(readPrimaryMessage(answer('x'.repeat(SEARCH_ANSWER_MAX_CHARS)))).not.toBeNull();
    expect(readPrimaryMessage(answer('x'.repeat(SEARCH_ANSWER_MAX_CHARS + 1)))).toBeNull();
  });
});

describe("a worker's channel to its primary", () => {
  it('reads each message once for all its listeners, and logs a bad one once', () => {
    const endpoint = new EventEmitter();
    const { lines, log } = collectLog();
    const channel = createPrimaryChannel({ log, endpoint, send: () => undefined });
    const first: PrimaryMessage[] = [];
    const second: PrimaryMessage[] = [];
    channel.onMessage((message) => first.push(message));
    channel.onMessage((message) => second.push(message));
    endpoint.emit('message', { placar: 'reload' });
    endpoint.emit('message', { placar: 'search-found', id: 'x' });
    endpoint.emit('message', { placar: 'shutdown' });
    expect(first).toEqual([{ placar: 'reload' }, { placar: 'shutdown' }]);
    expect(second).toEqual(first);
    expect(lines).toEqual([expect.stringContaining('do processo principal ignorada (id: ')]);
  });

  it('tells its listeners when the primary is gone', () => {
    const endpoint = new EventEmitter();
    const channel = createPrimaryChannel({ endpoint, send: () => undefined });
    let gone = 0;
    channel.onDisconnect(() => gone++);
    endpoint.emit('disconnect');
    expect(gone).toBe(1);
  });
});
