/**
 * Pure: text without the characters a reader cannot see — the one place that says which those
 * are, for every name that enters Placar: the listing, match and competition page parsers'
 * fields (normalizeText, src/upstream/match-fields.ts) and the team names a push subscription
 * follows (src/lib/api/push-subscription-request.ts).
 * - Unicode's Default_Ignorable_Code_Point and format characters (Cf): bidi controls (U+202A–202E,
 *   U+2066–2069, U+061C) can reorder what is shown around a name ("Trojan Source" style);
 *   zero-width and filler characters (U+200B–200F, U+2060–206F, U+FEFF, soft hyphen, U+034F,
 *   U+115F/1160, U+3164, U+FFA0, U+180E, tags, variation selectors), interlinear annotation marks
 *   (U+FFF9–FFFB) and the other format characters make two names that look the same compare
 *   different, or a name that looks empty. The properties, not a hand list: Unicode reserves them
 *   for exactly this, and new ones come with the engine's Unicode version.
 * - C0 and C1 controls (Cc): never part of a name. Those that separate text (tab, line feed,
 *   vertical tab, form feed, carriage return, next line), and the Braille blank U+2800 (a symbol
 *   that draws nothing, used as a space that survives trimming), become a space, so
 *   "Atlético\nMineiro" stays two words and a name of blanks alone is empty.
 */

const SEPARATING = /[\t\n\v\f\r\u0085\u2800]/g;
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}]/gu;

export function stripInvisibleCharacters(text: string): string {
  return text.replace(SEPARATING, ' ').replace(INVISIBLE, '');
}

/** Invisible characters out, whitespace runs as one space, trimmed: a name as a reader sees it. */
export function normalizeVisibleText(text: string): string {
  return stripInvisibleCharacters(text).replace(/\s+/g, ' ').trim();
}
