/** Plain-text tables and pt-BR numbers for the benchmark's printed report. */
import type { Summary } from './stats.ts';

export function formatNumber(value: number, digits = 0): string {
  if (!Number.isFinite(value)) return '—';
  return value.toLocaleString('pt-BR', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** "1,9 / 2,4" — median / max. */
export function formatMedianMax(summary: Summary, digits = 0, scale = 1): string {
  return `${formatNumber(summary.median * scale, digits)} / ${formatNumber(summary.max * scale, digits)}`;
}

export function formatBytes(bytes: number): string {
  return bytes >= 10_240
    ? `${formatNumber(bytes / 1024, 0)} KB`
    : bytes >= 1024
      ? `${formatNumber(bytes / 1024, 1)} KB`
      : `${bytes} B`;
}

export function formatTarget(met: boolean): string {
  return met ? 'meta atingida' : 'META NÃO ATINGIDA';
}

/** Left-aligned first column, right-aligned others, two spaces apart. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => (row[column] ?? '').length)));
  const line = (row: readonly string[]): string =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].map((text) => `  ${text}`).join('\n');
}
