/**
 * What the API and the pages show as a team's crest: Placar's own checked copy
 * ("/escudos/<sha256>.<type>") of the image the listing shows, or null while it holds none
 * (not fetched yet, refused, failed). So no client ever hot-links the upstream. Pure.
 */
import type { Match, Team } from '../lib/model/model.ts';

/** The matches with each team's `crest` set from `paths` (upstream URL → Placar's path); the same objects when unchanged. */
export function withServedCrests(matches: readonly Match[], paths: ReadonlyMap<string, string>): Match[] {
  const serve = (team: Team): Team => {
    const crest = team.crestSource === null ? null : (paths.get(team.crestSource) ?? null);
    return crest === team.crest ? team : { ...team, crest };
  };
  return matches.map((match) => {
    const homeTeam = serve(match.homeTeam);
    const awayTeam = serve(match.awayTeam);
    return homeTeam === match.homeTeam && awayTeam === match.awayTeam ? match : { ...match, homeTeam, awayTeam };
  });
}
