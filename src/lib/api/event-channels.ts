/**
 * The GRIP channels of /api/eventos/stream behind Pushpin (docs/deploying.md, "4. The event
 * stream on Pushpin"). Pure, shared by the refresher, which publishes each event on its
 * channels, and by every server, which subscribes a stream to the channels of its filter and
 * answers Pushpin's resumes. Both sides derive the same names and the same previous ids from
 * the same kept events, so a stream follows its channels without gaps or repeats.
 *
 * A channel is one canonical key: every event ("todos"), a competition ("c.<slug>"), a team
 * ("t.<team>") or a team in a competition ("c.<slug>.t.<team>"). A stream holds one channel per
 * key its filter resolved to, and the keys of one stream never share an event (see
 * event-subscription.ts), so each event reaches it once. A filter that names nothing known yet
 * waits on a filter channel ("f.<filter>"), never published: Pushpin re-asks Placar for it.
 * Besides these, every stream holds the build notices' channel ("builds").
 */
import type { Match, MatchEvent } from '../model/model.ts';
import { foldText } from '../search/search-text.ts';

export const ALL_EVENTS_CHANNEL = 'todos';
/**
 * The channel of the build notices (event-wire.ts): every stream holds it besides its own, and
 * its items carry no id (nothing to chain, nothing for Pushpin to notice a gap in).
 */
export const BUILD_NOTICE_CHANNEL = 'builds';
/** The previous id of a channel's first kept event (lower than every id): "nothing before". */
export const NO_PREVIOUS_ID = '0000000000000-0000';

const CHANNEL_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Two filters of at most 100 characters, JSON-encoded (up to 4 UTF-8 bytes each), in base64url. */
const FILTER_CHANNEL = /^f\.([A-Za-z0-9_-]{1,1200})$/;

/** A name as a channel key: folded, letters and digits joined by '-' ("Atlético-MG" → atletico-mg); null if none. */
export function channelKeyOf(name: string): string | null {
  const key = foldText(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return key === '' ? null : key;
}

export interface ChannelKey {
  /** Competition key (from the match's competition slug), or null for any. */
  competition: string | null;
  /** Team key (from a side's name), or null for any. */
  team: string | null;
}

export function channelName({ competition, team }: ChannelKey): string {
  if (competition === null) return team === null ? ALL_EVENTS_CHANNEL : `t.${team}`;
  return team === null ? `c.${competition}` : `c.${competition}.t.${team}`;
}

/** The canonical key a channel name stands for; null for a filter channel or a name that is not ours. */
export function parseChannelName(name: string): ChannelKey | null {
  if (name === ALL_EVENTS_CHANNEL) return { competition: null, team: null };
  const parts = name.split('.');
  if (!parts.every((part, index) => (index % 2 === 0 ? part === 'c' || part === 't' : CHANNEL_KEY.test(part)))) {
    return null;
  }
  const [first, firstKey = '', second, secondKey = ''] = parts;
  if (parts.length === 2)
    return first === 'c' ? { competition: firstKey, team: null } : { competition: null, team: firstKey };
  if (parts.length === 4 && first === 'c' && second === 't') return { competition: firstKey, team: secondKey };
  return null;
}

interface MatchKeys {
  competition: string | null;
  home: string | null;
  away: string | null;
}

function matchKeys(match: Match): MatchKeys {
  return {
    competition: channelKeyOf(match.competition.slug),
    home: channelKeyOf(match.homeTeam.name),
    away: channelKeyOf(match.awayTeam.name),
  };
}

/** Whether an event of `match` is published on the channel of `key`. */
export function isMatchOnChannel(match: Match, key: ChannelKey): boolean {
  const keys = matchKeys(match);
  if (key.competition !== null && keys.competition !== key.competition) return false;
  return key.team === null || keys.home === key.team || keys.away === key.team;
}

/** Every channel an event of `match` is published on (each once). */
export function channelsOfMatch(match: Match): string[] {
  const { competition, home, away } = matchKeys(match);
  const teams = [...new Set([home, away].filter((team) => team !== null))];
  const names = [ALL_EVENTS_CHANNEL, ...teams.map((team) => channelName({ competition: null, team }))];
  if (competition !== null) {
    names.push(channelName({ competition, team: null }));
    for (const team of teams) names.push(channelName({ competition, team }));
  }
  return names;
}

export interface ChannelItem {
  channel: string;
  /** The event's id. */
  id: string;
  /** The id of the channel's event before it among `events`, or NO_PREVIOUS_ID. */
  prevId: string;
}

/**
 * Each event (oldest first) on each of its channels, with the previous id on that channel:
 * what the refresher publishes, and what a server computes to tell Pushpin where a channel is.
 */
export function chainChannels(events: readonly Pick<MatchEvent, 'id' | 'match'>[]): {
  items: ChannelItem[][];
  lastIds: Map<string, string>;
} {
  const lastIds = new Map<string, string>();
  const items = events.map(({ id, match }) =>
    channelsOfMatch(match).map((channel): ChannelItem => {
      const prevId = lastIds.get(channel) ?? NO_PREVIOUS_ID;
      lastIds.set(channel, id);
      return { channel, id, prevId };
    }),
  );
  return { items, lastIds };
}

/** The filter channel of a stream's filter: its values, base64url-encoded (only Placar reads it back). */
export function filterChannelName(filter: { team: string | null; competition: string | null }): string {
  return `f.${Buffer.from(JSON.stringify([filter.team, filter.competition]), 'utf8').toString('base64url')}`;
}

/** The filter a filter channel holds, or null when `name` is not one. Its values are checked by the caller. */
export function parseFilterChannelName(name: string): { team: unknown; competition: unknown } | null {
  const encoded = FILTER_CHANNEL.exec(name)?.[1];
  if (encoded === undefined) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    return { team: value[0], competition: value[1] };
  } catch {
    return null;
  }
}
