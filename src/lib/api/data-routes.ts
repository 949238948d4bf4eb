/**
 * The routes whose output depends on the snapshot: rendered at every refresh from the site
 * bundle (src/refresh/render/render-routes.ts), where they are on-demand routes (astro.config.mjs),
 * and pre-rendered by a full `astro build`. Everything else in the site (assets, /api/routes)
 * changes only with the code, so it is built once per bundle.
 */
import { matchJsonPath, matchPagePath } from '../model/match-paths.ts';
import { teamCalendarPath, teamHomeJsonPath, teamHomePath } from '../model/team-home-paths.ts';

export interface DataRoute {
  /** The page or endpoint module, relative to the project root (Astro's route.component). */
  component: string;
  /** URL path rendered. */
  path: string;
  /** File written in the build's client folder (as `build.format: 'file'` names it). */
  file: string;
}

export const DATA_ROUTES: readonly DataRoute[] = [
  { component: 'src/pages/index.astro', path: '/', file: 'index.html' },
  { component: 'src/pages/hoje.astro', path: '/hoje', file: 'hoje.html' },
  { component: 'src/pages/busca.astro', path: '/busca', file: 'busca.html' },
  { component: 'src/pages/ontem.astro', path: '/ontem', file: 'ontem.html' },
  { component: 'src/pages/amanha.astro', path: '/amanha', file: 'amanha.html' },
  { component: 'src/pages/404.astro', path: '/404', file: '404.html' },
  { component: 'src/pages/api/live.ts', path: '/api/live', file: 'api/live' },
  { component: 'src/pages/api/hoje.ts', path: '/api/hoje', file: 'api/hoje' },
  { component: 'src/pages/api/amanha.ts', path: '/api/amanha', file: 'api/amanha' },
  { component: 'src/pages/api/ontem.ts', path: '/api/ontem', file: 'api/ontem' },
  { component: 'src/pages/api/eventos.ts', path: '/api/eventos', file: 'api/eventos' },
];

/** Each match's page and JSON (src/refresh/render/match-files.ts renders those whose data changed). */
const MATCH_PAGE_COMPONENT = 'src/pages/jogo/[...id].astro';
const MATCH_JSON_COMPONENT = 'src/pages/api/jogo/[...id].ts';

export function buildMatchRoutes(id: string): DataRoute[] {
  return [
    { component: MATCH_PAGE_COMPONENT, path: matchPagePath(id), file: `jogo/${id}.html` },
    { component: MATCH_JSON_COMPONENT, path: matchJsonPath(id), file: `api/jogo/${id}` },
  ];
}

/** Each competition's table page and JSON: in every build, rendered when its data changed (src/refresh/render/table-files.ts). */
const STANDINGS_PAGE_COMPONENT = 'src/pages/tabela/[slug].astro';
const STANDINGS_JSON_COMPONENT = 'src/pages/api/tabela/[slug].ts';

export function buildStandingsRoutes(slug: string): DataRoute[] {
  return [
    { component: STANDINGS_PAGE_COMPONENT, path: `/tabela/${slug}`, file: `tabela/${slug}.html` },
    { component: STANDINGS_JSON_COMPONENT, path: `/api/tabela/${slug}`, file: `api/tabela/${slug}` },
  ];
}

/** The table files a build holds: compressed at the refresh's levels, like the data routes. */
export function isStandingsFile(file: string): boolean {
  return file.startsWith('tabela/') || file.startsWith('api/tabela/');
}

/** Each team's home, its JSON and its calendar: in every build, rendered when its data changed (team-home-files.ts). */
export const TEAM_HOME_PAGE_COMPONENT = 'src/pages/time/[slug].astro';
const TEAM_HOME_JSON_COMPONENT = 'src/pages/api/time/[slug].ts';
export const TEAM_CALENDAR_COMPONENT = 'src/pages/api/time/[slug].ics.ts';

export function buildTeamHomeRoutes(slug: string): DataRoute[] {
  return [
    { component: TEAM_HOME_PAGE_COMPONENT, path: teamHomePath(slug), file: `time/${slug}.html` },
    { component: TEAM_HOME_JSON_COMPONENT, path: teamHomeJsonPath(slug), file: `api/time/${slug}` },
    { component: TEAM_CALENDAR_COMPONENT, path: teamCalendarPath(slug), file: `api/time/${slug}.ics` },
  ];
}

/** The team home files a build holds: compressed at the refresh's levels, like the data routes. */
export function isTeamHomeFile(file: string): boolean {
  return file.startsWith('time/') || file.startsWith('api/time/');
}

/** Each past day's page and JSON (src/refresh/render/archive-files.ts renders them when the day's listing changes). */
const DAY_PAGE_COMPONENT = 'src/pages/dia/[dia].astro';
const DAY_JSON_COMPONENT = 'src/pages/api/dia/[dia].ts';

export function isDataRouteComponent(component: string): boolean {
  return (
    component === MATCH_PAGE_COMPONENT ||
    component === DAY_PAGE_COMPONENT ||
    component === DAY_JSON_COMPONENT ||
    component === STANDINGS_PAGE_COMPONENT ||
    component === STANDINGS_JSON_COMPONENT ||
    component === TEAM_HOME_PAGE_COMPONENT ||
    component === TEAM_HOME_JSON_COMPONENT ||
    component === TEAM_CALENDAR_COMPONENT ||
    component === MATCH_JSON_COMPONENT ||
    DATA_ROUTES.some((route) => route.component === component)
  );
}
