/**
 * The archive's window of past days (pure, zod-free: the browser may import it): which São Paulo
 * days Placar keeps — yesterday, and the ARCHIVE_DAYS days before it — where a day lives on Placar
 * (/dia/{AAAA-MM-DD}, /api/dia/{AAAA-MM-DD}), and what a day in a URL must look like.
 */

/** The default of ARCHIVE_DAYS (src/lib/config/config.ts). */
export const DEFAULT_ARCHIVE_DAYS = 30;

const DAY_FORMAT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2026-11-21" when it names a real calendar day ("2026-02-30" does not). */
export function isCalendarDay(text: string): boolean {
  const parts = DAY_FORMAT.exec(text);
  if (!parts) return false;
  const date = new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** The day `days` after `day` (negative: before), both "AAAA-MM-DD". */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The oldest day kept on `today`: a day leaves the listings when it stops being yesterday, then
 * stays `archiveDays` more days (so its last one is the day before yesterday plus `archiveDays`).
 */
export function oldestKeptDay(today: string, archiveDays: number): string {
  return shiftDay(today, -1 - archiveDays);
}

/** Whether `day` is a past day inside the window on `today` (yesterday included, today not). */
export function isKeptDay(day: string, today: string, archiveDays: number): boolean {
  return day < today && day >= oldestKeptDay(today, archiveDays);
}

/**
 * Whether a finished match a listing last showed on `lastListed` is still kept on `today`:
 * ARCHIVE_DAYS days after that day, as a day is kept ARCHIVE_DAYS days after the last one its
 * yesterday listing showed it (a day's matches last listed the day after it keep exactly as long).
 */
export function isKeptAfterListing(lastListed: string, today: string, archiveDays: number): boolean {
  return lastListed <= today && lastListed >= shiftDay(today, -archiveDays);
}

/**
 * The last day a listing showed a match of `matchDay` that a build on `today` no longer lists: its
 * own day when that is today (today's list dropped it), else yesterday (the yesterday listing held it
 * until midnight) — never before its own day.
 */
export function lastListedDay(matchDay: string, today: string): string {
  const yesterday = shiftDay(today, -1);
  return matchDay > yesterday ? matchDay : yesterday;
}

export function dayPagePath(day: string): string {
  return `/dia/${day}`;
}

export function dayJsonPath(day: string): string {
  return `/api/dia/${day}`;
}

/** The day of the yesterday listing fetched on `fetchedOn` (its generatedAt's São Paulo day). */
export function yesterdayOf(fetchedOn: string): string {
  return shiftDay(fetchedOn, -1);
}
