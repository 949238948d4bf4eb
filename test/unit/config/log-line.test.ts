import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { escapeControlCharacters, writeLogLine } from '../../../src/lib/config/log-line.ts';

describe('control characters in log lines', () => {
  it('shows C0, ESC, DEL and C1 as visible \\xHH, and leaves other text alone', () => {
    expect(escapeControlCharacters('placar\u001b[2J limpo')).toBe('placar\\x1b[2J limpo');
    expect(escapeControlCharacters('a\nb\rc\td\u0000e\u007ff\u009bg\u0085h')).toBe(
      'a\\x0ab\\x0dc\\x09d\\x00e\\x7ff\\x9bg\\x85h',
    );
    expect(escapeControlCharacters("São Paulo × Grêmio — 2º tempo 45+3'")).toBe("São Paulo × Grêmio — 2º tempo 45+3'");
  });

  it('is idempotent: an escaped line escaped again is unchanged', () => {
    const once = escapeControlCharacters('\u001b]0;title\u0007');
    expect(escapeControlCharacters(once)).toBe(once);
  });

  it('writes exactly one line per call, whatever the text holds', () => {
    const stream = new PassThrough();
    let written = '';
    stream.on('data', (chunk: Buffer) => (written += chunk.toString('utf8')));
    writeLogLine(stream, 'aviso: "FIM\naviso: falso"\u001b[2J');
    expect(written).toBe('aviso: "FIM\\x0aaviso: falso"\\x1b[2J\n');
  });
});
