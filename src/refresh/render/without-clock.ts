/**
 * A match in play without what moves every minute (the minute, added time, the status line that prints them): what
 * the page of a match, or of a team playing one, is keyed by, since the page asks its JSON for the clock as it opens.
 */
import type { Match } from '../../lib/model/model.ts';

export function withoutClock(match: Match): Match {
  return { ...match, minute: null, injuryTime: null, statusLabel: '' };
}
