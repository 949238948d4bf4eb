/**
 * Time in America/Sao_Paulo. Pure: callers pass the instant; only entry points read the clock.
 * Imports nothing, so browser scripts can use it without pulling in the model's validators.
 */
/** Placar's one timezone: Brasília time, as the upstream writes kickoff times. */
export const TIMEZONE = 'America/Sao_Paulo';

const partsFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

interface LocalParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

function localParts(instant: Date): LocalParts {
  const parts: Record<string, string> = {};
  for (const part of partsFormatter.formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: parts.year ?? '0000',
    month: parts.month ?? '01',
    day: parts.day ?? '01',
    hour: parts.hour ?? '00',
    minute: parts.minute ?? '00',
    second: parts.second ?? '00',
  };
}

/** Offset of São Paulo from UTC at `instant`, as "-03:00". */
function offsetAt(instant: Date): string {
  const p = localParts(instant);
  const localAsUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  const wholeSeconds = Math.floor(instant.getTime() / 1000) * 1000;
  const minutes = Math.round((localAsUtc - wholeSeconds) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** "2026-11-21T19:41:05-03:00": the instant in São Paulo local time, whole seconds. */
export function formatSaoPauloIso(instant: Date): string {
  const p = localParts(instant);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${offsetAt(instant)}`;
}

/** "2026-11-21": the São Paulo calendar day of `instant`. */
export function saoPauloDate(instant: Date): string {
  const p = localParts(instant);
  return `${p.year}-${p.month}-${p.day}`;
}

/** "19:41:05": the São Paulo wall-clock time of `instant` (24 h). */
export function formatSaoPauloClock(instant: Date): string {
  const p = localParts(instant);
  return `${p.hour}:${p.minute}:${p.second}`;
}

/**
 * ISO instant for a São Paulo wall-clock time on a given day ("2026-11-21", "21:30"),
 * e.g. "2026-11-21T21:30:00-03:00". The offset is São Paulo's on that day.
 */
export function saoPauloKickoffIso(date: string, hhmm: string): string {
  const noonUtc = new Date(`${date}T12:00:00Z`);
  return `${date}T${hhmm}:00${offsetAt(noonUtc)}`;
}
