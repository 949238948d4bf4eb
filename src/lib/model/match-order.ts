/**
 * Pure: the one order of a day's matches, for every listing, kept day, search result and view.
 * Within a competition a match that has started (live, finished, suspended, or any status with
 * goals: a status word Placar does not know yet) comes before one still to start (scheduled,
 * postponed, cancelled): it began earlier, whatever Placar knows of its kick-off. Within each of
 * the two, matches whose kick-offs are both known go by kick-off; a match without one keeps its
 * upstream place. Competitions keep the upstream's order
 * (the first place each appears).
 */
import type { Match, Status } from './model.ts';

const STARTED: ReadonlySet<Status> = new Set(['IN_PLAY', 'PAUSED', 'FINISHED', 'SUSPENDED']);

/** Has the match kicked off (so it began before any match still to start)? */
export function hasKickedOff(match: Match): boolean {
  return STARTED.has(match.status) || match.score.home !== null;
}

/** Kick-off instants compared as instants (every kickoff carries its offset); NaN when unknown. */
function kickoffTime(match: Match): number {
  return match.kickoff === null ? Number.NaN : Date.parse(match.kickoff);
}

/**
 * The items with a known kick-off sorted by it into the places they held; the others stay where
 * they are (nothing tells them apart from their neighbours). The sort is stable: equal kick-offs
 * keep the upstream's order.
 */
function byKnownKickoff<T>(items: readonly T[], matchOf: (item: T) => Match): T[] {
  const known: { item: T; time: number }[] = [];
  const places: number[] = [];
  for (const [place, item] of items.entries()) {
    const time = kickoffTime(matchOf(item));
    if (Number.isNaN(time)) continue;
    known.push({ item, time });
    places.push(place);
  }
  known.sort((a, b) => a.time - b.time);
  const ordered = [...items];
  for (const [at, place] of places.entries()) {
    const entry = known[at];
    if (entry) ordered[place] = entry.item;
  }
  return ordered;
}

/** One group's items (in the upstream's order) in play order: started ones first, each part by known kick-off. */
export function inPlayOrder<T>(items: readonly T[], matchOf: (item: T) => Match): T[] {
  const started: T[] = [];
  const toStart: T[] = [];
  for (const item of items) (hasKickedOff(matchOf(item)) ? started : toStart).push(item);
  return [...byKnownKickoff(started, matchOf), ...byKnownKickoff(toStart, matchOf)];
}

/**
 * A competition is its name and its slug: two blocks with one name but other slugs stay apart.
 * Each name is lowercased once: a day has thousands of matches and a few dozen competitions.
 */
export function createCompetitionKeys(): (match: Match) => string {
  const lowered = new Map<string, string>();
  return ({ competition: { slug, name } }) => {
    let lower = lowered.get(name);
    if (lower === undefined) {
      lower = name.toLocaleLowerCase('pt-BR');
      lowered.set(name, lower);
    }
    return `${slug}\n${lower}`;
  };
}

/** A listing (upstream order) with each competition's matches in play order, competitions in theirs. */
export function inMatchOrder(matches: readonly Match[]): Match[] {
  const competitionKey = createCompetitionKeys();
  const groups = new Map<string, Match[]>();
  for (const match of matches) {
    const key = competitionKey(match);
    let group = groups.get(key);
    if (!group) {
      group = [];
      groups.set(key, group);
    }
    group.push(match);
  }
  return [...groups.values()].flatMap((group) => inPlayOrder(group, (match) => match));
}
