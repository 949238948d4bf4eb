/**
 * A match's kick-off time survives its kick-off. The upstream shows the time only while a match
 * is scheduled ("HOJE 16:00"); once it starts the listing shows the minute, then "ENCERRADO",
 * and the parser reads no kick-off. What Placar saw before (same id: the match's upstream path,
 * date included) is kept, so "started at 16:00" and ordering by kick-off work on live and
 * finished matches too. A match first seen under way has none (null). Pure.
 */
import { LISTING_NAMES, type Match, type Snapshot } from '../../lib/model/model.ts';

/** Match id → the kick-off a snapshot shows for it (the first one found). */
export function collectKickoffs(snapshots: readonly Snapshot[]): Map<string, string> {
  const known = new Map<string, string>();
  for (const snapshot of snapshots)
    for (const listing of LISTING_NAMES)
      for (const match of snapshot[listing].matches)
        if (match.kickoff !== null && !known.has(match.id)) known.set(match.id, match.kickoff);
  return known;
}

/** The matches, each without a kick-off given the one `known` has for its id (the same objects otherwise). */
export function withKnownKickoffs(matches: readonly Match[], known: ReadonlyMap<string, string>): Match[] {
  return matches.map((match) => {
    const kickoff = match.kickoff === null ? known.get(match.id) : undefined;
    return kickoff === undefined ? match : { ...match, kickoff };
  });
}
