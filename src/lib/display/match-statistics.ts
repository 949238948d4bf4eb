/**
 * The match page's statistics as bars: each value shown as the upstream wrote it, and when both
 * sides' values read as numbers ("58%", "12", "1.234", "0,8"), each side's share of their sum,
 * drawn as a bar from the middle outwards. A value that does not read as a number gets no bar:
 * a bar is never guessed. Pure and browser-safe.
 */
import type { Statistic } from '../model/model.ts';

export interface StatBar {
  label: string;
  /** As written by the upstream. */
  home: string;
  away: string;
  /** Each side's share of home + away (0 to 1; both 0 when both are 0), or null: no bar. */
  shares: { home: number; away: number } | null;
}

/** pt-BR digits: "1.234" is a thousand and more, "0,8" a fraction; a trailing "%" is allowed. */
const THOUSANDS = /^\d{1,3}(?:\.\d{3})+(?:,\d+)?$/;
const PLAIN = /^\d+(?:[.,]\d+)?$/;

/** The number a statistic's value writes, or null ("6 (2)", "—", ""). */
export function parseStatValue(value: string): number | null {
  const text = value.trim().replace(/\s*%$/, '');
  if (THOUSANDS.test(text)) return Number(text.replaceAll('.', '').replace(',', '.'));
  if (PLAIN.test(text)) return Number(text.replace(',', '.'));
  return null;
}

/** Rounded so the same data always draws the same bar (byte-identical pages). */
function roundShare(share: number): number {
  return Math.round(share * 1000) / 1000;
}

export function buildStatBars(statistics: readonly Statistic[]): StatBar[] {
  return statistics.map(({ label, home, away }) => {
    const homeValue = parseStatValue(home);
    const awayValue = parseStatValue(away);
    if (homeValue === null || awayValue === null) return { label, home, away, shares: null };
    const total = homeValue + awayValue;
    const shares =
      total === 0 ? { home: 0, away: 0 } : { home: roundShare(homeValue / total), away: roundShare(awayValue / total) };
    return { label, home, away, shares };
  });
}

/** Each side's bar is drawn in its own half of a 100-wide box (a gap of 2 in the middle). */
const HALF = 49;

export interface BarRects {
  /** Where the home bar starts: it ends at the middle. */
  homeX: number;
  home: number;
  away: number;
}

/** Each side's bar in that box (lengths rounded to a tenth), or null: no bar. */
export function buildBarRects(shares: StatBar['shares']): BarRects | null {
  if (shares === null) return null;
  const home = Math.round(shares.home * HALF * 10) / 10;
  const away = Math.round(shares.away * HALF * 10) / 10;
  return { homeX: Math.round((HALF - home) * 10) / 10, home, away };
}
