/**
 * Pure: which crest URLs Placar may fetch and show. Only http(s) URLs on the upstream's own
 * origin (scheme, host and port) or on an origin the operator listed (CREST_HOSTS), never with
 * a user or password in them. A crest URL the parser read that breaks the rule is dropped from
 * the snapshot (null), so neither the fetch nor the API's `crestSource` fields ever carry it.
 */
import type { Match, Team } from '../lib/model/model.ts';

export function isAllowedCrestUrl(crestUrl: string, upstreamUrl: string, extraOrigins: readonly string[]): boolean {
  let crest: URL;
  try {
    crest = new URL(crestUrl);
  } catch {
    return false;
  }
  if (crest.protocol !== 'http:' && crest.protocol !== 'https:') return false;
  if (crest.username !== '' || crest.password !== '') return false;
  return crest.origin === new URL(upstreamUrl).origin || extraOrigins.includes(crest.origin);
}

/** The matches with every crest the rule refuses set to null (the same objects when none is). */
export function dropForeignCrests(matches: Match[], upstreamUrl: string, extraOrigins: readonly string[]): Match[] {
  const keep = (team: Team): Team =>
    team.crestSource === null || isAllowedCrestUrl(team.crestSource, upstreamUrl, extraOrigins)
      ? team
      : { ...team, crest: null, crestSource: null };
  return matches.map((match) => {
    const homeTeam = keep(match.homeTeam);
    const awayTeam = keep(match.awayTeam);
    return homeTeam === match.homeTeam && awayTeam === match.awayTeam ? match : { ...match, homeTeam, awayTeam };
  });
}
