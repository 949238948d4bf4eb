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
import { type CarriedFilesInput, makeCarriedFiles } from './carried-files.ts';
import { withoutClock } from './without-clock.ts';

/**
 * What each file of a home is made from. The JSON: the data but its time. The page: that without the clocks of the
 * matches in play, which it asks its JSON for as it opens (src/client/team/team-home.ts), so a goal or a status
 * renders it again and a minute does not; with no match in play, the JSON's very value (hashed once). The calendar:
 * what it says (team-calendar.ts), no live score or minute.
 */
function fileData(data: TeamHomePageData): (route: DataRoute) => unknown {
  const { generatedAt: _generatedAt, ...envelope } = data.envelope;
  const json = { ...data, envelope };
  const page =
    envelope.live.length === 0 ? json : { ...data, envelope: { ...envelope, live: envelope.live.map(withoutClock) } };
  return (route) => {
    if (route.component === TEAM_CALENDAR_COMPONENT) return teamCalendarSource(data);
    return route.component === TEAM_HOME_PAGE_COMPONENT ? page : json;
  };
}

/**
 * Homes rendered in one build at most: a day of thousands of teams (a first build, a new site bundle) is made over a
 * few refreshes, its live teams first, instead of one build past BUILD_TIMEOUT_MS failing again at every refresh.
 */
export const TEAM_HOMES_PER_BUILD = 400;

/** Writes every team's home of `pages` into the build; returns how many were rendered (the others were carried). */
export function makeTeamHomeFiles(input: CarriedFilesInput<TeamHomePageData>): Promise<{ rendered: number }> {
  return makeCarriedFiles(
    { name: 'team-homes', routesOf: buildTeamHomeRoutes, fileData, maxRendered: TEAM_HOMES_PER_BUILD },
    input,
  );
}
