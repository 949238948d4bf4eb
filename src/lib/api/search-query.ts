/**
 * Validation of /api/busca's query string, at the edge: the one place that decides whether
 * `q` is acceptable. Never throws, whatever the client sends.
 */
import type { Problem } from '../model/model.ts';
import { describeMisspelledParameter, findMisspelledParameter } from './parameter-names.ts';
import { buildBadQueryProblem } from './problem.ts';

export const SEARCH_QUERY_MIN = 2;
export const SEARCH_QUERY_MAX = 100;

export type SearchQueryResult = { ok: true; q: string } | { ok: false; problem: Problem };

export const INVALID_UTF8_DETAIL =
  'O parâmetro q não é UTF-8 válido: codifique o texto em UTF-8 antes de usar %XX na URL.';

/** The bytes a form-urlencoded value stands for (WHATWG: "+" is a space; a "%" without two hex digits is itself). */
function percentDecodeBytes(value: string): Uint8Array {
  const text = value.replaceAll('+', ' ');
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '%' && /^[0-9a-f]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
      continue;
    }
    const codePoint = text.codePointAt(i) ?? 0;
    const char = String.fromCodePoint(codePoint);
    bytes.push(...encoder.encode(char));
    i += char.length - 1;
  }
  return Uint8Array.from(bytes);
}

/** Whether every `q` in a raw query string is valid UTF-8 once percent-decoded. */
function hasValidUtf8Query(search: string): boolean {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const [name = '', value = ''] = pair.split(/=(.*)/s);
    if (name !== 'q') continue;
    try {
      decoder.decode(percentDecodeBytes(value));
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * `q` from a raw query string (`?q=…`, with or without the `?`) or parsed parameters.
 * Missing, blank, repeated, shorter than 2 or longer than 100 characters (after trimming) → 400;
 * from a raw string, bytes that are not UTF-8 too (URLSearchParams would quietly make them
 * U+FFFD and search for that), and a `q` spelled another way ("Q", "%71": parameter-names.ts).
 * Never throws.
 */
export function parseSearchQuery(search: string | URLSearchParams, pathname = '/api/busca'): SearchQueryResult {
  if (typeof search === 'string') {
    const misspelled = findMisspelledParameter(search, ['q']);
    if (misspelled)
      return { ok: false, problem: buildBadQueryProblem(pathname, describeMisspelledParameter(misspelled)) };
    if (!hasValidUtf8Query(search)) return { ok: false, problem: buildBadQueryProblem(pathname, INVALID_UTF8_DETAIL) };
  }
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const values = params.getAll('q');
  if (values.length > 1) {
    return {
      ok: false,
      problem: buildBadQueryProblem(pathname, 'Informe o parâmetro q uma única vez, com o nome de um time ou liga.'),
    };
  }
  const q = (values[0] ?? '').trim();
  if (q === '') return { ok: false, problem: buildBadQueryProblem(pathname) };
  // Code points, not UTF-16 units: "São Paulo" and an emoji count as the reader sees them.
  const length = [...q].length;
  if (length < SEARCH_QUERY_MIN || length > SEARCH_QUERY_MAX) {
    return {
      ok: false,
      problem: buildBadQueryProblem(
        pathname,
        `O parâmetro q tem ${length} caractere(s); use de ${SEARCH_QUERY_MIN} a ${SEARCH_QUERY_MAX}, com o nome de um time ou liga.`,
      ),
    };
  }
  return { ok: true, q };
}
