/**
 * Where a team's home lives on Placar (API.md, "The team's home"), by team slug: its page, its JSON and its
 * calendar. Zod-free, so browser code may link to them.
 */

/** The team's page, `/time/{slug}`. */
export function teamHomePath(slug: string): string {
  return `/time/${slug}`;
}

/** The team's JSON, `/api/time/{slug}`. */
export function teamHomeJsonPath(slug: string): string {
  return `/api/time/${slug}`;
}

/** The team's calendar, `/api/time/{slug}.ics` (RFC 5545). */
export function teamCalendarPath(slug: string): string {
  return `/api/time/${slug}.ics`;
}
