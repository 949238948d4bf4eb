/**
 * Query parameter names are read exactly as documented: lower case, no accents, no
 * percent-escapes. Another spelling of a known name ("Q", "%71", "Status", "TIME", "competição")
 * is refused, never read as that name nor silently ignored: a cache or front that matches names
 * its own way (nginx's $arg_q ignores case; URLSearchParams decodes "%71" to "q") would otherwise
 * keep one request's answer for another.
 */

/** "%71" → "q", "+" → " "; a name that is not valid percent-encoding stays as it is. */
function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return raw;
  }
}

/** The first parameter of a raw query string spelled differently from one of `names`, with the name it stands for. */
export function findMisspelledParameter(
  search: string,
  names: readonly string[],
): { sent: string; meant: string } | null {
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const sent = pair.split('=', 1)[0] ?? '';
    if (names.includes(sent)) continue;
    const meant = decodeName(sent).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    if (names.includes(meant)) return { sent, meant };
  }
  return null;
}

/** The pt-BR detail of a 400 for a misspelled name (`sent` shown at most 40 characters). */
export function describeMisspelledParameter({ sent, meant }: { sent: string; meant: string }): string {
  const shown = sent.length > 40 ? `${sent.slice(0, 40)}…` : sent;
  return `O parâmetro "${shown}" deve ser escrito exatamente "${meant}" (em minúsculas, sem acentos nem %XX no nome).`;
}
