/**
 * Which GRIP channels a stream's filter (?time=, ?competicao=) holds behind Pushpin: the fuzzy
 * filter is resolved once, over the matches Placar knows (kept events, the four listings), to
 * canonical keys (event-channels.ts). Pure.
 *
 * - No filter: every event. A competition filter: one channel per competition it names (an
 *   event has one competition, so they never share one). A team filter: one per team it names,
 *   or per team and competition with both filters.
 * - Two teams of the same category could meet, and their match would then be on two of the
 *   stream's channels: such a filter (and a fixture, "a x b", or one whose words need the
 *   opponent or the competition) is served directly by Placar, as without Pushpin.
 * - A filter that names no known match waits on its filter channel until it does.
 * The resolution is checked against every known match: each is on one of the channels exactly
 * when the filter selects it, and never on two; otherwise the stream is served directly.
 */
import type { Match, Snapshot } from '../model/model.ts';
import { teamCategory } from '../search/aliases.ts';
import { buildFilterSnapshot, findCompetitionMatchIds, findTeamMatchIds } from '../search/match-filter.ts';
import { parseQuery } from '../search/search-text.ts';
import { ALL_EVENTS_CHANNEL, channelKeyOf, channelName, isMatchOnChannel, type ChannelKey } from './event-channels.ts';

/** Channels one stream may hold (Pushpin's connection_subscription_max is 20 by default). */
export const MAX_STREAM_CHANNELS = 10;

export interface StreamFilter {
  team: string | null;
  competition: string | null;
}

export type StreamSubscription =
  /** Published channels that never share an event. */
  | { kind: 'channels'; keys: ChannelKey[]; channels: string[] }
  /** Names nothing known yet: a filter channel that Pushpin re-asks about. */
  | { kind: 'waiting' }
  /** No set of channels says exactly what it asks: held by Placar itself. */
  | { kind: 'direct' };

const DIRECT: StreamSubscription = { kind: 'direct' };

/** The teams among `candidates` that the team query names by themselves (not by the opponent or competition). */
function teamsNamedAlone(query: string, candidates: ReadonlyMap<string, Match>): string[] {
  const template = [...candidates.values()][0];
  if (!template) return [];
  const keys = [...candidates.keys()];
  // Each candidate against itself, in a competition without a name: only its own words can hit.
  const alone = keys.map(
    (key, index): Match => ({
      ...template,
      id: `placar-sozinho/${index}`,
      competition: { name: '', slug: '' },
      homeTeam: { name: candidates.get(key)?.homeTeam.name ?? '', crest: null, crestSource: null, slug: null },
      awayTeam: { name: candidates.get(key)?.homeTeam.name ?? '', crest: null, crestSource: null, slug: null },
    }),
  );
  const named = findTeamMatchIds(buildFilterSnapshot(alone), query);
  return keys.filter((_key, index) => named.has(`placar-sozinho/${index}`));
}

/** The team keys of the selected matches' sides, each with a match holding that side at home. */
function sidesOf(selected: readonly Match[]): Map<string, Match> | null {
  const sides = new Map<string, Match>();
  for (const match of selected) {
    for (const team of [match.homeTeam, match.awayTeam]) {
      const key = channelKeyOf(team.name);
      if (key === null) return null;
      if (!sides.has(key)) sides.set(key, { ...match, homeTeam: team });
    }
  }
  return sides;
}

function hasSameCategory(names: readonly string[]): boolean {
  const categories = names.map(teamCategory);
  return new Set(categories).size !== categories.length;
}

/** The matches a server knows, each once (the first seen of an id wins), ready to be searched. */
export interface KnownMatches {
  matches: readonly Match[];
  snapshot: Snapshot;
}

export function prepareKnownMatches(matches: Iterable<Match>): KnownMatches {
  const byId = new Map<string, Match>();
  for (const match of matches) if (!byId.has(match.id)) byId.set(match.id, match);
  const unique = [...byId.values()];
  return { matches: unique, snapshot: buildFilterSnapshot(unique) };
}

/** `knownMatches` is asked for only when there is a filter to resolve. */
export function resolveSubscription(filter: StreamFilter, knownMatches: () => KnownMatches): StreamSubscription {
  if (filter.team === null && filter.competition === null) {
    return { kind: 'channels', keys: [{ competition: null, team: null }], channels: [ALL_EVENTS_CHANNEL] };
  }
  if (filter.team !== null && parseQuery(filter.team).kind === 'fixture') return DIRECT;
  const { matches: known, snapshot } = knownMatches();
  const teamIds = filter.team === null ? null : findTeamMatchIds(snapshot, filter.team);
  const competitionIds = filter.competition === null ? null : findCompetitionMatchIds(snapshot, filter.competition);
  const selected = known.filter((match) => (teamIds?.has(match.id) ?? true) && (competitionIds?.has(match.id) ?? true));
  if (selected.length === 0) return { kind: 'waiting' };

  let competitions: Array<string | null> = [null];
  if (filter.competition !== null) {
    const keys = new Set(selected.map((match) => channelKeyOf(match.competition.slug)));
    if (keys.has(null)) return DIRECT;
    competitions = [...keys];
  }
  let teams: Array<string | null> = [null];
  if (filter.team !== null) {
    const sides = sidesOf(selected);
    if (sides === null) return DIRECT;
    const named = teamsNamedAlone(filter.team, sides);
    if (named.length === 0) return DIRECT;
    if (hasSameCategory(named.map((key) => sides.get(key)?.homeTeam.name ?? ''))) return DIRECT;
    teams = named;
  }
  const keys = competitions.flatMap((competition) => teams.map((team): ChannelKey => ({ competition, team })));
  if (keys.length > MAX_STREAM_CHANNELS) return DIRECT;

  const chosen = new Set(selected.map((match) => match.id));
  for (const match of known) {
    const on = keys.filter((key) => isMatchOnChannel(match, key)).length;
    if (on > 1 || (on === 1) !== chosen.has(match.id)) return DIRECT;
  }
  return { kind: 'channels', keys, channels: keys.map(channelName) };
}
