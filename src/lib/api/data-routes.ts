/**
 * The routes whose output depends on the snapshot: rendered at every refresh from the site
 * bundle (src/pipeline/render-site.ts), where they are on-demand routes (astro.config.mjs),
 * and pre-rendered by a full `astro build`. Everything else in the site (assets, /api/routes)
 * changes only with the code, so it is built once per bundle.
 */
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

/**
 * The routes rendered once per match (/jogo/{id} and its JSON), only for the matches whose data
 * changed: on-demand in the site bundle like the data routes; a full `astro build` has no match
 * to render (their getStaticPaths return none).
 */
export interface MatchRoute {
  /** The page or endpoint module, relative to the project root (Astro's route.component). */
  component: string;
}

export const MATCH_ROUTES: readonly MatchRoute[] = [{ component: 'src/pages/jogo/[...id].astro' }];

export function isDataRouteComponent(component: string): boolean {
  return [...DATA_ROUTES, ...MATCH_ROUTES].some((route) => route.component === component);
}
