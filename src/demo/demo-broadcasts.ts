/**
 * Where to watch a demo match: the channel row its page writes, drawn from the seed so a match
 * names the same channels on every refresh. About a third of the matches name none, as on the
 * upstream, so the demo shows the section both present and absent.
 */
import type { Broadcast } from '../lib/model/model.ts';
import { seededInt } from './seeded-random.ts';

const CHANNELS: readonly Broadcast[] = [
  { channel: 'SporTV', note: null },
  { channel: 'SporTV', note: '7 dias grátis' },
  { channel: 'Premiere', note: null },
  { channel: 'TV Globo', note: null },
  { channel: 'Globoplay', note: 'no app' },
  { channel: 'ESPN', note: null },
  { channel: 'Prime Video', note: null },
  { channel: 'CazéTV', note: 'YouTube' },
];

/** One to three channels, in a seeded order, each named once; [] for about a third of the matches. */
export function demoBroadcasts(seed: number, matchKey: string): Broadcast[] {
  const count = seededInt(seed, `${matchKey}:broadcasts`, -1, 3);
  const chosen: Broadcast[] = [];
  for (let draw = 0; chosen.length < count && draw < 12; draw++) {
    const candidate = CHANNELS[seededInt(seed, `${matchKey}:broadcast:${draw}`, 0, CHANNELS.length - 1)];
    if (candidate && !chosen.some((broadcast) => broadcast.channel === candidate.channel)) chosen.push(candidate);
  }
  return chosen;
}

/** "SporTV (7 dias grátis), Premiere": the row's text as the upstream writes it. */
export function writeBroadcastsText(broadcasts: readonly Broadcast[]): string {
  return broadcasts.map(({ channel, note }) => (note === null ? channel : `${channel} (${note})`)).join(', ');
}
