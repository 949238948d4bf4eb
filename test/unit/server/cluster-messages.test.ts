/**
 * The cluster's IPC messages are outside data (src/server/cluster/cluster-messages.ts): each is validated
 * where it is received; anything else is ignored — null, and one log line when a log is given.
 */
import { describe, expect, it } from 'vitest';
import { readPrimaryMessage, readWorkerMessage } from '../../../src/server/cluster/cluster-messages.ts';

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
});
