/**
 * Each team's /time/{slug}, /api/time/{slug} and /api/time/{slug}.ics in a build: rendered only when its home
 * changed since the build before, else carried from that build (carried-files.ts). Its `generatedAt` (the listings'
 * time) does not decide it: a team with nothing new keeps the files, and the time, of the build that last changed
 * them, so a refresh renders the homes of the teams whose matches moved, not the thousands of every listed team.
 */
import { buildTeamHomeRoutes } from '../../lib/api/data-routes.ts';
import type { TeamHomePageData } from '../../lib/display/team-home-data.ts';
import { type CarriedFilesInput, makeCarriedFiles } from './carried-files.ts';

const withoutTime = ({ envelope: { generatedAt: _generatedAt, ...envelope }, ...data }: TeamHomePageData): unknown => ({
  ...data,
  envelope,
});

/**
 * Homes rendered in one build at most: a day of thousands of teams (a first build, a new site bundle) is made over a
 * few refreshes, its live teams first, instead of one build past BUILD_TIMEOUT_MS failing again at every refresh.
 */
export const TEAM_HOMES_PER_BUILD = 400;

/** Writes every team's home of `pages` into the build; returns how many were rendered (the others were carried). */
export function makeTeamHomeFiles(input: CarriedFilesInput<TeamHomePageData>): Promise<{ rendered: number }> {
  return makeCarriedFiles(
    { name: 'team-homes', routesOf: buildTeamHomeRoutes, dataOf: withoutTime, maxRendered: TEAM_HOMES_PER_BUILD },
    input,
  );
}
