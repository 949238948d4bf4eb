/**
 * Where a row's link leads: the match's page on Placar (/jogo/{id}) when the match has one, else
 * (an id that is no plain URL path: src/lib/model/match-paths.ts) its page on the upstream, marked
 * external. Shared by the server's rows (MatchRow.astro) and the browser's (render-matches.ts).
 */
import type { Match } from '../model/model.ts';
import { hasMatchPage, matchPagePath } from '../model/match-paths.ts';

export interface MatchLink {
  href: string;
  /** The upstream's page: rel="external". */
  external: boolean;
}

export function buildMatchLink(match: Pick<Match, 'id' | 'url'>): MatchLink {
  return hasMatchPage(match.id)
    ? { href: matchPagePath(match.id), external: false }
    : { href: match.url, external: true };
}
