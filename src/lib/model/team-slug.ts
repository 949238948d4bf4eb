import { z } from 'zod';

/**
 * A team's key on the upstream: the name of its crest (`/images/teams/<slug>.png`) and of its
 * team link (`/times/<slug>.html`), lowercase ASCII words joined by hyphens. Stable across
 * matches, listings and tables, unlike the display name.
 */
export const TEAM_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const TEAM_SLUG_MAX = 100;
export const TeamSlugSchema = z.string().regex(TEAM_SLUG_PATTERN).max(TEAM_SLUG_MAX);

/**
 * A team's key derived from its name the way the upstream writes its slugs ("São Paulo" →
 * "sao-paulo", "Athletico-PR" → "athletico-pr"): accents stripped, lower case, every run of
 * other characters one hyphen. Used where a team enters without the upstream's own slug (crest
 * URL, match link); null when the name has no letter or digit to make one from.
 */
export function teamSlugFromName(name: string): string | null {
  const slug = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, TEAM_SLUG_MAX)
    .replace(/-+$/, '');
  return slug === '' ? null : slug;
}

interface NamedTeam {
  name: string;
  slug: string | null;
}
interface TwoTeams {
  homeTeam: NamedTeam;
  awayTeam: NamedTeam;
}

/** A listing whose teams all carry a key: one kept before keys were given gets the derived one. */
export function withTeamSlugs<M extends TwoTeams, L extends { matches: M[] }>(listing: L): L {
  const keyed = <T extends NamedTeam>(team: T): T =>
    team.slug === null ? { ...team, slug: teamSlugFromName(team.name) } : team;
  if (listing.matches.every((match) => match.homeTeam.slug !== null && match.awayTeam.slug !== null)) return listing;
  const matches = listing.matches.map((match) => ({
    ...match,
    homeTeam: keyed(match.homeTeam),
    awayTeam: keyed(match.awayTeam),
  }));
  return { ...listing, matches };
}
