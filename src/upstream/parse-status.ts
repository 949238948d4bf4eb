/**
 * Pure: the upstream's status badge text → Placar's status fields (docs/api.md, "Status vocabulary").
 *
 * The badge, as the listing writes it:
 *   <span class="badge badge-success status-name blink">67 MIN</span>
 *   <span class="badge badge-success status-name blink">45+2&#x27;</span>
 *   <span class="badge badge-warning status-name">HOJE 21:30</span>
 * and the card markup's `--status` / `--live` / `--datetime` texts, read case-insensitively:
 *   "encerrado", "fim de jogo", "intervalo", "pên." (finished on penalties), "amanhã 18:00",
 *   "Sáb, 22/11 18:00" (the card's date part is not used: the match link carries the date).
 *
 * Text we do not recognise is UNKNOWN with no minute and no kickoff: never guessed.
 */
import type { Status } from '../lib/model/model.ts';

export interface ParsedStatus {
  status: Status;
  minute: number | null;
  injuryTime: number | null;
  /** "21:30" when the badge shows a kick-off time (Brasília time), else null. */
  kickoffTime: string | null;
}

const FIXED: ReadonlyMap<string, Status> = new Map([
  ['AO VIVO', 'IN_PLAY'],
  ['INTERVALO', 'PAUSED'],
  ['ENCERRADO', 'FINISHED'],
  ['FIM DE JOGO', 'FINISHED'],
  ['FINALIZADO', 'FINISHED'],
  ['ADIADO', 'POSTPONED'],
  ['SUSPENSO', 'SUSPENDED'],
  ['CANCELADO', 'CANCELLED'],
]);

/** "67 MIN", "67'", "45+2'", "45+2 MIN" (straight, typographic or prime apostrophe). */
const MINUTE = /^(\d{1,3})(?:\s*\+\s*(\d{1,2}))?\s*(?:MIN|['’′])$/;
/**
 * "21:30", "HOJE 21:30", "AMANHÃ 16:00" (also "AMANHA", "21h30"), and a card's dated form
 * "SÁB, 22/11 18:00" / "22/11 18:00" / "22/11 - 18:00".
 */
const KICKOFF =
  /^(?:(?:HOJE|AMANHÃ|AMANHA)\s+|(?:(?:DOM|SEG|TER|QUA|QUI|SEX|SÁB|SAB)\.?,?\s*)?\d{1,2}\/\d{1,2}(?:\/\d{2,4})?\s*(?:-\s*)?)?(\d{1,2})\s*[:H]\s*(\d{2})$/;
/**
 * A card's "pên." (decided on penalties, so finished), optionally with the shoot-out score
 * ("(4) PÊN. (5)", "4 X 5 PÊN."). "PÊNALTIS" alone stays UNKNOWN: it may mean a shoot-out in progress.
 */
const PENALTIES = /^[\d\s()X×-]*P[ÊE]N\.[\d\s()X×-]*$/;

const unknown = (): ParsedStatus => ({ status: 'UNKNOWN', minute: null, injuryTime: null, kickoffTime: null });

export function parseStatus(label: string): ParsedStatus {
  const text = label.replace(/\s+/g, ' ').trim().toLocaleUpperCase('pt-BR');
  const fixed = FIXED.get(text);
  if (fixed) return { status: fixed, minute: null, injuryTime: null, kickoffTime: null };
  if (PENALTIES.test(text)) return { status: 'FINISHED', minute: null, injuryTime: null, kickoffTime: null };

  const minute = MINUTE.exec(text);
  if (minute) {
    return {
      status: 'IN_PLAY',
      minute: Number(minute[1]),
      injuryTime: minute[2] === undefined ? null : Number(minute[2]),
      kickoffTime: null,
    };
  }

  const kickoff = KICKOFF.exec(text);
  if (kickoff) {
    const hours = Number(kickoff[1]);
    const minutes = Number(kickoff[2]);
    if (hours > 23 || minutes > 59) return unknown();
    const hhmm = `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
    return { status: 'SCHEDULED', minute: null, injuryTime: null, kickoffTime: hhmm };
  }
  return unknown();
}
