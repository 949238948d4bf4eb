/**
 * Each team's /time/{slug}, /api/time/{slug} and /api/time/{slug}.ics in a build: each file rendered only when what
 * it shows changed since the build before, else carried from that build (carried-files.ts). Its `generatedAt` (the
 * listings' time) does not decide it: a team with nothing new keeps the files, and the time, of the build that last
 * changed them, so a refresh renders the homes of the teams whose matches moved, not the thousands of every listed
 * team; and of those, while only a clock moves, the JSON alone.
 */
import {
  buildTeamHomeRoutes,
  type DataRoute,
  TEAM_CALENDAR_COMPONENT,
  TEAM_HOME_PAGE_COMPONENT,
} from '../../lib/api/data-routes.ts';
import { teamCalendarSource } from '../../lib/display/team-calendar.ts';
import type { TeamHomePageData } from '../../lib/display/team-home-data.ts';
import type { Match } from '../../lib/model/model.ts';
import { type CarriedFilesInput, makeCarriedFiles } from './carried-files.ts';

/** A match in play without what moves every minute (as a match page's key, match-files.ts). */
const withoutClock = (match: Match): Match => ({ ...match, minute: null, injuryTime: null, statusLabel: '' });

/** The page's and the JSON's values of each home being built (a refresh's data: let go with it). */
const viewsOf = new WeakMap<TeamHomePageData, { json: unknown; page: unknown }>();

/**
 * What each file of a home is made from. The JSON: the data but its time. The page: that without the clocks of the
 * matches in play, which it asks its JSON for as it opens (src/client/team/team-home.ts), so a goal or a status
 * renders it again and a minute does not. The calendar: what it says (team-calendar.ts), no live score or minute.
 */
function fileData(data: TeamHomePageData, route: DataRoute): unknown {
  if (route.component === TEAM_CALENDAR_COMPONENT) return teamCalendarSource(data);
  let views = viewsOf.get(data);
  if (views === undefined) {
    const { generatedAt: _generatedAt, ...envelope } = data.envelope;
    const json = { ...data, envelope };
    // No match in play: the page is made from the very value of the JSON (hashed once, carried-files.ts).
    const page =
      envelope.live.length === 0 ? json : { ...data, envelope: { ...envelope, live: envelope.live.map(withoutClock) } };
    views = { json, page };
    viewsOf.set(data, views);
  }
  return route.component === TEAM_HOME_PAGE_COMPONENT ? views.page : views.json;
}

/**
 * Homes rendered in one build at most: a day of thousands of teams (a first build, a new site bundle) is made over a
 * few refreshes, its live teams first, instead of one build past BUILD_TIMEOUT_MS failing again at every refresh.
 */
export const TEAM_HOMES_PER_BUILD = 400;

/** Writes every team's home of `pages` into the build; returns how many were rendered (the others were carried). */
export function makeTeamHomeFiles(input: CarriedFilesInput<TeamHomePageData>): Promise<{ rendered: number }> {
  return makeCarriedFiles(
    { name: 'team-homes', routesOf: buildTeamHomeRoutes, dataOf: fileData, maxRendered: TEAM_HOMES_PER_BUILD },
    input,
  );
}
