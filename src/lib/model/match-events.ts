/**
 * Pure: what changed between two sightings of the same matches. The server's event feed and the
 * browser's goal alerts both call `detectMatchChanges`, so a goal is decided once, the same way.
 * Imports types only from the model, so browser code can use it without the model's validators.
 *
 * Decisions (docs/api.md repeats them for clients):
 * - A match seen for the first time is no change: the first scrape after start raises nothing.
 * - A match missing from `current` is no change; `known` keeps its last state, so one that comes
 *   back with another score or status raises what differs.
 * - Each goal is one GOAL (a 0-0 → 2-0 jump is two), each goal taken back one GOAL_CANCELLED.
 * - Penalty shoot-out kicks are not goals: FULL_TIME carries `score.penalties`.
 * - UNKNOWN (a status text the parser did not recognise) raises no status change either way.
 */
import type { Match, MatchEventType, Score, Status, TeamSide } from './model.ts';

/** One change of one match; the event store adds `id` and `at`. */
export interface MatchChange {
  type: MatchEventType;
  /** The match as the listing shows it after the change. */
  match: Match;
  /** For GOAL and GOAL_CANCELLED: whose score changed. */
  team?: TeamSide;
  /** The status and score Placar knew before the change. */
  previous: { status: Status; score: Score };
}

const NOT_STARTED: ReadonlySet<Status> = new Set(['SCHEDULED', 'POSTPONED']);
const UNDER_WAY: ReadonlySet<Status> = new Set(['IN_PLAY', 'PAUSED']);
const STOPPED: Readonly<Partial<Record<Status, MatchEventType>>> = {
  POSTPONED: 'POSTPONED',
  SUSPENDED: 'SUSPENDED',
  CANCELLED: 'CANCELLED',
};

function goalsOf(score: Score, side: 'home' | 'away'): number {
  return score[side] ?? 0;
}

/**
 * The changes of one match between its last known state and now, in the order they happen. Only
 * the status and the score of `before` count (the browser keeps no more of what it saw).
 */
export function changesOfMatch(before: Pick<Match, 'status' | 'score'>, after: Match): MatchChange[] {
  const previous = { status: before.status, score: before.score };
  const make = (type: MatchEventType, team?: TeamSide): MatchChange =>
    team === undefined ? { type, match: after, previous } : { type, match: after, team, previous };
  const changes: MatchChange[] = [];
  const from = before.status;
  const to = after.status;
  const statusKnown = from !== 'UNKNOWN' && to !== 'UNKNOWN';

  if (statusKnown && NOT_STARTED.has(from) && (UNDER_WAY.has(to) || to === 'FINISHED')) changes.push(make('KICK_OFF'));

  for (const [side, team] of [
    ['home', 'HOME'],
    ['away', 'AWAY'],
  ] as const) {
    const delta = goalsOf(after.score, side) - goalsOf(before.score, side);
    for (let goal = 0; goal < Math.abs(delta); goal += 1)
      changes.push(make(delta > 0 ? 'GOAL' : 'GOAL_CANCELLED', team));
  }

  if (statusKnown && from !== to) {
    if (to === 'PAUSED' && from !== 'FINISHED') changes.push(make('HALF_TIME'));
    else if (to === 'IN_PLAY' && from === 'PAUSED') changes.push(make('SECOND_HALF'));
    else if (to === 'FINISHED') changes.push(make('FULL_TIME'));
    else {
      const stopped = STOPPED[to];
      if (stopped !== undefined) changes.push(make(stopped));
    }
  }
  return changes;
}

/**
 * Every change from `known` (the last state of each match id seen so far) to `current` (the
 * matches of a complete, successful sighting), match by match in `current`'s order.
 */
export function detectMatchChanges(known: ReadonlyMap<string, Match>, current: readonly Match[]): MatchChange[] {
  return current.flatMap((match) => {
    const before = known.get(match.id);
    return before === undefined ? [] : changesOfMatch(before, match);
  });
}

/** `known` updated with `current` (matches not in `current` keep their last state). */
export function rememberMatches(known: ReadonlyMap<string, Match>, current: readonly Match[]): Map<string, Match> {
  const next = new Map(known);
  for (const match of current) next.set(match.id, match);
  return next;
}

/**
 * One match per id from several listings of the same moment (live, hoje, amanhã): the first
 * listing given wins, so pass the most current one (live) first.
 */
export function matchesById(listings: readonly (readonly Match[])[]): Match[] {
  const seen = new Map<string, Match>();
  for (const listing of listings) for (const match of listing) if (!seen.has(match.id)) seen.set(match.id, match);
  return [...seen.values()];
}
