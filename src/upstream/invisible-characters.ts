/**
 * Pure: names read from the upstream without the characters a reader cannot see. Bidi
 * controls (U+202A–202E, U+2066–2069, U+061C) can reorder what is shown around a name ("Trojan
 * Source" style), zero-width ones (U+200B–200F, U+2060, U+FEFF) make two names that look the
 * same compare different. Shared by the match page parser and the listing parsers.
 */

const INVISIBLE = /[\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;

export function stripInvisibleCharacters(text: string): string {
  return text.replace(INVISIBLE, '');
}
