/**
 * Pure: the words of a match page's event, read. The minute ("23'", "45+2'", "90 + 5’"), the
 * qualifying words after a player's name ("(pênalti)", "(contra)", "(gol anulado)", …) as flags,
 * and the name left once they are taken out.
 */
import { DETAIL_LIMITS } from '../../lib/model/model.ts';
import { normalizeText } from '../match-fields.ts';

export interface EventMinute {
  minute: number;
  /** "45+2'" → 2; null when the minute has no added time. */
  injuryTime: number | null;
}

export interface Qualifiers {
  penalty: boolean;
  ownGoal: boolean;
  cancelled: boolean;
  secondYellow: boolean;
}

/** A minute cell's whole text: "23'", "45+2'", "90 + 5’", "67 min", "12". */
const MINUTE_CELL = /^(\d{1,3})(?:\s*\+\s*(\d{1,2}))?\s*(?:['’′´]|min\.?)?$/i;
/** A minute written beside a name ("Pedro - 23'"): the apostrophe is required, so a number in a name is not one. */
const MINUTE_IN_TEXT = /(?:^|[\s\-–—(])(\d{1,3})(?:\s*\+\s*(\d{1,2}))?\s*['’′´](?=$|[\s\-–—)])/;

const QUALIFIERS: readonly (readonly [RegExp, keyof Qualifiers])[] = [
  [/\(\s*(?:p[eê]nalti|penalty|pen\.?|p)\s*\)/giu, 'penalty'],
  [/\(\s*(?:gol\s+)?contra\s*\)|\(\s*g\.?\s?c\.?\s*\)/giu, 'ownGoal'],
  [/\(\s*(?:gol\s+)?anulado(?:\s+pelo\s+var)?\s*\)|\(\s*var\s*\)/giu, 'cancelled'],
  [/\bgol\s+anulado\b/giu, 'cancelled'],
  [/\(\s*(?:2\s*[º°o]|segundo)\s+(?:cart[aã]o\s+)?amarelo\s*\)/giu, 'secondYellow'],
];

const SEPARATORS = new Set([' ', '-', '–', '—', ',', ';', ':', '|', '/']);
/**
 * Text read in full, at most: a name is under DETAIL_LIMITS.text characters, so a longer text is
 * handed back as it is (too long: its row is skipped) without the pattern work below.
 */
const MAX_READ_CHARS = 10 * DETAIL_LIMITS.text;

export function parseMinuteCell(text: string): EventMinute | null {
  const match = MINUTE_CELL.exec(normalizeText(text));
  return match ? toMinute(match) : null;
}

function toMinute(match: RegExpExecArray): EventMinute {
  return { minute: Number(match[1]), injuryTime: match[2] === undefined ? null : Number(match[2]) };
}

/** A player's name from an event or lineup text: invisible characters, spacing and stray separators out. */
export function cleanName(text: string): string {
  const normalized = normalizeText(text);
  if (normalized.length > MAX_READ_CHARS) return normalized;
  // By hand, not /[…]+$/: that pattern is quadratic on a long run of separators inside a text.
  let start = 0;
  let end = normalized.length;
  while (start < end && SEPARATORS.has(normalized.charAt(start))) start++;
  while (end > start && SEPARATORS.has(normalized.charAt(end - 1))) end--;
  return normalized.slice(start, end);
}

export interface ReadEventText {
  name: string;
  qualifiers: Qualifiers;
  /** A minute written in the text itself, taken out of the name. */
  minute: EventMinute | null;
}

/** The name, its qualifying words and any minute written beside it. */
export function readEventText(raw: string): ReadEventText {
  let text = normalizeText(raw);
  const qualifiers: Qualifiers = { penalty: false, ownGoal: false, cancelled: false, secondYellow: false };
  if (text.length > MAX_READ_CHARS) return { name: text, qualifiers, minute: null };
  // Every qualifier has a parenthesis or "anulado": most names skip the five patterns.
  const qualified = text.includes('(') || /anulado/i.test(text);
  for (const [pattern, flag] of qualified ? QUALIFIERS : []) {
    text = text.replace(pattern, () => {
      qualifiers[flag] = true;
      return ' ';
    });
  }
  const found = /['’′´]/.test(text) ? MINUTE_IN_TEXT.exec(text) : null;
  const minute = found ? toMinute(found) : null;
  if (found) text = text.slice(0, found.index) + text.slice(found.index + found[0].length);
  return { name: cleanName(text), qualifiers, minute };
}
