/**
 * Where a competition's table lives on Placar: /tabela/{slug} and /api/tabela/{slug}. Only plain
 * slugs (lower-case letters, digits, hyphens) get one: the slug is both a URL path and a file
 * name in a build. Zod-free: browser code imports it.
 */
export const COMPETITION_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$/;

export function isCompetitionSlug(slug: string): boolean {
  return COMPETITION_SLUG_PATTERN.test(slug);
}

/** "/tabela/<slug>", or null for a competition without a table page. */
export function standingsPagePath(slug: string): string | null {
  return isCompetitionSlug(slug) ? `/tabela/${slug}` : null;
}

/** "/api/tabela/<slug>": the table as JSON. */
export function standingsJsonPath(slug: string): string {
  return `/api/tabela/${slug}`;
}
