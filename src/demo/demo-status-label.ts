/**
 * The status badge text of the upstream, read from the fixtures (with the real parser's
 * parseStatus) and written back by the simulation in the same style: "67 MIN", "88'",
 * "45+2'", "AO VIVO", "INTERVALO", "HOJE 21:30".
 */
import { parseStatus } from '../upstream/parse-status.ts';

/** How a live match writes its minute: "67 MIN", "67'" or only "AO VIVO". */
export type LabelStyle = 'min' | 'apostrophe' | 'aoVivo';

export type FixtureStatus =
  | { kind: 'scheduled'; prefix: string; time: string }
  | { kind: 'playing'; minute: number; injuryTime: number; style: LabelStyle }
  | { kind: 'playingWithoutMinute' }
  | { kind: 'halfTime' }
  | { kind: 'other' };

export function parseFixtureStatus(label: string): FixtureStatus {
  const text = label.replace(/\s+/g, ' ').trim().toLocaleUpperCase('pt-BR');
  const parsed = parseStatus(label);
  switch (parsed.status) {
    case 'SCHEDULED':
      // Only today's kickoffs are simulated; "AMANHÃ 16:00" stays as recorded.
      if (parsed.kickoffTime === null || /^AMANH/.test(text)) return { kind: 'other' };
      return { kind: 'scheduled', prefix: text.startsWith('HOJE') ? 'HOJE ' : '', time: parsed.kickoffTime };
    case 'IN_PLAY':
      if (parsed.minute === null) return { kind: 'playingWithoutMinute' };
      return {
        kind: 'playing',
        minute: parsed.minute,
        injuryTime: parsed.injuryTime ?? 0,
        style: /MIN$/.test(text) ? 'min' : 'apostrophe',
      };
    case 'PAUSED':
      return { kind: 'halfTime' };
    default:
      return { kind: 'other' };
  }
}

/** The label of a match being played; stoppage time is always written "45+2'" like the upstream. */
export function formatPlayingLabel(minute: number, injuryTime: number | null, style: LabelStyle): string {
  if (style === 'aoVivo') return 'AO VIVO';
  if (injuryTime !== null) return `${minute}+${injuryTime}'`;
  return style === 'min' ? `${minute} MIN` : `${minute}'`;
}
