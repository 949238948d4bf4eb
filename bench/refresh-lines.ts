/**
 * Reads the one structured line each refresh logs (src/refresh/refresh-log.ts):
 * `atualização #3 concluída build=… live=60 hoje=300(304) amanha=300(304) coleta_ms=412 … total_ms=2210`.
 */
import type { PlacarProcess } from '../harness/placar-process.ts';

export interface RefreshLine {
  number: number;
  outcome: string;
  /** When the build started (the build id is its UTC timestamp); null when none was built. */
  buildStartedAt: number | null;
  /** Per listing: its count and whether the upstream answered 304 or failed. */
  listings: Record<string, { count: number; note: '' | '304' | 'falha' }>;
  scrapeMs: number;
  buildMs: number;
  compressMs: number;
  swapMs: number;
  cleanupMs: number;
  totalMs: number;
}

const LINE = /^atualização #(\d+) (\S+) (.*)$/;

export function parseRefreshLine(text: string): RefreshLine | null {
  const parts = LINE.exec(text.trim());
  if (!parts) return null;
  const fields = parts[3] ?? '';
  const number = (key: string): number => Number(new RegExp(`(?:^| )${key}=(\\d+)`).exec(fields)?.[1] ?? Number.NaN);
  const listings: RefreshLine['listings'] = {};
  for (const match of fields.matchAll(/(?:^| )(live|hoje|amanha)=(\d+)(\((304|falha)\))?/g)) {
    listings[match[1] ?? ''] = { count: Number(match[2]), note: (match[4] ?? '') as '' | '304' | 'falha' };
  }
  const id = /(?:^| )build=(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z-/.exec(fields);
  return {
    number: Number(parts[1]),
    outcome: parts[2] ?? '',
    buildStartedAt: id
      ? Date.UTC(
          +(id[1] ?? 0),
          +(id[2] ?? 1) - 1,
          +(id[3] ?? 0),
          +(id[4] ?? 0),
          +(id[5] ?? 0),
          +(id[6] ?? 0),
          +(id[7] ?? 0),
        )
      : null,
    listings,
    scrapeMs: number('coleta_ms'),
    buildMs: number('build_ms'),
    compressMs: number('compressao_ms'),
    swapMs: number('troca_ms'),
    cleanupMs: number('limpeza_ms'),
    totalMs: number('total_ms'),
  };
}

/** Every refresh line the process printed so far, in order. */
export function readRefreshLines(placar: PlacarProcess): RefreshLine[] {
  return placar
    .output()
    .split('\n')
    .map(parseRefreshLine)
    .filter((line): line is RefreshLine => line !== null);
}

/** Waits until refresh #n has ended (published, failed or skipped) and returns its line. */
export async function waitForRefresh(placar: PlacarProcess, n: number, timeoutMs = 120_000): Promise<RefreshLine> {
  // Up to the newline: the line may arrive in two chunks.
  await placar.waitForOutput(
    new RegExp(`atualização #${n} (concluída|falhou|ignorada|interrompida)[^\n]*\n`),
    timeoutMs,
  );
  const line = readRefreshLines(placar).find((candidate) => candidate.number === n);
  if (!line) throw new Error(`linha da atualização #${n} ilegível`);
  return line;
}
