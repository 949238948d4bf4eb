/**
 * Event ids (model.ts MATCH_EVENT_ID_PATTERN): "<ms since epoch, 13 digits>-<sequence, 4 digits>".
 * Pure. A new id is never below the last one written to the data folder, even when the clock
 * steps back or many events share a millisecond, so ids sort as strings and only ever grow.
 */
const SEQUENCE_LIMIT = 10_000;

interface IdParts {
  ms: number;
  sequence: number;
}

function readId(id: string): IdParts {
  const [ms = '0', sequence = '0'] = id.split('-');
  return { ms: Number(ms), sequence: Number(sequence) };
}

function formatId({ ms, sequence }: IdParts): string {
  return `${String(ms).padStart(13, '0')}-${String(sequence).padStart(4, '0')}`;
}

/** `count` new ids after `lastId` (null: none yet), made at `nowMs`. */
export function nextEventIds(lastId: string | null, nowMs: number, count: number): string[] {
  const last = lastId === null ? null : readId(lastId);
  let next: IdParts =
    last === null || nowMs > last.ms ? { ms: nowMs, sequence: 0 } : { ms: last.ms, sequence: last.sequence + 1 };
  const ids: string[] = [];
  for (let made = 0; made < count; made += 1) {
    if (next.sequence >= SEQUENCE_LIMIT) next = { ms: next.ms + 1, sequence: 0 };
    ids.push(formatId(next));
    next = { ms: next.ms, sequence: next.sequence + 1 };
  }
  return ids;
}

/** The instant an id was made (its millisecond part). */
export function eventIdTime(id: string): number {
  return readId(id).ms;
}
