/**
 * Pure: text read from the upstream without the characters a reader cannot see. The one place
 * that says which those are, used by normalizeText (match-fields.ts) for every text field the
 * listing and match page parsers read — team names, competitions, status labels, players…
 * - Unicode's Default_Ignorable_Code_Point: bidi controls (U+202A–202E, U+2066–2069, U+061C) can
 *   reorder what is shown around a name ("Trojan Source" style); zero-width and filler characters
 *   (U+200B–200F, U+2060–206F, U+FEFF, soft hyphen U+00AD, U+034F, U+115F/1160, U+3164, U+FFA0,
 *   U+180E, tag characters U+E0000–E007F, variation selectors…) make two names that look the same
 *   compare different, or a name that looks empty. The property, not a hand list: Unicode
 *   reserves it for exactly this, and new ones come with the engine's Unicode version.
 * - C0 and C1 controls (U+0000–001F, U+007F–009F): never part of a name; those that separate
 *   text (tab, line feed, vertical tab, form feed, carriage return, next line) become a space, so
 *   "Atlético\nMineiro" stays two words; the others are dropped.
 */

const SEPARATING_CONTROLS = /[\t\n\v\f\r\u0085]/g;
/** Cc is exactly the C0 and C1 controls. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cc}]/gu;

export function stripInvisibleCharacters(text: string): string {
  return text.replace(SEPARATING_CONTROLS, ' ').replace(INVISIBLE, '');
}
