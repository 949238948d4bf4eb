/**
 * The query language's text rules, shared by the index, the query parser and the browser's
 * suggestions. Pure and tiny: no search engine here, so pages that only suggest names stay light.
 */

/** Accent- and case-insensitive form: NFD, combining marks removed, lower case. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * A query as the search reads it: folded, its words one space apart ("  São   PAULO " → "sao paulo").
 * Every spelling with the same normal form finds the same matches.
 */
export function normalizeQuery(query: string): string {
  return foldText(query)
    .split(/\s+/u)
    .filter((token) => token !== '')
    .join(' ');
}

/** The folded words of a text: any run of letters or digits ("Atlético-MG" → atletico, mg). */
export function splitWords(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** Words in a canonical order, so that "paulo sao" and "São Paulo" have the same key. */
export function wordsKey(words: readonly string[]): string {
  return [...words].sort().join(' ');
}

/** Words a fan puts between two teams to mean one match ("Flamengo x Palmeiras"). */
const FIXTURE_SEPARATORS = new Set(['x', 'vs', 'vs.', 'versus', 'contra', '-']);

export type ParsedQuery = { kind: 'words'; words: string[] } | { kind: 'fixture'; sides: [string[], string[]] };

/**
 * A query as the engine reads it. A separator with team words on both sides makes a fixture
 * (only the first counts); a separator at either end, as while typing "flamengo x", is dropped.
 */
export function parseQuery(query: string): ParsedQuery {
  const tokens = foldText(query)
    .split(/\s+/u)
    .filter((token) => token !== '');
  const at = tokens.findIndex(
    (token, index) => FIXTURE_SEPARATORS.has(token) && index > 0 && index < tokens.length - 1,
  );
  const wordsOf = (part: readonly string[]): string[] =>
    part.filter((token) => !FIXTURE_SEPARATORS.has(token)).flatMap(splitWords);
  if (at !== -1) {
    const first = wordsOf(tokens.slice(0, at));
    const second = wordsOf(tokens.slice(at + 1));
    if (first.length > 0 && second.length > 0) return { kind: 'fixture', sides: [first, second] };
  }
  return { kind: 'words', words: wordsOf(tokens) };
}

/**
 * Whether every query word starts a word of `text` (1–2 letter words must be whole words).
 * `typing`: the last word is still being typed, so it may be the start of a word whatever its length.
 */
export function matchesWordStarts(queryWords: readonly string[], text: string, typing = false): boolean {
  const words = splitWords(text);
  return queryWords.every((queryWord, index) => {
    const whole = queryWord.length <= 2 && !(typing && index === queryWords.length - 1);
    return words.some((word) => (whole ? word === queryWord : word.startsWith(queryWord)));
  });
}
