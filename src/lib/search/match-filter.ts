/**
 * Which of a set of matches a team or a competition filter keeps (the event stream's ?time=
 * and ?competicao=): the same index, words, nicknames and typo tolerance as /api/busca.
 * - team: the match /api/busca would rank for the query on a team (not only its competition);
 * - competition: every query word hits the match's competition (its name or aliases).
 */
import type { ListEnvelope, Match, Snapshot } from '../model/model.ts';
import { RANK_TIERS, hitsOf, rankMatches } from './find-matches.ts';
import { matchIndexOf } from './match-index.ts';
import { parseQuery } from './search-text.ts';
import { TIMEZONE } from '../model/time.ts';

/** The matches as a one-listing snapshot, so the search index can be built over them. */
export function buildFilterSnapshot(matches: readonly Match[]): Snapshot {
  const envelope = (list: Match[]): ListEnvelope => ({
    generatedAt: null,
    timezone: TIMEZONE,
    source: 'http://placar.invalid/',
    stale: false,
    count: list.length,
    matches: list,
  });
  return { live: envelope([...matches]), hoje: envelope([]), amanha: envelope([]), ontem: envelope([]) };
}

/** Ids of the snapshot's matches where `query` names a team. */
export function findTeamMatchIds(snapshot: Snapshot, query: string): Set<string> {
  const ranked = rankMatches(snapshot, query).filter(({ tier }) => tier !== RANK_TIERS.competitionOnly);
  return new Set(ranked.map(({ match }) => match.id));
}

/** Ids of the snapshot's matches whose competition `query` names. */
export function findCompetitionMatchIds(snapshot: Snapshot, query: string): Set<string> {
  const parsed = parseQuery(query);
  const words = parsed.kind === 'words' ? parsed.words : [...parsed.sides[0], ...parsed.sides[1]];
  const found = new Set<string>();
  if (words.length === 0) return found;
  const index = matchIndexOf(snapshot);
  const hitMaps = words.map((word) => hitsOf(index, word));
  for (const [id] of hitMaps[0] ?? []) {
    if (!hitMaps.every((hits) => hits.get(id)?.competition === true)) continue;
    const match = index.matches[id]?.match;
    if (match) found.add(match.id);
  }
  return found;
}
