/**
 * Which "not saved for offline use" notice a page never visited gets (UnsavedPageNotice.astro):
 * by the first part of its path, relative to the service worker's scope.
 */
export const UNSAVED_PAGE_KINDS = ['jogo', 'tabela', 'dia', 'pagina'] as const;

export type UnsavedPageKind = (typeof UNSAVED_PAGE_KINDS)[number];

/** "jogo/…" → jogo, "tabela/…" → tabela, "dia/…" → dia, any other page → pagina. */
export function unsavedPageKind(route: string): UnsavedPageKind {
  const first = route.split('/')[0];
  return first === 'jogo' || first === 'tabela' || first === 'dia' ? first : 'pagina';
}
