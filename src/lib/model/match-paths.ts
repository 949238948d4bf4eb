/**
 * Where a match lives on Placar: its page /jogo/{id} and its JSON /api/jogo/{id}. The id is both a
 * URL path and a file path in every build (DATA_DIR/jogos/jogo/<id>.html, jogos/api/<id>, each with
 * a `.gz` variant and a temp name while written: src/refresh/render/match-files.ts), and the same
 * folders are copied to buckets and served by nginx. So an id gets a page only when its files can
 * exist whatever other ids arrive beside it — decided here, for the one id alone, so the server's
 * rows, the browser's rows and the files all agree without knowing the other ids:
 *   - exactly one "/" (competition/match, as the upstream writes them): no id's file is then
 *     another id's folder (`a/b` and `a/b/c` would need api/a/b as a file and as a folder);
 *   - lowercase letters, digits, "-", "_", "~" only: two ids differing in case would be one file
 *     on a case-insensitive file system or copy target (macOS, Windows, ext4 casefold), and with no
 *     dot no id's file is another's variant (`x.gz`) or page (`x.html`);
 *   - a match part other than "index" (jogo/<competition>/index.html is served as /jogo/<competition>);
 *   - each part short enough for the longest file name made from it (255 bytes), the whole id
 *     within the model's 300.
 * Any other match keeps its row, which links to the upstream's page. Zod-free: browser code imports it.
 */

/** The model's LIMITS.id (test/unit/model/match-paths.test.ts keeps them equal; model.ts carries zod). */
export const MATCH_PAGE_ID_MAX_BYTES = 300;
/** A file name may hold 255 bytes; the longest made from a part is "<part>.html.gz.<8 hex>.tmp" (21 more). */
export const MATCH_PAGE_SEGMENT_MAX_BYTES = 255 - '.html.gz.00000000.tmp'.length;

/** The characters a part of an id may hold (one class for both tests below). */
const SEGMENT_CHAR = '[a-z0-9_~-]';
const SEGMENT = new RegExp(`^${SEGMENT_CHAR}+$`);
const encoder = new TextEncoder();
/** UTF-8 bytes of `text`; an id is ASCII nearly always, and then its length (no encoding allocated, per row a refresh). */
function bytesOf(text: string): number {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 0x7f) return encoder.encode(text).length;
  return text.length;
}

/**
 * An id that gets a page, in one test: two parts of allowed characters, each within a file name,
 * and the match part not "index" (its length and the whole id's are checked beside it). Every
 * listing row asks at every refresh, in the refresh's render and in the browser's: nothing is
 * split or encoded for the ids that pass.
 */
const ACCEPTED_ID = new RegExp(
  `^${SEGMENT_CHAR}{1,${MATCH_PAGE_SEGMENT_MAX_BYTES}}/(?!index$)${SEGMENT_CHAR}{1,${MATCH_PAGE_SEGMENT_MAX_BYTES}}$`,
);

/** Why match `id` gets no page of its own on Placar (pt-BR, for the log and /healthz), or null when it gets one. */
export function matchPageRefusal(id: string): string | null {
  if (id.length <= MATCH_PAGE_ID_MAX_BYTES && ACCEPTED_ID.test(id)) return null;
  const bytes = bytesOf(id);
  if (bytes > MATCH_PAGE_ID_MAX_BYTES) return `id com ${bytes} bytes, máximo ${MATCH_PAGE_ID_MAX_BYTES}`;
  const segments = id.split('/');
  if (segments.length !== 2) return `id com ${segments.length - 1} barras, precisa de exatamente uma`;
  if (segments[1] === 'index') return 'id terminado em "index", o nome da página de uma pasta';
  for (const segment of segments) {
    const segmentBytes = bytesOf(segment);
    if (segmentBytes > MATCH_PAGE_SEGMENT_MAX_BYTES)
      return `trecho do id com ${segmentBytes} bytes, máximo ${MATCH_PAGE_SEGMENT_MAX_BYTES} num nome de arquivo`;
    if (!SEGMENT.test(segment)) return 'id com caracteres fora de a–z, 0–9, "-", "_" e "~"';
  }
  return null;
}

export function hasMatchPage(id: string): boolean {
  return matchPageRefusal(id) === null;
}

/** "/jogo/<id>": the match's page on Placar. */
export function matchPagePath(id: string): string {
  return `/jogo/${id}`;
}

/** "/api/jogo/<id>": the match whole, as JSON. */
export function matchJsonPath(id: string): string {
  return `/api/jogo/${id}`;
}
