/**
 * What the match pages read say of the listings' matches (model.ts MatchPageFacts), given to
 * their rows. The kick-off: the listing's own, or one Placar saw before (known-kickoffs.ts), wins;
 * the page's date line only fills a kick-off still unknown — a match first seen under way or
 * finished — and only when it falls on the match's day (the date in its path is authoritative).
 * Each team's key (`slug`) comes from its page's team link; null until that page was read. Pure.
 */
import type { Match, MatchPageFacts, Team } from '../../lib/model/model.ts';

function withSlug(team: Team, slug: string | null): Team {
  return slug === null || slug === team.slug ? team : { ...team, slug };
}

/** The matches with the facts `factsOf` has for them (the same objects where nothing changes). */
export function withMatchPageFacts(
  matches: readonly Match[],
  factsOf: (id: string) => MatchPageFacts | null | undefined,
): Match[] {
  return matches.map((match) => {
    const facts = factsOf(match.id);
    if (!facts) return match;
    const pageKickoff = facts.kickoff?.startsWith(`${match.date}T`) ? facts.kickoff : null;
    const kickoff = match.kickoff ?? pageKickoff;
    const homeTeam = withSlug(match.homeTeam, facts.homeSlug);
    const awayTeam = withSlug(match.awayTeam, facts.awaySlug);
    if (kickoff === match.kickoff && homeTeam === match.homeTeam && awayTeam === match.awayTeam) return match;
    return { ...match, kickoff, homeTeam, awayTeam };
  });
}
